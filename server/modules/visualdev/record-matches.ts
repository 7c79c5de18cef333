import { type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { VisualdevRecordRow } from '../../db/schema';
import type { RecordFilter, RecordQuery } from './record-query';
import { containsText, keywordCondition, keywordMatches } from './record-text';

/**
 * A list request led by its matches: when the filters and keyword match few records, one
 * statement collects them from the value and text indexes, counts them, sorts them and reads only
 * the page's records. Its cost follows the number of matches, whatever their order; the walk of
 * record-query.ts (records in the asked order, each checked) follows how far the walk goes before
 * it has a page — short when matches are spread evenly, up to every record when they are not
 * (a keyword of old records: 50,000 walked for "Item 4" at 100,000). So matches lead up to a cap,
 * and above it (matches dense, the walk short) the walk answers; the statement tells which by
 * answering no row (then record-query.ts runs the walk and its count).
 */

type AnyBuilder = ExpressionBuilder<any, any>;
type PageRow = Pick<VisualdevRecordRow, 'id' | 'data' | 'createdAt' | 'createdBy' | 'modifiedAt' | 'modifiedBy'> & { total: number | string; found: number | string };

/**
 * Most matches a page reads records for (a primary-key lookup each, then a sort): about what a
 * walk of a few thousand records costs. A keyword alone sorts its text rows, which carry the
 * creation time, and reads 20 records, so it leads up to more.
 */
export const MATCH_CAP = 2_000;
export const KEYWORD_MATCH_CAP = 20_000;

/** The filter's condition on the value index row `alias` of its field. */
export function filterCondition(dialect: Dialect, f: RecordFilter, alias: string): (eb: AnyBuilder) => Expression<SqlBool> {
  const ref = (column: 'textValue' | 'numValue') => `${alias}.${column}`;
  return (eb) => {
    if (f.op === 'eq') return eb(ref('textValue'), 'in', f.values);
    if (f.op === 'like') return containsText(dialect, ref('textValue'), f.value);
    const column = ref(f.numeric ? 'numValue' : 'textValue');
    const bounds: Expression<SqlBool>[] = [];
    if (f.min !== null) bounds.push(eb(column, '>=', f.min));
    if (f.max !== null) bounds.push(eb(column, '<=', f.max));
    return bounds.length ? eb.and(bounds) : sql<SqlBool>`1 = 1`;
  };
}

/**
 * The records matching the filters (and keyword), as `f0.recordId`, from the value index alone:
 * the filters' index rows joined on the record id. Every record of the model has exactly one row
 * per indexed field, written in its transaction, so a join never doubles a record and the records
 * table is not needed.
 */
export function filterMatches(db: Db, dialect: Dialect, modelId: string, query: RecordQuery): SelectQueryBuilder<any, any, object> {
  const [first, ...rest] = query.filters;
  let q = (db.selectFrom('visualdevRecordValue as f0') as unknown as SelectQueryBuilder<any, any, object>)
    .where('f0.modelId', '=', modelId)
    .where('f0.field', '=', first!.field)
    .where(filterCondition(dialect, first!, 'f0'));
  rest.forEach((f, i) => {
    const alias = `f${i + 1}`;
    q = q
      .innerJoin(`visualdevRecordValue as ${alias}`, (join) => join.onRef(`${alias}.recordId`, '=', 'f0.recordId').on(`${alias}.modelId`, '=', modelId).on(`${alias}.field`, '=', f.field))
      .where(filterCondition(dialect, f, alias));
  });
  const keyword = activeKeyword(query);
  if (keyword) q = q.where(keywordCondition(dialect, modelId, keyword, 'f0.recordId'));
  return q;
}

export const activeKeyword = (query: RecordQuery) => (query.keyword && query.keyword.text && query.keyword.fields.length ? query.keyword : null);

const keywordAlone = (query: RecordQuery) => activeKeyword(query) !== null && !query.filters.length && !query.sort.field;

/** The cap of a request's matches (see matchedPage). */
export const matchCap = (query: RecordQuery) => (keywordAlone(query) ? KEYWORD_MATCH_CAP : MATCH_CAP);

/** Whether a request can be led by its matches: filters or a keyword, and no tree or group order. */
export const matchLed = (query: RecordQuery) => !query.parent && !query.group && (query.filters.length > 0 || activeKeyword(query) !== null);

const RECORD_COLUMNS = sql.raw('r.id, r.data, r.created_at, r.created_by, r.modified_at, r.modified_by');

/**
 * One row per record of the page with the total of the matches, or one row with a null id when
 * the page is empty; `found` is the number of match rows read (a keyword repeats a record per
 * field), which stops one past the cap: then there is no page, and the caller walks and counts
 * (record-query.ts). The page's order is carried out as k1, k2 and applied again outside.
 */
export function matchedPage(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }): RawBuilder<PageRow> {
  const keyword = activeKeyword(query);
  const { field, numeric, order } = query.sort;
  // limits as integer literals: SQLite prepares a statement with a bound LIMIT again on every run (server/db/query-speed.ts)
  const limitOf = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`limit ${n} is not a count`);
    return sql.lit(n);
  };
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  // SQLite: CROSS JOIN keeps the matches outside, so the planner cannot walk the records instead
  const join = sql.raw(dialect === 'sqlite' ? 'cross join' : 'join');
  // m stops one past the cap: above it, sorting the matches would cost more than the walk;
  // d is each record once (a keyword's rows repeat a record per field)
  const answer = (matches: RawBuilder<unknown>, cap: number, columns: string, paged: RawBuilder<unknown>) =>
    sql<PageRow>`with m as materialized (${matches} limit ${limitOf(cap + 1)}),
      d as materialized (select ${sql.raw(columns)} from m group by ${sql.raw(columns)}),
      n as (select count(*) as total, (select count(*) from m) as found from d),
      p as (${paged})
      select p.id, p.data, p.created_at, p.created_by, p.modified_at, p.modified_by, n.total, n.found
      from n left join p on 1 = 1
      order by p.k1 ${dir}, p.k2 ${dir}`;
  if (keywordAlone(query)) {
    // newest first from the text rows' own creation time; only the page's records are read
    return answer(
      sql`select k.record_id as id, k.created_at as at from (${keywordMatches(dialect, modelId, keyword!, true)}) k`,
      KEYWORD_MATCH_CAP,
      'id, at',
      sql`select ${RECORD_COLUMNS}, t.at as k1, t.id as k2
        from (select at, id from d where (select found from n) <= ${KEYWORD_MATCH_CAP} order by at ${dir}, id ${dir} limit ${limitOf(page.limit)} offset ${page.offset}) t
        ${join} visualdev_record r on r.id = t.id and r.model_id = ${modelId}`,
    );
  }
  const matches = query.filters.length
    ? sql`select c.id from ${filterMatches(db, dialect, modelId, query).select('f0.recordId as id')} c` // (a builder brings its own parentheses)
    : sql`select k.record_id as id from (${keywordMatches(dialect, modelId, keyword!)}) k`;
  // the walk's own order (record-query.ts), term for term
  const [k1, k2] = field ? [sql.raw(numeric ? 's.num_value' : 's.text_value'), sql.raw('s.record_id')] : [sql.raw('r.created_at'), sql.raw('r.id')];
  const sortJoin = field ? sql`${join} visualdev_record_value s on s.record_id = r.id and s.model_id = ${modelId} and s.field = ${field}` : sql``;
  return answer(
    matches,
    MATCH_CAP,
    'id',
    sql`select ${RECORD_COLUMNS}, ${k1} as k1, ${k2} as k2
      from d ${join} visualdev_record r on r.id = d.id and r.model_id = ${modelId}
      ${sortJoin}
      where (select found from n) <= ${MATCH_CAP}
      order by ${k1} ${dir}, ${k2} ${dir}
      limit ${limitOf(page.limit)} offset ${page.offset}`,
  );
}
