import type { AreaRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';

/** An area row with whether anything lies below it (`enabledOnly`: anything enabled). */
export type AreaWithChildren = AreaRow & { hasChildren: boolean };

function withChildFlag(db: DbOrTrx, enabledOnly: boolean) {
  return db.selectFrom('baseArea as a').selectAll('a').select((eb) => {
    let below = eb.selectFrom('baseArea as c').select('c.id').whereRef('c.parentId', '=', 'a.id');
    if (enabledOnly) below = below.where('c.enabledMark', '=', 1);
    return eb.exists(below).as('hasChildren');
  });
}

const flagged = (rows: (AreaRow & { hasChildren: unknown })[]): AreaWithChildren[] => rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren) }));

/** The divisions directly below `parentId` ('-1': provinces), in display order. */
export async function childrenOf(db: DbOrTrx, parentId: string, options: { enabledOnly?: boolean } = {}): Promise<AreaWithChildren[]> {
  let q = withChildFlag(db, Boolean(options.enabledOnly)).where('a.parentId', '=', parentId);
  if (options.enabledOnly) q = q.where('a.enabledMark', '=', 1);
  return flagged(await q.orderBy('a.sortCode').orderBy('a.id').execute());
}

export async function areasByIds(db: DbOrTrx, ids: readonly string[]): Promise<AreaWithChildren[]> {
  if (ids.length === 0) return [];
  return flagged(await withChildFlag(db, false).where('a.id', 'in', [...new Set(ids)]).execute());
}

/**
 * Divisions whose name, code or pinyin initials contain the keyword, by code, at most `limit`.
 * Case-insensitive on both dialects (PostgreSQL's LIKE is case-sensitive).
 */
export async function searchAreas(db: DbOrTrx, keyword: string, limit: number): Promise<AreaRow[]> {
  const lower = `%${keyword.replace(/[%_\\]/g, '').toLowerCase()}%`;
  return db
    .selectFrom('baseArea')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', lower), eb(eb.fn('lower', ['enCode']), 'like', lower), eb(eb.fn('lower', ['quickQuery']), 'like', lower)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findArea(db: DbOrTrx, id: string) {
  return db.selectFrom('baseArea').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function areaCodeTaken(db: DbOrTrx, enCode: string): Promise<boolean> {
  const row = await db.selectFrom('baseArea').select('id').where((eb) => eb.or([eb('enCode', '=', enCode), eb('id', '=', enCode)])).executeTakeFirst();
  return Boolean(row);
}

export async function countChildAreas(db: DbOrTrx, id: string): Promise<number> {
  const row = await db.selectFrom('baseArea').select((eb) => eb.fn.countAll<number>().as('n')).where('parentId', '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The rows of `rows` plus all their ancestors. Divisions are four levels deep at most, so a
 * few rounds of one query each reach the provinces.
 */
export async function withAncestorRows(db: DbOrTrx, rows: readonly AreaRow[]): Promise<AreaRow[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let missing = [...new Set(rows.map((r) => r.parentId))].filter((id) => id !== '-1' && !byId.has(id));
  for (let round = 0; missing.length > 0 && round < 8; round++) {
    const parents = await db.selectFrom('baseArea').selectAll().where('id', 'in', missing).execute();
    for (const p of parents) byId.set(p.id, p);
    missing = [...new Set(parents.map((p) => p.parentId))].filter((id) => id !== '-1' && !byId.has(id));
  }
  return [...byId.values()];
}

/** Which of `ids` have divisions below them. */
export async function idsWithChildren(db: DbOrTrx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('baseArea').select('parentId').distinct().where('parentId', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.parentId));
}
