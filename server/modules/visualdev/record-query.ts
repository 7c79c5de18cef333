import { type CompiledQuery, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { Database, VisualdevRecordRow } from '../../db/schema';
import { activeKeyword, filterCondition, filterMatches, matchCap, matchedPage, matchLed } from './record-matches';
import { keywordCondition, keywordMatches } from './record-text';
import type { ScopeSql } from './record-scope';
import { keptPage, PAGE_ROWS_LIMIT } from './record-pages';

/**
 * The list query of a model's records (record-store.ts holds them): filters, keyword, sort and
 * paging in SQL over the value index. A request with filters or a keyword first asks
 * record-matches.ts, which answers in one statement when the matches are few; otherwise (and for
 * trees, groups and the unfiltered list) two statements shaped for what each does:
 *
 * - The page walks the records in the asked order (the record index, or the sort field's value
 *   index) and checks each filter per record with a correlated EXISTS on the value index's
 *   primary key: the walk stops after the page, so the cost follows the page, not the matches.
 * - The count reads the matches of the filters from the value index alone (filterMatches);
 *   without filters or keyword it reads the model's record count row. It runs only when the
 *   page is full (pageThenCount): a shorter page tells the total itself. The planner picks which
 *   filter leads. Counting by walking every record and probing each filter cost 80–290 ms at 100,000.
 * - The keyword is one uncorrelated `id IN (…)` through the text index (record-text.ts).
 */

export type RecordFilter =
  | { field: string; op: 'eq'; values: string[] }
  | { field: string; op: 'like'; value: string }
  | { field: string; op: 'range'; numeric: boolean; min: string | number | null; max: string | number | null };

export interface RecordQuery {
  filters: RecordFilter[];
  keyword: { text: string; fields: string[] } | null;
  sort: { field: string | null; numeric: boolean; order: 'asc' | 'desc' };
  /** Grouped list (type 3): rows are ordered by this field first (ascending, empty last), then by sort. */
  group?: { field: string; numeric: boolean } | null;
  /**
   * Tree table (type 5): the children of record `id` (by the parent field's index row), or with
   * id null the top level: records whose parent field names no record of the model (empty, '0',
   * or a deleted parent, so an orphan is never lost).
   */
  parent?: { field: string; id: string | null } | null;
  /**
   * The caller's data scope (record-scope.ts); null or absent: every record. With a scope the
   * count is the scope's kept count (one column's values, no filters) or reads the scoped records,
   * never the model's count row or the filters' matches alone.
   */
  scope?: ScopeSql | null;
  /** Which form of the scope the statements carry (listRecords picks; default the index-led one). */
  scopeForm?: 'where' | 'walk';
}

export type ScopeWhere = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

type RecordSelect = SelectQueryBuilder<Database & { r: VisualdevRecordRow }, 'r', object>;
type AnyBuilder = ExpressionBuilder<any, any>;

function applyFilters(dialect: Dialect, modelId: string, query: RecordQuery, q: RecordSelect): RecordSelect {
  const exists = (eb: AnyBuilder, fieldCondition: (v: any) => any) =>
    eb.exists(fieldCondition(eb.selectFrom('visualdevRecordValue as v').select(sql.lit(1).as('one')).whereRef('v.recordId', '=', 'r.id').where('v.modelId', '=', modelId)));
  for (const f of query.filters) q = q.where((eb) => exists(eb, (s) => s.where('v.field', '=', f.field).where(filterCondition(dialect, f, 'v'))));
  const parent = query.parent;
  if (parent && parent.id !== null) {
    const id = parent.id;
    q = q.where((eb) => exists(eb, (s) => s.where('v.field', '=', parent.field).where('v.textValue', '=', id)));
  } else if (parent) {
    q = q.where((eb) =>
      eb.not(
        exists(eb, (s) =>
          s.where('v.field', '=', parent.field).where((e: AnyBuilder) =>
            e.exists(e.selectFrom('visualdevRecord as p').select(sql.lit(1).as('one')).where('p.modelId', '=', modelId).whereRef('p.id', '=', 'v.textValue')),
          ),
        ),
      ),
    );
  }
  const keyword = query.keyword;
  if (keyword && keyword.text && keyword.fields.length) q = q.where(keywordCondition(dialect, modelId, keyword, 'r.id'));
  if (query.scope) q = q.where(query.scopeForm === 'walk' ? query.scope.walk : query.scope.where);
  return q;
}

/** The page query and the count query of a list request (exported so tests can EXPLAIN them). */
export function listQueries(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }) {
  const base = applyFilters(dialect, modelId, query, db.selectFrom('visualdevRecord as r').where('r.modelId', '=', modelId) as unknown as RecordSelect);
  const keyword = activeKeyword(query);
  let count;
  if (query.parent || query.scope) count = base.select((eb) => eb.fn.countAll<number | string>().as('total'));
  else if (query.filters.length) count = filterMatches(db, dialect, modelId, query).select((eb) => eb.fn.countAll<number | string>().as('total'));
  // the text index's rows belong to the model's records: count them without reading a record
  else if (keyword) count = db.selectFrom(sql<{ recordId: string }>`(${keywordMatches(dialect, modelId, keyword)})`.as('k')).select(sql<number | string>`count(distinct k.record_id)`.as('total'));
  // nothing filters: the model's record count, kept with every insert and delete (record-store.ts)
  else count = db.selectFrom('visualdevRecordCount').select('total').where('modelId', '=', modelId);
  const { field, numeric, order } = query.sort;
  let ordered = base;
  const group = query.group;
  if (group) {
    // the group's value first, so a group is one run of rows across pages; empty values last on both databases
    const column = group.numeric ? 'g.numValue' : 'g.textValue';
    ordered = base
      .innerJoin('visualdevRecordValue as g', (join) => join.onRef('g.recordId', '=', 'r.id').on('g.modelId', '=', modelId).on('g.field', '=', group.field))
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column, 'asc') as unknown as RecordSelect;
  }
  let rows;
  if (field) {
    rows = ordered
      .innerJoin('visualdevRecordValue as s', (join) => join.onRef('s.recordId', '=', 'r.id').on('s.modelId', '=', modelId).on('s.field', '=', field))
      .select(['r.id', 'r.data', 'r.createdAt', 'r.createdBy', 'r.modifiedAt', 'r.modifiedBy'])
      .orderBy(numeric ? 's.numValue' : 's.textValue', order)
      // s.recordId is r.id; named from the sort's index, the index gives the whole order (no sort step)
      .orderBy('s.recordId', order);
  } else {
    rows = ordered.select(['r.id', 'r.data', 'r.createdAt', 'r.createdBy', 'r.modifiedAt', 'r.modifiedBy']).orderBy('r.createdAt', order).orderBy('r.id', order);
  }
  return { rows: rows.limit(page.limit).offset(page.offset), count };
}

export async function listRecords(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }) {
  if (query.scope) return scopedList(db, dialect, modelId, query, page);
  if (matchLed(query)) {
    const led = (await matchedPage(db, dialect, modelId, query, page).execute(db)).rows;
    const first = led[0]!;
    if (Number(first.found) <= matchCap(query)) {
      return { rows: led.filter((row) => row.id !== null).map(({ total: _, found: __, ...row }) => row), total: Number(first.total) };
    }
  }
  if (!query.filters.length && !activeKeyword(query)) {
    const plain = plainStatementsOf(db, dialect, modelId, query, page);
    const read = async () => {
      const got = (await db.executeQuery(plain.rows)).rows;
      const rows = Object.freeze(got.map((r) => Object.freeze({ id: r.id, data: r.data, createdAt: r.createdAt, createdBy: r.createdBy, modifiedAt: r.modifiedAt, modifiedBy: r.modifiedBy }))) as RecordRow[];
      // the model's record count came with the page (a tree's level is counted on its own)
      const counted = plain.withTotal && got.length ? Number(got[0]!.listTotal ?? 0) : null;
      return pageThenCount({ execute: async () => rows }, page, async () => counted ?? Number((await db.executeQuery(plain.count)).rows[0]?.total ?? 0));
    };
    // the same rows for every caller: kept until the model's records change (record-pages.ts)
    return page.limit <= PAGE_ROWS_LIMIT ? keptPage(db, modelId, plain.key, read) : read();
  }
  const { rows, count } = listQueries(db, dialect, modelId, query, page);
  return pageThenCount(rows, page, async () => Number((await count.executeTakeFirst())?.total ?? 0));
}

/**
 * The statements of a list without filters, keyword or scope (a page opened, paged, sorted, a
 * tree's level), compiled once: their SQL and parameters follow from the key alone, and building
 * and compiling them with Kysely cost more than running them (bench/README.md, request cost).
 */
type PlainStatements = { key: string; rows: CompiledQuery<RecordRow & { listTotal?: number | string | null }>; count: CompiledQuery<{ total: number | string }>; withTotal: boolean };
type RecordRow = Pick<VisualdevRecordRow, 'id' | 'data' | 'createdAt' | 'createdBy' | 'modifiedAt' | 'modifiedBy'>;
const plainStatements = new Map<string, PlainStatements>();
const PLAIN_STATEMENTS_LIMIT = 2_000;

function plainStatementsOf(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }): PlainStatements {
  const key = JSON.stringify([dialect, modelId, query.sort, query.group ?? null, query.parent ?? null, page.limit, page.offset]);
  let kept = plainStatements.get(key);
  if (!kept) {
    const { rows, count } = listQueries(db, dialect, modelId, query, page);
    // without a tree level the total is the model's count row: one more column of the page, one statement
    const withTotal = !query.parent;
    const paged = withTotal ? rows.select((eb) => eb.selectFrom('visualdevRecordCount').select('total').where('modelId', '=', modelId).as('listTotal')) : rows;
    kept = { key, rows: paged.compile() as PlainStatements['rows'], count: count.compile() as PlainStatements['count'], withTotal };
    if (plainStatements.size >= PLAIN_STATEMENTS_LIMIT) plainStatements.clear();
    plainStatements.set(key, kept);
  }
  return kept;
}

/**
 * The page, then the count only when the page cannot tell it: a page that is not full ends the
 * list, so its total is the rows before it and on it (an empty page past the end still counts).
 * The first page of a short list costs one statement.
 */
async function pageThenCount<R>(rows: { execute(): Promise<R[]> }, page: { limit: number; offset: number }, count: () => Promise<number>) {
  const list = await rows.execute();
  if (list.length < page.limit && (list.length > 0 || page.offset === 0)) return { rows: list, total: page.offset + list.length };
  return { rows: list, total: await count() };
}

/**
 * Fewest records a scope holds for the page to walk the list's order and check each row (like
 * an unscoped list); below it the scope's index leads and its few rows are sorted. Without a kept
 * count (several clauses, field conditions) the walk is taken too: such scopes are rarely narrow.
 */
export const SCOPE_WALK_MIN = 2_000;

/** The number of records whose column holds one of the values, from the kept counts (record-store.ts). */
async function scopedCount(db: Db, modelId: string, column: NonNullable<ScopeSql['column']>): Promise<number> {
  if (column.values.length === 0) return 0;
  const row = await db
    .selectFrom('visualdevRecordScopeCount')
    .select((eb) => eb.fn.sum<number | string | null>('total').as('total'))
    .where('modelId', '=', modelId)
    .where('scopeColumn', '=', column.column)
    .where('value', 'in', column.values)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function scopedList(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }) {
  const scope = query.scope!;
  const plain = !query.filters.length && !activeKeyword(query) && !query.parent;
  // one value in the default order: the scope's index (model, column, created_at, id) is that order
  // already, so the page needs no count to choose its form and both run at once
  const ownOrder = scope.column?.values.length === 1 && !query.sort.field && !query.group && plain;
  if (ownOrder) {
    const { rows } = listQueries(db, dialect, modelId, { ...query, scopeForm: 'where' }, page);
    return pageThenCount(rows, page, () => scopedCount(db, modelId, scope.column!));
  }
  const known = scope.column ? await scopedCount(db, modelId, scope.column) : null;
  const walk = known === null || known >= SCOPE_WALK_MIN;
  const { rows } = listQueries(db, dialect, modelId, { ...query, scopeForm: walk ? 'walk' : 'where' }, page);
  if (plain && known !== null) return { rows: await rows.execute(), total: known };
  const { count } = listQueries(db, dialect, modelId, { ...query, scopeForm: 'where' }, page);
  return pageThenCount(rows, page, async () => Number((await count.executeTakeFirst())?.total ?? 0));
}

