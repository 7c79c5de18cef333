import type { Kysely, Transaction } from 'kysely';
import type { Database, DictionaryDataRow, DictionaryTypeRow } from '../../db/schema';
import { KeptValues } from '../../cache/invalidation';
import type { Locale } from '../../../src/runtime/i18n';
import { typeView } from './schemas';
import { buildTree, type TreeNode } from './tree';

/** The database or a transaction: every repository function takes one as its first argument. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/**
 * Every category, kept in memory per database handle until a committed write to the table
 * (server/cache/invalidation.ts): categories change rarely and every dictionary screen and
 * picker reads them all. Frozen, as callers share them.
 */
const allTypes = new KeptValues<readonly DictionaryTypeRow[]>(['base_dictionary_type'], null);

export async function typeTree(db: DbOrTrx, locale: Locale): Promise<readonly TreeNode<ReturnType<typeof typeView>>[]> {
  // not kept itself: the route keeps its serialised reply (server/http/kept-reply.ts)
  return buildTree((await listTypes(db)).map((r) => typeView(r, locale)));
}

export async function listTypes(db: DbOrTrx): Promise<readonly DictionaryTypeRow[]> {
  const rows = await allTypes.get(db, '', async () => {
    const read = await db.selectFrom('baseDictionaryType').selectAll().orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
    return Object.freeze(read.map((row) => Object.freeze(row)));
  });
  return rows!;
}

export function findType(db: DbOrTrx, id: string) {
  return db.selectFrom('baseDictionaryType').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Model descriptors reference a category by id or by enCode: accept either. */
export function findTypeByIdOrCode(db: DbOrTrx, idOrCode: string) {
  return db
    .selectFrom('baseDictionaryType')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .orderBy('id')
    .executeTakeFirst()
    .then(async (row) => {
      // An id match wins over a code that happens to equal another row's id.
      if (row && row.id !== idOrCode) {
        const exact = await findType(db, idOrCode);
        return exact ?? row;
      }
      return row;
    });
}

export function findTypeByCode(db: DbOrTrx, enCode: string) {
  return db.selectFrom('baseDictionaryType').selectAll().where('enCode', '=', enCode).executeTakeFirst();
}

export function entriesOf(db: DbOrTrx, typeId: string, options: { keyword?: string; enabledOnly?: boolean } = {}): Promise<DictionaryDataRow[]> {
  let q = db.selectFrom('baseDictionaryData').selectAll().where('dictionaryTypeId', '=', typeId);
  if (options.enabledOnly) q = q.where('enabledMark', '=', 1);
  const keyword = options.keyword?.trim();
  if (keyword) {
    // Case-insensitive on both dialects (PostgreSQL's LIKE is case-sensitive).
    const like = `%${keyword.toLowerCase()}%`;
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', like), eb(eb.fn('lower', ['enCode']), 'like', like)]));
  }
  return q.orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

export function allEnabledEntries(db: DbOrTrx): Promise<DictionaryDataRow[]> {
  return db.selectFrom('baseDictionaryData').selectAll().where('enabledMark', '=', 1).orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

export function findEntry(db: DbOrTrx, id: string) {
  return db.selectFrom('baseDictionaryData').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function entryCodeTaken(db: DbOrTrx, typeId: string, enCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('baseDictionaryData').select('id').where('dictionaryTypeId', '=', typeId).where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function typeCodeTaken(db: DbOrTrx, enCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function countEntries(db: DbOrTrx, typeId: string): Promise<number> {
  const row = await db.selectFrom('baseDictionaryData').select((eb) => eb.fn.countAll<number>().as('n')).where('dictionaryTypeId', '=', typeId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countChildTypes(db: DbOrTrx, typeId: string): Promise<number> {
  const row = await db.selectFrom('baseDictionaryType').select((eb) => eb.fn.countAll<number>().as('n')).where('parentId', '=', typeId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countChildEntries(db: DbOrTrx, entryId: string): Promise<number> {
  const row = await db.selectFrom('baseDictionaryData').select((eb) => eb.fn.countAll<number>().as('n')).where('parentId', '=', entryId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Entry names by id, for other modules that store a dictionary entry id (e.g. interface categories). */
export async function entryNames(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('baseDictionaryData').select(['id', 'fullName']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.fullName]));
}
