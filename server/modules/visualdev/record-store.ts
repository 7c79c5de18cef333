import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { Database, VisualdevRecordRow, VisualdevRecordValueRow } from '../../db/schema';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { kindOf } from '../../../src/runtime/kinds';

/**
 * Records of models without bound tables: one JSON document per record (visualdev_record),
 * plus one index row per record and indexed field (visualdev_record_value) written in the
 * same transaction. Every filter is an EXISTS on the index; a sort joins it; paging is
 * LIMIT/OFFSET; nothing is filtered, sorted or paged in memory.
 */

type Tx = Db;

const TEXT_LIMIT = 500;

/** Fields of the model that get index rows, and whether they compare as numbers. */
export function indexedFields(model: CompiledModel): Map<string, 'num' | 'text'> {
  const keys = new Set<string>([
    ...model.list.columns.map((c) => c.prop),
    ...model.list.searchFields.map((s) => s.prop),
    ...model.list.keywordFields,
  ]);
  if (model.list.defaultSort.field) keys.add(model.list.defaultSort.field);
  if (model.list.groupField) keys.add(model.list.groupField);
  if (model.list.tree?.relationField) keys.add(model.list.tree.relationField);
  const out = new Map<string, 'num' | 'text'>();
  for (const key of keys) {
    const field = model.form.fields[key];
    if (!field?.stores) continue;
    out.set(key, kindOf(field.kind).index === 'number' ? 'num' : 'text');
  }
  // a tree table's parent field holds a record id, whether or not the form has it
  const parentField = model.list.type === 5 ? model.list.tree?.parentField : undefined;
  if (parentField) out.set(parentField, 'text');
  return out;
}

/** What the index of a model's records depends on: which fields, compared how. Stored with the model. */
export function indexSignature(model: CompiledModel): string {
  return createHash('sha256').update(JSON.stringify([...indexedFields(model)].sort())).digest('hex');
}

export function indexValue(value: unknown): { textValue: string | null; numValue: number | null } {
  if (value === null || value === undefined || value === '') return { textValue: null, numValue: null };
  if (typeof value === 'number') return { textValue: String(value), numValue: Number.isFinite(value) ? value : null };
  if (typeof value === 'boolean') return { textValue: value ? '1' : '0', numValue: value ? 1 : 0 };
  if (typeof value === 'string') {
    const n = value.trim() === '' ? NaN : Number(value);
    return { textValue: value.slice(0, TEXT_LIMIT), numValue: Number.isFinite(n) ? n : null };
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return { textValue: value.join(',').slice(0, TEXT_LIMIT), numValue: null };
  }
  return { textValue: JSON.stringify(value).slice(0, TEXT_LIMIT), numValue: null };
}

export function valueRows(fields: Map<string, 'num' | 'text'>, modelId: string, recordId: string, data: Record<string, unknown>): VisualdevRecordValueRow[] {
  return [...fields.keys()].map((field) => ({ recordId, modelId, field, ...indexValue(data[field]) }));
}

export async function insertRecords(trx: Tx, model: CompiledModel, rows: VisualdevRecordRow[]): Promise<void> {
  if (rows.length === 0) return;
  const fields = indexedFields(model);
  // Stay under SQLite's bound-parameter limit (32766) in one statement.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await trx.insertInto('visualdevRecord').values(chunk).execute();
    const values = chunk.flatMap((r) => valueRows(fields, r.modelId, r.id, JSON.parse(r.data) as Record<string, unknown>));
    for (let j = 0; j < values.length; j += 1000) await trx.insertInto('visualdevRecordValue').values(values.slice(j, j + 1000)).execute();
  }
}

export async function updateRecord(trx: Tx, model: CompiledModel, row: VisualdevRecordRow): Promise<void> {
  await trx
    .updateTable('visualdevRecord')
    .set({ data: row.data, modifiedBy: row.modifiedBy, modifiedAt: row.modifiedAt })
    .where('id', '=', row.id)
    .where('modelId', '=', row.modelId)
    .execute();
  await trx.deleteFrom('visualdevRecordValue').where('recordId', '=', row.id).execute();
  const values = valueRows(indexedFields(model), row.modelId, row.id, JSON.parse(row.data) as Record<string, unknown>);
  if (values.length) await trx.insertInto('visualdevRecordValue').values(values).execute();
}

export async function deleteRecords(trx: Tx, modelId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', modelId).where('recordId', 'in', ids).execute();
  const result = await trx.deleteFrom('visualdevRecord').where('modelId', '=', modelId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllRecords(trx: Tx, modelId: string): Promise<void> {
  await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', modelId).execute();
  await trx.deleteFrom('visualdevRecord').where('modelId', '=', modelId).execute();
}

/** Re-writes the index rows of every record of a model (after a release changed which fields are indexed). */
export async function reindexModel(db: Db, model: CompiledModel): Promise<void> {
  const fields = indexedFields(model);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', model.id).execute();
    let after = '';
    for (;;) {
      const rows = await trx.selectFrom('visualdevRecord').select(['id', 'data']).where('modelId', '=', model.id).where('id', '>', after).orderBy('id').limit(1000).execute();
      if (rows.length === 0) break;
      const values = rows.flatMap((r) => valueRows(fields, model.id, r.id, JSON.parse(r.data) as Record<string, unknown>));
      for (let j = 0; j < values.length; j += 1000) await trx.insertInto('visualdevRecordValue').values(values.slice(j, j + 1000)).execute();
      after = rows[rows.length - 1]!.id;
    }
  });
}

export async function findRecord(db: Db, modelId: string, id: string): Promise<VisualdevRecordRow | undefined> {
  return db.selectFrom('visualdevRecord').selectAll().where('modelId', '=', modelId).where('id', '=', id).executeTakeFirst();
}

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
}

type RecordSelect = SelectQueryBuilder<Database & { r: VisualdevRecordRow }, 'r', object>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function applyFilters(dialect: Dialect, modelId: string, query: RecordQuery, q: RecordSelect): RecordSelect {
  const like = (column: 'v.textValue', text: string) =>
    dialect === 'postgres' ? sql<boolean>`${sql.ref(column)} ilike ${likePattern(text)} escape '\\'` : sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
  const exists = (eb: ExpressionBuilder<any, any>, fieldCondition: (v: any) => any) =>
    eb.exists(fieldCondition(eb.selectFrom('visualdevRecordValue as v').select(sql.lit(1).as('one')).whereRef('v.recordId', '=', 'r.id').where('v.modelId', '=', modelId)));
  for (const f of query.filters) {
    if (f.op === 'eq') {
      q = q.where((eb) => exists(eb, (s) => s.where('v.field', '=', f.field).where('v.textValue', 'in', f.values)));
    } else if (f.op === 'like') {
      q = q.where((eb) => exists(eb, (s) => s.where('v.field', '=', f.field).where(like('v.textValue', f.value))));
    } else {
      const column = f.numeric ? 'v.numValue' : 'v.textValue';
      q = q.where((eb) =>
        exists(eb, (s) => {
          let sub = s.where('v.field', '=', f.field);
          if (f.min !== null) sub = sub.where(column, '>=', f.min);
          if (f.max !== null) sub = sub.where(column, '<=', f.max);
          return sub;
        }),
      );
    }
  }
  const parent = query.parent;
  if (parent && parent.id !== null) {
    const id = parent.id;
    q = q.where((eb) => exists(eb, (s) => s.where('v.field', '=', parent.field).where('v.textValue', '=', id)));
  } else if (parent) {
    q = q.where((eb) =>
      eb.not(
        exists(eb, (s) =>
          s.where('v.field', '=', parent.field).where((e: ExpressionBuilder<any, any>) =>
            e.exists(e.selectFrom('visualdevRecord as p').select(sql.lit(1).as('one')).where('p.modelId', '=', modelId).whereRef('p.id', '=', 'v.textValue')),
          ),
        ),
      ),
    );
  }
  const keyword = query.keyword;
  if (keyword && keyword.text && keyword.fields.length) {
    q = q.where((eb) => exists(eb, (s) => s.where('v.field', 'in', keyword.fields).where(like('v.textValue', keyword.text))));
  }
  return q;
}

/** The page query and the count query of a list request (exported so tests can EXPLAIN them). */
export function listQueries(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }) {
  const base = applyFilters(dialect, modelId, query, db.selectFrom('visualdevRecord as r').where('r.modelId', '=', modelId) as unknown as RecordSelect);
  const count = base.select((eb) => eb.fn.countAll<number | string>().as('total'));
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
      .orderBy('r.id', order);
  } else {
    rows = ordered.select(['r.id', 'r.data', 'r.createdAt', 'r.createdBy', 'r.modifiedAt', 'r.modifiedBy']).orderBy('r.createdAt', order).orderBy('r.id', order);
  }
  return { rows: rows.limit(page.limit).offset(page.offset), count };
}

export async function listRecords(db: Db, dialect: Dialect, modelId: string, query: RecordQuery, page: { limit: number; offset: number }) {
  const { rows, count } = listQueries(db, dialect, modelId, query, page);
  const [list, total] = await Promise.all([rows.execute(), count.executeTakeFirst()]);
  return { rows: list, total: Number(total?.total ?? 0) };
}

/** Which of `ids` have at least one child (a record whose parent field names them): one indexed query per page. */
export async function parentsAmong(db: Db, modelId: string, parentField: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('visualdevRecordValue')
    .select('textValue')
    .distinct()
    .where('modelId', '=', modelId)
    .where('field', '=', parentField)
    .where('textValue', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.textValue!).filter(Boolean));
}

/** The parent id stored for a record (its parent field's index row), or null. */
export async function parentOf(db: Db, modelId: string, parentField: string, id: string): Promise<string | null> {
  const row = await db.selectFrom('visualdevRecordValue').select('textValue').where('modelId', '=', modelId).where('recordId', '=', id).where('field', '=', parentField).executeTakeFirst();
  return row?.textValue ?? null;
}
