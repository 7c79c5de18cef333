import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import type { VisualdevRecordRow, VisualdevRecordValueRow } from '../../db/schema';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { kindOf } from '../../../src/runtime/kinds';
import { deleteText, insertText, keywordFieldsOf, textRows } from './record-text';
import type { ScopeWhere } from './record-query';

/**
 * Records of models without bound tables: one JSON document per record (visualdev_record),
 * plus one index row per record and indexed field (visualdev_record_value) written in the
 * same transaction, one text row per record and keyword field (record-text.ts), and the
 * model's record count (visualdev_record_count), all in the records' transaction. Lists are
 * filtered, sorted, counted and paged in SQL over those (record-query.ts, record-matches.ts),
 * never in memory.
 */

type Tx = Db;

const TEXT_LIMIT = 500;

/** Fields of the model that get index rows, and whether they compare as numbers (computed once per compiled model). */
export function indexedFields(model: CompiledModel): ReadonlyMap<string, 'num' | 'text'> {
  let fields = indexedByModel.get(model);
  if (!fields) {
    fields = computeIndexedFields(model);
    indexedByModel.set(model, fields);
  }
  return fields;
}
const indexedByModel = new WeakMap<CompiledModel, ReadonlyMap<string, 'num' | 'text'>>();

function computeIndexedFields(model: CompiledModel): Map<string, 'num' | 'text'> {
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

/** What the index of a model's records depends on: which fields, compared how, and which are in the text index. Stored with the model. */
export function indexSignature(model: CompiledModel): string {
  const indexed = indexedFields(model);
  return createHash('sha256').update(JSON.stringify([[...indexed].sort(), { text: keywordFieldsOf(model, indexed).sort() }])).digest('hex');
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

export function valueRows(fields: ReadonlyMap<string, 'num' | 'text'>, modelId: string, recordId: string, data: Record<string, unknown>): VisualdevRecordValueRow[] {
  return [...fields.keys()].map((field) => ({ recordId, modelId, field, ...indexValue(data[field]) }));
}

/** The value and text index rows of records (the caller writes them in the records' transaction). */
async function insertIndexRows(trx: Tx, model: CompiledModel, records: { id: string; modelId?: string; data: string; createdAt: number }[]): Promise<void> {
  const fields = indexedFields(model);
  const values = records.flatMap((r) => valueRows(fields, r.modelId ?? model.id, r.id, JSON.parse(r.data) as Record<string, unknown>));
  // Stay under SQLite's bound-parameter limit (32766) in one statement.
  for (let j = 0; j < values.length; j += 1000) await trx.insertInto('visualdevRecordValue').values(values.slice(j, j + 1000)).execute();
  await insertText(trx, textRows(keywordFieldsOf(model, fields), values, new Map(records.map((r) => [r.id, r.createdAt]))));
}

/** Moves a model's record count by `delta` (visualdev_record_count), in the transaction that inserts or deletes the records. */
async function addToCount(trx: Tx, modelId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .insertInto('visualdevRecordCount')
    .values({ modelId, total: delta })
    .onConflict((oc) => oc.column('modelId').doUpdateSet((eb) => ({ total: eb(eb.ref('visualdevRecordCount.total'), '+', eb.ref('excluded.total')) })))
    .execute();
}

const SCOPE_COLUMNS = ['organizeId', 'departmentId', 'createdBy'] as const;

/**
 * Moves the kept counts of records per scope-column value (visualdev_record_scope_count) by
 * `sign` for these records, in the transaction that inserts or deletes them.
 */
async function addToScopeCounts(trx: Tx, rows: Pick<VisualdevRecordRow, 'modelId' | 'organizeId' | 'departmentId' | 'createdBy'>[], sign: 1 | -1): Promise<void> {
  const counts = new Map<string, { modelId: string; scopeColumn: string; value: string; total: number }>();
  for (const row of rows) {
    for (const column of SCOPE_COLUMNS) {
      const value = row[column];
      if (!value) continue;
      const key = `${row.modelId}\u0000${column}\u0000${value}`;
      const entry = counts.get(key) ?? { modelId: row.modelId, scopeColumn: column, value, total: 0 };
      entry.total += sign;
      counts.set(key, entry);
    }
  }
  const values = [...counts.values()];
  for (let i = 0; i < values.length; i += 500) {
    await trx
      .insertInto('visualdevRecordScopeCount')
      .values(values.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['modelId', 'scopeColumn', 'value']).doUpdateSet((eb) => ({ total: eb(eb.ref('visualdevRecordScopeCount.total'), '+', eb.ref('excluded.total')) })))
      .execute();
  }
}

export async function insertRecords(trx: Tx, model: CompiledModel, rows: VisualdevRecordRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await trx.insertInto('visualdevRecord').values(chunk).execute();
    await insertIndexRows(trx, model, chunk);
    await addToScopeCounts(trx, chunk, 1);
  }
  const perModel = new Map<string, number>();
  for (const row of rows) perModel.set(row.modelId, (perModel.get(row.modelId) ?? 0) + 1);
  for (const [modelId, n] of perModel) await addToCount(trx, modelId, n);
}

export async function updateRecord(trx: Tx, model: CompiledModel, row: VisualdevRecordRow): Promise<void> {
  await trx
    .updateTable('visualdevRecord')
    .set({ data: row.data, modifiedBy: row.modifiedBy, modifiedAt: row.modifiedAt })
    .where('id', '=', row.id)
    .where('modelId', '=', row.modelId)
    .execute();
  await trx.deleteFrom('visualdevRecordValue').where('recordId', '=', row.id).execute();
  await deleteText(trx, row.modelId, [row.id]);
  await insertIndexRows(trx, model, [row]);
}

export async function deleteRecords(trx: Tx, modelId: string, ids: string[], scopeWhere?: ScopeWhere | null): Promise<number> {
  // outside the caller's scope a record does not exist: only the ids in scope are deleted
  if (scopeWhere && ids.length) ids = (await trx.selectFrom('visualdevRecord as r').select('r.id').where('r.modelId', '=', modelId).where('r.id', 'in', ids).where(scopeWhere).execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  const gone = await trx.selectFrom('visualdevRecord').select(['modelId', 'organizeId', 'departmentId', 'createdBy']).where('modelId', '=', modelId).where('id', 'in', ids).execute();
  await addToScopeCounts(trx, gone, -1);
  await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', modelId).where('recordId', 'in', ids).execute();
  await deleteText(trx, modelId, ids);
  const result = await trx.deleteFrom('visualdevRecord').where('modelId', '=', modelId).where('id', 'in', ids).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  await addToCount(trx, modelId, -deleted);
  return deleted;
}

export async function deleteAllRecords(trx: Tx, modelId: string): Promise<void> {
  await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', modelId).execute();
  await deleteText(trx, modelId, 'all');
  await trx.deleteFrom('visualdevRecord').where('modelId', '=', modelId).execute();
  await trx.deleteFrom('visualdevRecordCount').where('modelId', '=', modelId).execute();
  await trx.deleteFrom('visualdevRecordScopeCount').where('modelId', '=', modelId).execute();
}

/** Re-writes the value and text index rows of every record of a model (after a release changed which fields are indexed). */
export async function reindexModel(db: Db, model: CompiledModel): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('visualdevRecordValue').where('modelId', '=', model.id).execute();
    await deleteText(trx, model.id, 'all');
    let after = '';
    for (;;) {
      const rows = await trx.selectFrom('visualdevRecord').select(['id', 'data', 'createdAt']).where('modelId', '=', model.id).where('id', '>', after).orderBy('id').limit(1000).execute();
      if (rows.length === 0) break;
      await insertIndexRows(trx, model, rows);
      after = rows[rows.length - 1]!.id;
    }
    // the count is derived data too: written afresh with the index
    const { total } = await trx.selectFrom('visualdevRecord').select((eb) => eb.fn.countAll<number | string>().as('total')).where('modelId', '=', model.id).executeTakeFirstOrThrow();
    await trx.deleteFrom('visualdevRecordCount').where('modelId', '=', model.id).execute();
    await addToCount(trx, model.id, Number(total));
    await trx.deleteFrom('visualdevRecordScopeCount').where('modelId', '=', model.id).execute();
    for (const column of SCOPE_COLUMNS) {
      const groups = await trx.selectFrom('visualdevRecord').select([column, (eb) => eb.fn.countAll<number | string>().as('total')]).where('modelId', '=', model.id).where(column, 'is not', null).groupBy(column).execute();
      const rows = groups.map((g) => ({ modelId: model.id, scopeColumn: column, value: String(g[column as keyof typeof g]), total: Number(g.total) }));
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('visualdevRecordScopeCount').values(rows.slice(i, i + 500)).execute();
    }
  });
}

/** A record by id; with a scope, only when it is in scope (else as if missing). */
export async function findRecord(db: Db, modelId: string, id: string, scopeWhere?: ScopeWhere | null): Promise<VisualdevRecordRow | undefined> {
  let query = db.selectFrom('visualdevRecord as r').selectAll('r').where('r.modelId', '=', modelId).where('r.id', '=', id);
  if (scopeWhere) query = query.where(scopeWhere);
  return query.executeTakeFirst();
}

export { listQueries, listRecords, type RecordFilter, type RecordQuery } from './record-query';

/** Which of `ids` have at least one child (a record whose parent field names them): one indexed query per page. */
export async function parentsAmong(db: Db, modelId: string, parentField: string, ids: string[], scopeWhere?: ScopeWhere | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom('visualdevRecordValue')
    .select('textValue')
    .distinct()
    .where('visualdevRecordValue.modelId', '=', modelId)
    .where('field', '=', parentField)
    .where('textValue', 'in', ids);
  // children outside the caller's scope do not exist for them
  if (scopeWhere) query = query.where((eb) => eb.exists(eb.selectFrom('visualdevRecord as r').select('r.id').whereRef('r.id', '=', 'visualdevRecordValue.recordId').where(scopeWhere as any)));
  const rows = await query.execute();
  return new Set(rows.map((r) => r.textValue!).filter(Boolean));
}

/** The parent id stored for a record (its parent field's index row), or null. */
export async function parentOf(db: Db, modelId: string, parentField: string, id: string): Promise<string | null> {
  const row = await db.selectFrom('visualdevRecordValue').select('textValue').where('modelId', '=', modelId).where('recordId', '=', id).where('field', '=', parentField).executeTakeFirst();
  return row?.textValue ?? null;
}
