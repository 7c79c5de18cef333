import type { CompiledResourcePage, ResourceCallName } from '../../runtime/model/pages';
import type { CallOptions, DataProvider, DictionaryEntry, ListQuery, RecordPage, RecordRow, ResourceMethod } from './provider';

/**
 * The data provider of an admin resource page: the renderers' record calls (list, record,
 * create, update, delete) go to the page's REST calls instead of visualdev records; every other
 * call (dictionaries, option interfaces) goes to the app's provider as before. The list, form
 * and dialogs stay the model pages' own: only where rows come from and go to changes.
 */

/** The left tree of a resource page is asked for as this dictionary id (ListTree reads dictionaries). */
export const resourceTreeId = (pageId: string) => `resource-tree:${pageId}`;

/** A field's propsUrl naming one of the page's option sources. */
export const RESOURCE_SOURCE = 'resource:';

const PAGING_KEYS = new Set(['currentPage', 'pageSize', 'keyword', 'sidx', 'sort']);

/** `PUT /api/x/{id}/Actions/State` with the row → method and address. */
export function resolveCall(call: string, values: Record<string, unknown>): { method: ResourceMethod; url: string } {
  const at = call.indexOf(' ');
  const method = call.slice(0, at) as ResourceMethod;
  const url = call.slice(at + 1).replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(values[key] ?? '')));
  return { method, url };
}

/** Rows of any reply a resource answers with: a paged list, `{ list }` (trees, selectors), or an array. */
export function pageOf(reply: unknown, query: Partial<ListQuery>): RecordPage {
  const r = (reply ?? {}) as Partial<RecordPage>;
  const list = Array.isArray(reply) ? (reply as RecordRow[]) : Array.isArray(r.list) ? r.list : [];
  const pagination = r.pagination ?? { currentPage: Number(query.currentPage ?? 1), pageSize: Math.max(list.length, Number(query.pageSize ?? 0)), total: list.length };
  return { list, pagination };
}

/** Search values to query parameters: arrays (a left-tree node and its subtree, a range) give their first value or a joined list. */
function paramsOf(query: Record<string, unknown>, treeParam: string | null): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (!value.length) continue;
      // the left tree sends the chosen node and its descendants: the server scopes by the node
      params[key] = key === treeParam ? value[0] : value.join(',');
    } else params[key] = PAGING_KEYS.has(key) || typeof value !== 'object' ? value : JSON.stringify(value);
  }
  return params;
}

/** A tree reply: each node's children, so a tree table (list type 5) opens rows without asking again. */
function indexChildren(rows: RecordRow[], into: Map<string, RecordRow[]>): RecordRow[] {
  return rows.map((row) => {
    const children = Array.isArray(row.children) ? (row.children as RecordRow[]) : null;
    if (children) into.set(String(row.id), indexChildren(children, into));
    const { children: _drop, ...rest } = row;
    return { ...rest, hasChildren: row.hasChildren ?? Boolean(children?.length) };
  });
}

/** `treeParam`: the list parameter a left-tree node sets (the resource's tree, or a dictionary tree's relation field). */
export function createResourceDataProvider(page: CompiledResourcePage, outer: DataProvider, treeParam: string | null = page.tree?.param ?? null): DataProvider {
  const seen = new Map<string, RecordRow>();
  const children = new Map<string, RecordRow[]>();

  /** The call for a row: a variant's when the row's field holds its value, else the page's. */
  const callFor = (name: ResourceCallName, row: Record<string, unknown> | undefined): string => {
    const variant = row ? page.variants.find((v) => String(row[v.field] ?? '') === v.value && v.calls[name]) : undefined;
    const call = variant?.calls[name] ?? page.calls[name];
    if (!call) throw new Error(`resource page ${page.id} has no ${name} call`);
    return call;
  };
  const run = (name: ResourceCallName, row: Record<string, unknown> | undefined, values: Record<string, unknown>, data?: Record<string, unknown>) => {
    const { method, url } = resolveCall(callFor(name, row), values);
    return outer.resourceCall(method, url, data);
  };
  const remember = (rows: RecordRow[]) => {
    for (const row of rows) if (row.id !== undefined) seen.set(String(row.id), row);
    return rows;
  };

  const overrides: Partial<DataProvider> = {
    keywordSearchOnly: true,
    async listRecords(_modelId, query) {
      const { parentId, ...rest } = query as ListQuery & { parentId?: string };
      if (parentId !== undefined && !page.calls.children && children.has(String(parentId))) {
        const rows = remember(children.get(String(parentId))!);
        return { list: rows, pagination: { currentPage: 1, pageSize: rows.length, total: rows.length } };
      }
      const name: ResourceCallName = parentId !== undefined && page.calls.children ? 'children' : 'list';
      const reply = await run(name, undefined, { parentId }, paramsOf(rest, treeParam));
      const paged = pageOf(reply, query);
      return { ...paged, list: remember(indexChildren(paged.list, children)) };
    },
    async getRecord(_modelId, id) {
      const reply = (await run('info', seen.get(id), { id })) as RecordRow;
      return { record: reply ?? {}, refs: {} };
    },
    createRecord: (_modelId, data) => run('create', data, data, data),
    updateRecord: (_modelId, id, data) => run('update', { ...seen.get(id), ...data }, { ...data, id }, { ...data, id }),
    deleteRecord: (_modelId, id) => run('delete', seen.get(id), { id }),
    async batchDelete(_modelId, ids) {
      for (const id of ids) await run('delete', seen.get(id), { id });
      return undefined;
    },
    exportRecords: () => Promise.reject(new Error(`resource page ${page.id} has no export`)),
    async dataInterface(id, paramList, options) {
      const source = id.startsWith(RESOURCE_SOURCE) ? page.sources[id.slice(RESOURCE_SOURCE.length)] : undefined;
      if (!source) return outer.dataInterface(id, paramList, options);
      const { method, url } = resolveCall(source, {});
      return pageOf(await outer.resourceCall(method, url), {}).list;
    },
    async dictionary(typeId: string, isTree: boolean, options?: CallOptions): Promise<DictionaryEntry[]> {
      if (!page.tree || typeId !== resourceTreeId(page.id)) return outer.dictionary(typeId, isTree, options);
      const { method, url } = resolveCall(page.tree.call, {});
      return pageOf(await outer.resourceCall(method, url), {}).list as DictionaryEntry[];
    },
  };
  return withOverrides(outer, overrides);
}

/** A provider answering some calls itself and passing the rest to `outer` (which may itself be a proxy: spreading it would lose them). */
export function withOverrides(outer: DataProvider, overrides: Partial<DataProvider>): DataProvider {
  return new Proxy(overrides as DataProvider, {
    get: (target, name: string) => (target as unknown as Record<string, unknown>)[name] ?? (outer as unknown as Record<string, unknown>)[name],
  });
}
