import type { Principal } from '../../auth/principal';
import { audit, type AuditActor } from '../../audit/record';
import type { Db, Dialect } from '../../db';
import { newId } from '../../db/ids';
import type { VisualdevRecordRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { type InterfaceValues, optionSourceProblems, prefetchInterfaceValues } from './option-sources';
import { relationProblems } from './relation-checks';
import { pickerProblems } from './picker-checks';
import { ReplyCode } from '../../../src/runtime/codes';
import type { Locale } from '../../../src/runtime/i18n';
import type { CompiledModel, FieldError } from '../../../src/runtime/model/compiled';
import { firstPageSize, pageSizesOf } from '../../../src/runtime/model/paging';
import { type FillContext, kindOf } from '../../../src/runtime/kinds';
import { recordValidator } from './compiler';
import { type ModelPermissions, mayUseColumn, mayUseField } from './model-permissions';
import { deleteRecords, findRecord, indexedFields, insertRecords, listRecords, parentOf, type RecordFilter, type RecordQuery, updateRecord } from './record-store';
import { assignSerialNumbers } from '../system/bill-rule/number';
import { recomputeCalculations } from '../../../src/runtime/calculate-record';
import { companyOf } from '../../auth/org-tree';

/** Upper bound of rows one export writes. */
export const EXPORT_LIMIT = 200_000;


export interface ListRequest {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  [field: string]: unknown;
}

/**
 * Reads a list request into SQL conditions. Search values are matched by the model's own
 * search fields (searchType 1 equals, 2 fuzzy, 3 range [min, max]); the tree's relation field
 * is an equals filter; anything else is ignored. Fields the user may not see (column
 * permissions) can neither be searched nor sorted.
 */
export function recordQueryOf(model: CompiledModel, perms: ModelPermissions, body: ListRequest): RecordQuery {
  const indexed = indexedFields(model);
  const visible = (prop: string) => mayUseColumn(model, perms, prop) && indexed.has(prop);
  const filters: RecordFilter[] = [];
  for (const s of model.list.searchFields) {
    const value = body[s.prop];
    if (!present(value) || !visible(s.prop)) continue;
    if (s.searchType === 3) {
      const [min, max] = Array.isArray(value) ? value : [value, value];
      const numeric = indexed.get(s.prop) === 'num';
      const bound = (v: unknown) => (v === null || v === undefined || v === '' ? null : numeric ? Number(v) : String(v));
      const range = { min: bound(min), max: bound(max) };
      if ((range.min !== null && Number.isNaN(range.min)) || (range.max !== null && Number.isNaN(range.max))) continue;
      filters.push({ field: s.prop, op: 'range', numeric, ...range });
    } else if (s.searchType === 2) {
      filters.push({ field: s.prop, op: 'like', value: String(value) });
    } else {
      filters.push({ field: s.prop, op: 'eq', values: (Array.isArray(value) ? value : [value]).map(String) });
    }
  }
  const treeField = model.list.tree?.relationField;
  if (treeField && present(body[treeField]) && !model.list.searchFields.some((s) => s.prop === treeField) && indexed.has(treeField)) {
    const value = body[treeField];
    filters.push({ field: treeField, op: 'eq', values: (Array.isArray(value) ? value : [value]).map(String) });
  }
  const keywordFields = model.list.keywordFields.filter(visible);
  const keyword = typeof body.keyword === 'string' && body.keyword.trim() ? { text: body.keyword.trim(), fields: keywordFields } : null;
  const wanted = typeof body.sidx === 'string' && body.sidx ? body.sidx : model.list.defaultSort.field;
  const field = wanted && visible(wanted) ? wanted : null;
  const order = body.sort === 'asc' || body.sort === 'desc' ? body.sort : model.list.defaultSort.order;
  const groupField = model.list.type === 3 ? model.list.groupField : null;
  const group = groupField && indexed.has(groupField) ? { field: groupField, numeric: indexed.get(groupField) === 'num' } : null;
  // tree table: `parentId` asks for one record's children; without it and without any search the top level;
  // a search lists its matches at every level (a match deep in the tree is still found)
  const parentField = treeParentField(model);
  let parent: RecordQuery['parent'] = null;
  if (parentField) {
    if (present(body.parentId)) parent = { field: parentField, id: String(body.parentId) };
    else if (!filters.length && !keyword) parent = { field: parentField, id: null };
  }
  return { filters, keyword, sort: { field, numeric: field ? indexed.get(field) === 'num' : false, order }, group, parent, scope: perms.scopeSql ?? null };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The parent field of a tree-table model (list type 5), else null. */
export function treeParentField(model: CompiledModel): string | null {
  return model.list.type === 5 ? (model.list.tree?.parentField ?? 'parentId') : null;
}

/**
 * The page a list request asks for. A paged list takes the spec's sizes or the model's own;
 * a list without paging answers its first UNPAGED_LIMIT rows. Tree-table children (parentId)
 * page like a paged list.
 */
export function pageOf(body: ListRequest, model: CompiledModel): { currentPage: number; pageSize: number } {
  const list = present(body.parentId) ? { ...model.list, hasPage: true } : model.list;
  const allowed = pageSizesOf(list);
  const pageSize = body.pageSize ?? firstPageSize(list);
  if (!allowed.includes(pageSize)) throw refuse('visualdev.pageSizeRefused', { sizes: allowed.join(', ') });
  return { currentPage: list.hasPage ? Math.max(1, body.currentPage ?? 1) : 1, pageSize };
}

export async function listPage(db: Db, dialect: Dialect, model: CompiledModel, perms: ModelPermissions, body: ListRequest) {
  const { currentPage, pageSize } = pageOf(body, model);
  const query = recordQueryOf(model, perms, body);
  const { rows, total } = await listRecords(db, dialect, model.id, query, { limit: pageSize, offset: (currentPage - 1) * pageSize });
  return { rows, total, currentPage, pageSize, query };
}

/** Keeps only the columns a user may see (plus the id). */
export function visibleColumns(model: CompiledModel, perms: ModelPermissions): string[] {
  return model.list.columns.filter((c) => mayUseColumn(model, perms, c.permissionCode)).map((c) => c.prop);
}

export function parseData(value: unknown): Record<string, unknown> {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch (e) {
      throw refuse('visualdev.recordNotJson', { detail: (e as Error).message });
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw refuse('visualdev.recordNotJson', { detail: 'data must be an object' });
  return data as Record<string, unknown>;
}

/**
 * The record to store: the client's storing, non-system fields the user may write, merged over
 * the stored record (update) or the model's defaults (create); system fields from the principal.
 * Fields the user may not write (form permissions) are ignored, never refused: the form they
 * were shown did not have them, so the client's value can only be stale or forged.
 */
export async function composeRecord(
  db: Db, model: CompiledModel, perms: ModelPermissions, principal: Principal, input: Record<string, unknown>, stored: Record<string, unknown> | null,
  /** The caller's company when already known (an import composes many records for one caller). */
  knownCompany?: string | null,
) {
  const now = Date.now();
  const data: Record<string, unknown> = stored ? { ...stored } : { ...model.form.defaults };
  for (const field of Object.values(model.form.fields)) {
    if (!field.stores || field.system) continue;
    if (!mayUseField(model, perms, field.permissionCode)) continue;
    if (Object.prototype.hasOwnProperty.call(input, field.key)) data[field.key] = input[field.key];
  }
  const parentField = treeParentField(model);
  if (parentField && !model.form.fields[parentField] && Object.prototype.hasOwnProperty.call(input, parentField)) {
    const value = input[parentField];
    data[parentField] = value === undefined || value === '' ? null : value;
  }
  // calculated values are the server's own: recomputed from what is stored, the client's numbers dropped
  Object.assign(data, recomputeCalculations(model, data));
  const user = principal.user;
  const company = stored ? null : knownCompany !== undefined ? knownCompany : await companyOf(db, user.organizeId);
  const fill: FillContext = { userId: user.id, now, companyId: company, departmentId: user.organizeId, positionId: user.positionId };
  for (const field of Object.values(model.form.fields)) {
    const rule = field.stores ? kindOf(field.kind).fill : null;
    if (!rule) continue;
    data[field.key] = (stored ? rule.update(fill, stored[field.key]) : rule.create(fill)) ?? null;
  }
  return { data, now, company };
}

/**
 * Validates the composed record. A field outside the caller's form permissions is neither
 * shown to them nor taken from their input (it keeps its default or stored value), so its
 * messages are not theirs to fix: a required field they cannot see does not block the save.
 */
export async function validateOrRefuse(
  db: Db, model: CompiledModel, perms: ModelPermissions, principal: Principal, data: Record<string, unknown>, mode: 'create' | 'update', locale: Locale, interfaceValues: InterfaceValues,
  stored: Record<string, unknown> | null = null,
) {
  const writable = (key: string) => {
    const field = model.form.fields[key.split('.')[0]!];
    return !field || mayUseField(model, perms, field.permissionCode);
  };
  let errors: FieldError[] = recordValidator(locale).validate(model, data, mode);
  const checked = new Set(errors.map((e) => e.field));
  const references = [...(await optionSourceProblems(db, model, data, locale, interfaceValues, stored)), ...(await relationProblems(db, model, data, locale, principal, stored)),
    ...(await pickerProblems(db, model, data, locale, principal, stored))];
  errors = [...errors, ...references.filter((e) => !checked.has(e.field))].filter((e) => writable(e.field));
  if (errors.length) throw refuse('visualdev.recordInvalid', { detail: errors.map((e) => e.message).join('；') }, { errors });
}

/**
 * A tree-table record's parent must be empty ('0' and '-1' count as empty) or another record
 * of the model that is not the record itself or one of its descendants (no cycles).
 */
async function checkParent(db: Db, model: CompiledModel, perms: ModelPermissions, id: string | null, data: Record<string, unknown>): Promise<void> {
  const parentField = treeParentField(model);
  if (!parentField) return;
  const value = data[parentField];
  if (value === null || value === undefined || value === '' || value === '0' || value === '-1') return;
  if (typeof value !== 'string') throw refuse('visualdev.parentInvalid');
  // a parent outside the caller's data scope does not exist for them
  if (!(await findRecord(db, model.id, value, perms.scopeSql?.where))) throw refuse('visualdev.parentInvalid');
  if (!id) return;
  let at: string | null = value;
  for (let depth = 0; at && depth < 100; depth += 1) {
    if (at === id) throw refuse('visualdev.parentInvalid');
    at = await parentOf(db, model.id, parentField, at);
  }
}

export async function createRecord(db: Db, model: CompiledModel, perms: ModelPermissions, principal: Principal, input: Record<string, unknown>, locale: Locale, interfaceValues: InterfaceValues, actor: AuditActor): Promise<string> {
  const { data, now, company } = await composeRecord(db, model, perms, principal, input, null);
  await validateOrRefuse(db, model, perms, principal, data, 'create', locale, interfaceValues);
  await checkParent(db, model, perms, null, data);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // serial numbers are drawn in the insert's transaction: a failed insert gives them back
    await assignSerialNumbers(trx, model, data, null, locale);
    const row: VisualdevRecordRow = {
      id, modelId: model.id, data: JSON.stringify(data), createdBy: principal.user.id, createdAt: now, modifiedBy: null, modifiedAt: null,
      organizeId: company, departmentId: principal.user.organizeId, positionId: principal.user.positionId,
    };
    await insertRecords(trx, model, [row]);
    await audit(trx, actor, { entity: 'record', entityId: id, action: 'create', after: data, name: model.fullName });
  });
  return id;
}

/** A record by id; with permissions, only inside their data scope (outside it answers as a missing record). */
export async function loadRecord(db: Db, model: CompiledModel, id: string, perms?: ModelPermissions) {
  const row = await findRecord(db, model.id, id, perms?.scopeSql?.where);
  if (!row) throw new AppError(ReplyCode.notFound, 'visualdev.recordNotFound');
  return { row, data: JSON.parse(row.data) as Record<string, unknown> };
}

export async function updateRecordData(db: Db, model: CompiledModel, perms: ModelPermissions, principal: Principal, id: string, input: Record<string, unknown>, locale: Locale, interfaceValues: InterfaceValues, actor: AuditActor): Promise<void> {
  // Interfaces answer before the transaction opens: a slow upstream must not hold the write lock.
  await prefetchInterfaceValues(model, input, interfaceValues);
  await db.transaction().execute(async (trx) => {
    const { row, data: stored } = await loadRecord(trx, model, id, perms);
    const { data, now } = await composeRecord(trx, model, perms, principal, input, stored);
    await assignSerialNumbers(trx, model, data, stored, locale);
    await validateOrRefuse(trx, model, perms, principal, data, 'update', locale, interfaceValues, stored);
    await checkParent(trx, model, perms, id, data);
    await updateRecord(trx, model, { ...row, data: JSON.stringify(data), modifiedBy: principal.user.id, modifiedAt: now });
    await audit(trx, actor, { entity: 'record', entityId: id, action: 'update', before: stored, after: data, name: model.fullName });
  });
}

/** Deletes the given records that are inside the caller's data scope; returns how many. */
export async function removeRecords(db: Db, model: CompiledModel, perms: ModelPermissions, ids: string[], actor: AuditActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scope = perms.scopeSql?.where;
    // what the audit log keeps of each: read inside the scope, as the delete itself judges
    let gone = trx.selectFrom('visualdevRecord as r').select(['r.id', 'r.data']).where('r.modelId', '=', model.id).where('r.id', 'in', ids.length ? ids : ['']);
    if (scope) gone = gone.where(scope);
    const rows = await gone.execute();
    const deleted = await deleteRecords(trx, model.id, ids, scope);
    for (const r of rows) await audit(trx, actor, { entity: 'record', entityId: r.id, action: 'delete', before: JSON.parse(r.data) as object, name: model.fullName });
    return deleted;
  });
}

/** Only the fields a user may read from a record (form permissions), for edit and detail. */
export function readableData(model: CompiledModel, perms: ModelPermissions, data: Record<string, unknown>): Record<string, unknown> {
  if (perms.all || !model.usePermission.form) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => {
    const field = model.form.fields[k];
    return !field || !field.stores || mayUseField(model, perms, field.permissionCode);
  }));
}
