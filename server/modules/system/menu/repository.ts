import type { Db } from '../../../db';
import type { ModuleRow } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { nameIn, translationsOf } from '../../../http/translations';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { Locale } from '../../../../src/runtime/i18n';
import { readProperties } from '../../../../src/runtime/menu/routes';

type DbOrTrx = Pick<Db, 'selectFrom' | 'deleteFrom' | 'insertInto' | 'updateTable'>;

export async function findEntry(db: DbOrTrx, id: string): Promise<ModuleRow> {
  const row = await db.selectFrom('baseModule').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'menuAdmin.notFound');
  return row;
}

export async function codeTaken(db: DbOrTrx, enCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('baseModule').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The ids of an entry's descendants (not the entry), breadth first. */
export function descendantIds(rows: readonly Pick<ModuleRow, 'id' | 'parentId'>[], id: string): string[] {
  const byParent = new Map<string, string[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r.id]);
  const out: string[] = [];
  const queue = [...(byParent.get(id) ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    if (out.includes(next)) continue; // a stored cycle must not loop forever
    out.push(next);
    queue.push(...(byParent.get(next) ?? []));
  }
  return out;
}

/** An entry as the screen reads it. */
export function entryView(r: ModuleRow, locale: Locale, fileCodes: ReadonlySet<string>, hasChildren = false) {
  const names = translationsOf(r.fullNameI18n);
  const { moduleId, isTree } = readProperties(r.propertyJson);
  return {
    id: r.id, parentId: r.parentId, systemId: r.systemId, type: Number(r.type), fullName: r.fullName, fullName_i18n: names,
    fullNameZhTW: names?.['zh-TW'] ?? null, fullNameEn: names?.en ?? null, title: nameIn(locale, r), enCode: r.enCode, icon: r.icon,
    urlAddress: r.urlAddress, linkTarget: r.linkTarget, moduleId, isTree: isTree ? 1 : 0, propertyJson: r.propertyJson, isHidden: Number(r.isHidden),
    sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), description: r.description, fromFile: fileCodes.has(r.enCode), createdAt: Number(r.createdAt), hasChildren,
  };
}

export type EntryNode = ReturnType<typeof entryView> & { children: EntryNode[] };

/** The rows as a tree in menu order (sort code, then id); rows whose parent is missing become roots. */
export function buildTree<T extends { id: string; parentId: string; sortCode: number; hasChildren: boolean; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const parent = n.parentId !== '-1' ? byId.get(n.parentId) : undefined;
    if (parent && parent !== n) parent.children.push(n);
    else roots.push(n);
  }
  const order = (list: T[]) => {
    list.sort((a, b) => a.sortCode - b.sortCode || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const n of list) {
      n.hasChildren = n.children.length > 0;
      order(n.children);
    }
  };
  order(roots);
  return roots;
}

/** Keeps the nodes matching `keep` with their ancestors (a match keeps its whole subtree). */
export function filterTree<T extends { children: T[] }>(nodes: T[], keep: (n: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if (keep(n)) out.push(n);
    else {
      const children = filterTree(n.children, keep);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}

/**
 * Removes an entry with what hangs on it: its permission items, data-scope schemes, the grants of
 * all three and users' column settings; remembers its code so schemas/menu.json does not add it again.
 */
export async function deleteEntry(trx: DbOrTrx, row: ModuleRow, userId: string | null, now = Date.now()): Promise<void> {
  const itemIds = (await trx.selectFrom('baseModuleItem').select('id').where('moduleId', '=', row.id).execute()).map((r) => r.id);
  const schemeIds = (await trx.selectFrom('baseModuleDataScheme').select('id').where('moduleId', '=', row.id).execute()).map((r) => r.id);
  await trx.deleteFrom('baseAuthorize').where('itemType', '=', 'module').where('itemId', '=', row.id).execute();
  if (itemIds.length) await trx.deleteFrom('baseAuthorize').where('itemType', 'in', ['button', 'column', 'form']).where('itemId', 'in', itemIds).execute();
  if (schemeIds.length) await trx.deleteFrom('baseAuthorize').where('itemType', '=', 'resource').where('itemId', 'in', schemeIds).execute();
  await trx.deleteFrom('baseModuleItem').where('moduleId', '=', row.id).execute();
  await trx.deleteFrom('baseModuleDataScheme').where('moduleId', '=', row.id).execute();
  await trx.deleteFrom('baseColumnsPurview').where('moduleId', '=', row.id).execute();
  await trx.deleteFrom('baseModule').where('id', '=', row.id).execute();
  await trx.deleteFrom('baseModuleRemoved').where('enCode', '=', row.enCode).execute();
  await trx.insertInto('baseModuleRemoved').values({ enCode: row.enCode, removedAt: now, removedBy: userId }).execute();
}

/** A code given to an entry again is no longer "removed". */
export async function forgetRemoved(trx: DbOrTrx, enCode: string): Promise<void> {
  await trx.deleteFrom('baseModuleRemoved').where('enCode', '=', enCode).execute();
}
