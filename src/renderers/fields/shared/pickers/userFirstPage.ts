import type { DataProvider } from '../../../data/provider';
import type { PickerNode } from './selection';

const USERS = '/api/permission/Users';
type Page = { list?: PickerNode[] } | PickerNode[] | null | undefined;
const listOf = (reply: Page): PickerNode[] => (Array.isArray(reply) ? reply : (reply?.list ?? []));

/** One level of the user picker's organisation tree ('0': the top), users as leaves. */
export const getOrganization = async (data: DataProvider, organizeId: string) => listOf((await data.resourceCall('GET', `${USERS}/getOrganization`, { organizeId })) as Page);

/** Whether a node of the tree opens (organisations that may hold someone). */
export const opensInTree = (node: PickerNode) => node.type !== 'user' && node.hasChildren !== false;

/**
 * The first page of 全部数据: the top level and the first root's level (shown open, widgets spec
 * 2.1). The first root's id is only known from the top's answer, so the two calls would run one
 * after the other; the id the last opening found is asked together with the top instead, and used
 * when the top still starts with it (else, and on the first opening, the level is asked after).
 * `ready` holds both once answered, so a tree mounting after that draws them in its first render;
 * a failed first-root call leaves that level to open lazily.
 */
export interface FirstPage {
  ready?: { roots: PickerNode[]; opened: Map<string, PickerNode[]> };
  done: Promise<NonNullable<FirstPage['ready']>>;
}

/** The first root's id per data provider (one signed-in session), from the last opening. */
const lastFirstRoot = new WeakMap<DataProvider, string>();

export function fetchFirstPage(data: DataProvider): FirstPage {
  const guess = lastFirstRoot.get(data);
  const guessed = guess === undefined ? undefined : getOrganization(data, guess);
  guessed?.catch(() => undefined); // a wrong guess is dropped, its failure too
  const page: FirstPage = {
    done: getOrganization(data, '0').then(async (roots) => {
      const opened = new Map<string, PickerNode[]>();
      const first = roots[0];
      if (first) lastFirstRoot.set(data, first.id);
      if (first && opensInTree(first)) {
        const level = first.id === guess && guessed ? guessed : getOrganization(data, first.id);
        await level.then((list) => opened.set(first.id, list), () => undefined);
      }
      return (page.ready = { roots, opened });
    }),
  };
  page.done.catch(() => undefined); // the tree shows an empty list on failure; no unhandled rejection meanwhile
  return page;
}
