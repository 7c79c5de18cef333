import type { DataProvider } from '../../../data/provider';
import type { PickerNode } from './selection';

const USERS = '/api/permission/Users';
type Page = { list?: PickerNode[] } | PickerNode[] | null | undefined;
const listOf = (reply: Page): PickerNode[] => (Array.isArray(reply) ? reply : (reply?.list ?? []));

/** One level of the user picker's organisation tree ('0': the top), users as leaves. */
export const getOrganization = async (data: DataProvider, organizeId: string, openFirst = false) =>
  listOf((await data.resourceCall('GET', `${USERS}/getOrganization`, openFirst ? { organizeId, openFirst: true } : { organizeId })) as Page);

/** Whether a node of the tree opens (organisations that may hold someone). */
export const opensInTree = (node: PickerNode) => node.type !== 'user' && node.hasChildren !== false;

/**
 * The first page of 全部数据: the top level and the first root's level (shown open, widgets spec
 * 2.1), in one call (openFirst: the server puts the first root's level in its children; two calls
 * in order cost a second round trip). `ready` holds both once answered, so a tree mounting after
 * that draws them in its first render.
 */
export interface FirstPage {
  ready?: { roots: PickerNode[]; opened: Map<string, PickerNode[]> };
  done: Promise<NonNullable<FirstPage['ready']>>;
}

export function fetchFirstPage(data: DataProvider): FirstPage {
  const page: FirstPage = {
    done: getOrganization(data, '0', true).then((top) => {
      const opened = new Map<string, PickerNode[]>();
      const first = top[0];
      const roots = top.map((node) => (node.children?.length ? { ...node, children: [] } : node));
      if (first && opensInTree(first) && first.children?.length) opened.set(first.id, first.children);
      return (page.ready = { roots, opened });
    }),
  };
  page.done.catch(() => undefined); // the tree shows an empty list on failure; no unhandled rejection meanwhile
  return page;
}
