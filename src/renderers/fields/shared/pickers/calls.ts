import type { RefKind } from '../../../../runtime/kinds';
import type { DataProvider } from '../../../data/provider';
import { splitTypedId, type PickerNode } from './selection';
import { RefNameBatcher } from './names';

/**
 * The server calls of the pickers, through the data provider's plain REST call (renderers never
 * fetch). Each is a signed-in call that answers only what the caller may see (the server's
 * picker scope: server/modules/permission/users/visibility.ts and organize/access.ts).
 */
const PERMISSION = '/api/permission';
const AREA = '/api/system/Area';

type ListReply<T> = { list?: T[] } | T[] | null | undefined;
const listOf = <T,>(reply: ListReply<T>): T[] => (Array.isArray(reply) ? reply : (reply?.list ?? []));

const get = async <T,>(data: DataProvider, url: string, query?: Record<string, unknown>) => (await data.resourceCall('GET', url, query)) as T;
const post = async <T,>(data: DataProvider, url: string, body: Record<string, unknown>) => (await data.resourceCall('POST', url, body)) as T;

/** Which picked types the users' "selected by ids" call looks up for a kind of reference. */
const SELECTED_TYPE: Record<Exclude<RefKind, 'area'>, string> = { user: 'user', organize: 'organize', position: 'position', role: 'role', group: 'group' };
/** The users' call takes at most 5,000 ids; the area call at most 500 paths of at most 10 codes. */
const SELECTED_MAX = 5000;
const AREA_PATHS_MAX = 500;
const AREA_PATH_LEN = 10;

const chunks = <T,>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Names by id for one kind of reference: one request for a page (more only beyond the server's per-call limits). */
export async function fetchNames(data: DataProvider, ref: RefKind, ids: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (ref === 'area') {
    // Codes travel packed as "paths" of up to 10; the reply names them in order. A path with an
    // unknown code comes back shorter, so its codes are asked again one by one.
    const packed = chunks(ids, AREA_PATH_LEN);
    const retry: string[] = [];
    for (const part of chunks(packed, AREA_PATHS_MAX)) {
      const names = await post<string[][]>(data, `${AREA}/GetAreaByIds`, { idsList: part });
      part.forEach((path, i) => {
        const got = names?.[i] ?? [];
        if (got.length === path.length) path.forEach((id, j) => (out[id] = got[j]!));
        else retry.push(...path);
      });
    }
    for (const part of chunks(retry, AREA_PATHS_MAX)) {
      const names = await post<string[][]>(data, `${AREA}/GetAreaByIds`, { idsList: part.map((id) => [id]) });
      part.forEach((id, i) => {
        const got = names?.[i]?.[0];
        if (got) out[id] = got;
      });
    }
    return out;
  }
  // An id may already carry its type (usersSelect stores 'id--department'); it is asked as it is.
  const ORGANIZE = ['organize', 'company', 'department'];
  const sameType = (asked: string, answered: string) => asked === answered || (ORGANIZE.includes(asked) && ORGANIZE.includes(answered));
  for (const part of chunks(ids, SELECTED_MAX)) {
    const asked = part.map((raw) => {
      const typed = splitTypedId(raw);
      return typed.type ? { raw, ...typed } : { raw, id: raw, type: SELECTED_TYPE[ref] };
    });
    const reply = await post<ListReply<{ id: string; fullName: string; type: string }>>(data, `${PERMISSION}/Users/getSelectedList`, { ids: asked.map((a) => `${a.id}--${a.type}`) });
    const answers = listOf(reply);
    for (const a of asked) {
      const hit = answers.find((item) => item.id === a.id && sameType(a.type, item.type));
      if (hit) out[a.raw] = hit.fullName;
    }
  }
  return out;
}

/** One batcher per data provider: every picker cell and view of the app shares it. */
const batchers = new WeakMap<DataProvider, RefNameBatcher>();
export function batcherOf(data: DataProvider): RefNameBatcher {
  let batcher = batchers.get(data);
  if (!batcher) {
    batcher = new RefNameBatcher((ref, ids) => fetchNames(data, ref, ids));
    batchers.set(data, batcher);
  }
  return batcher;
}

type AreaHit = PickerNode & { enabledMark?: number };
/** The picker offers enabled divisions only (as its Selector call does); search answers them all. */
export function enabledOnly(nodes: readonly AreaHit[]): PickerNode[] {
  return nodes.filter((n) => n.enabledMark !== 0).map((n) => ({ ...n, children: enabledOnly(n.children ?? []) }));
}

/** Tree and list sources of the pickers. */
export const pickerCalls = {
  /** Organisations: the caller's own (auth mode, optionally companies only), those below given ids (custom), or all enabled. */
  organizations: (data: DataProvider, o: { auth?: boolean; companiesOnly?: boolean; ableIds?: string[] }) =>
    o.auth
      ? get<ListReply<PickerNode>>(data, `${PERMISSION}/Organize/SelectorByAuth/0`, o.companiesOnly ? { category: 'company' } : undefined).then(listOf)
      : post<ListReply<PickerNode>>(data, `${PERMISSION}/Organize/OrganizeCondition`, { departIds: o.ableIds ?? [] }).then(listOf),
  /** Companies and departments (companies as folders); custom mode: the given departments and below. */
  departments: (data: DataProvider, o: { ableIds?: string[] }) =>
    o.ableIds?.length
      ? post<ListReply<PickerNode>>(data, `${PERMISSION}/Organize/OrganizeCondition`, { departIds: o.ableIds }).then(listOf)
      : get<ListReply<PickerNode>>(data, `${PERMISSION}/Organize/Department/SelectorByAuth/0`).then(listOf),
  /** Positions as leaves under their organisations; custom mode: the given positions. */
  positions: (data: DataProvider, o: { ableIds?: string[] }) =>
    o.ableIds?.length
      ? post<ListReply<PickerNode>>(data, `${PERMISSION}/Position/PositionCondition`, { positionIds: o.ableIds }).then(listOf)
      : get<ListReply<PickerNode>>(data, `${PERMISSION}/Position/Selector`).then(listOf),
  groups: (data: DataProvider) => get<ListReply<PickerNode>>(data, `${PERMISSION}/Group/Selector`).then(listOf),
  roles: (data: DataProvider) => get<ListReply<PickerNode>>(data, `${PERMISSION}/Role/Selector`).then(listOf),
  /**
   * Divisions matching a keyword (name, code or initials; the server's first 200 matches) as a
   * tree from the provinces down to each match; disabled ones (and what is below them) dropped.
   */
  areaSearch: (data: DataProvider, keyword: string) =>
    get<ListReply<PickerNode & { enabledMark?: number }>>(data, `${AREA}/-1`, { keyword: keyword.trim().slice(0, 50) }).then((reply) => enabledOnly(listOf(reply))),
  /** Areas below a code ('-1' = provinces), enabled only. */
  areas: (data: DataProvider, parentId: string) => get<ListReply<PickerNode>>(data, `${AREA}/${encodeURIComponent(parentId)}/Selector/0`).then(listOf),
};
