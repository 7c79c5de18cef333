import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { DataScopeType, ModuleDataSchemeRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import { audit, type AuditActor } from '../../../audit/record';
import { CONDITION_OPS, type CustomScheme, PLACEHOLDERS, SCOPE_TYPES } from '../../../auth/data-scope';
import { openedModel } from '../../../auth/grants';
import { AppError, refuse } from '../../../http/errors';
import { translationsOf } from '../../../http/translations';
import { releasedModel } from '../../visualdev/model-store';
import { indexedFields } from '../../visualdev/record-store';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { Locale } from '../../../../src/runtime/i18n';
import type { Translations } from '../../../../src/runtime/i18n/texts';

/**
 * Data-scope schemes of a menu entry (base_module_data_scheme). A custom scheme's conditions
 * name fields the menu's model indexes, with a known operator and literal values or the
 * placeholders of data-scope.ts; anything else is refused, so a scheme is data, never SQL.
 */
export interface SchemeInput {
  fullName: string;
  fullName_i18n?: Translations | null;
  enCode: string;
  scopeType: DataScopeType;
  condition?: CustomScheme | null;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export async function menuOrMissing(db: Db, menuId: string) {
  const menu = await db.selectFrom('baseModule').select(['id', 'fullName', 'fullNameI18n', 'enCode', 'propertyJson', 'type']).where('id', '=', menuId).executeTakeFirst();
  if (!menu) throw new AppError(ReplyCode.notFound, 'authority.menuNotFound');
  return menu;
}

/** The fields a custom condition may name on a menu: the indexed fields of the model it opens, with their labels. */
export async function conditionFields(db: Db, menuId: string, locale: Locale): Promise<{ field: string; label: string; numeric: boolean }[] | null> {
  const menu = await menuOrMissing(db, menuId);
  const modelId = openedModel(menu.propertyJson);
  if (!modelId) return null;
  const exists = await db.selectFrom('baseVisualdev').select('id').where('id', '=', modelId).where('releasedAt', 'is not', null).executeTakeFirst();
  if (!exists) return null;
  const model = await releasedModel(db, modelId, locale);
  return [...indexedFields(model)].map(([field, kind]) => ({ field, label: model.form.fields[field]?.label ?? field, numeric: kind === 'num' }));
}

async function checkCondition(db: Db, menuId: string, input: SchemeInput, locale: Locale): Promise<string | null> {
  if (input.scopeType !== 'custom') return null;
  const condition = input.condition;
  const invalid = (detail: string) => refuse('authority.schemeConditionInvalid', { detail });
  if (!condition || !Array.isArray(condition.conditions) || condition.conditions.length === 0) throw invalid('conditions');
  const fields = await conditionFields(db, menuId, locale);
  if (!fields) throw refuse('authority.schemeNeedsModel');
  const known = new Set(fields.map((f) => f.field));
  for (const c of condition.conditions) {
    if (!known.has(c.field)) throw invalid(c.field);
    if (!(CONDITION_OPS as readonly string[]).includes(c.op)) throw invalid(`${c.field} ${String(c.op)}`);
    const values = c.value === null || c.value === undefined ? [] : Array.isArray(c.value) ? c.value : [c.value];
    if (values.length > 100 || values.some((v) => (typeof v !== 'string' && typeof v !== 'number') || String(v).length > 200)) throw invalid(c.field);
    if (values.some((v) => typeof v === 'string' && v.startsWith('@') && !(PLACEHOLDERS as readonly string[]).includes(v))) throw invalid(String(values.find((v) => typeof v === 'string' && v.startsWith('@'))));
    if (c.op !== 'empty' && c.op !== 'notEmpty' && values.length === 0) throw invalid(c.field);
  }
  return JSON.stringify({ logic: condition.logic === 'or' ? 'or' : 'and', conditions: condition.conditions.map((c) => ({ field: c.field, op: c.op, value: c.value ?? null })) });
}

export function schemeView(row: ModuleDataSchemeRow) {
  return {
    id: row.id, moduleId: row.moduleId, fullName: row.fullName, fullName_i18n: translationsOf(row.fullNameI18n), enCode: row.enCode, scopeType: row.scopeType,
    condition: row.conditionJson ? (JSON.parse(row.conditionJson) as CustomScheme) : null, sortCode: row.sortCode, enabledMark: row.enabledMark,
    description: row.description, creatorTime: row.createdAt,
  };
}

export async function listSchemes(db: Db, menuId: string) {
  await menuOrMissing(db, menuId);
  const rows = await db.selectFrom('baseModuleDataScheme').selectAll().where('moduleId', '=', menuId).orderBy('sortCode').orderBy('createdAt').execute();
  return rows.map(schemeView);
}

async function codeTaken(db: Db, menuId: string, enCode: string, except: string | null) {
  let q = db.selectFrom('baseModuleDataScheme').select('id').where('moduleId', '=', menuId).where('enCode', '=', enCode);
  if (except) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw refuse('authority.schemeCodeExists', { code: enCode });
}

export async function createScheme(db: Db, menuId: string, input: SchemeInput, locale: Locale, actor: AuditActor): Promise<string> {
  await menuOrMissing(db, menuId);
  if (!SCOPE_TYPES.includes(input.scopeType)) throw refuse('authority.schemeConditionInvalid', { detail: String(input.scopeType) });
  const conditionJson = await checkCondition(db, menuId, input, locale);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await codeTaken(trx, menuId, input.enCode, null);
    const row: ModuleDataSchemeRow = {
      id, moduleId: menuId, fullName: input.fullName, fullNameI18n: input.fullName_i18n && Object.keys(input.fullName_i18n).length ? JSON.stringify(input.fullName_i18n) : null,
      enCode: input.enCode, scopeType: input.scopeType, conditionJson, sortCode: input.sortCode ?? 0, enabledMark: input.enabledMark ?? 1,
      description: input.description ?? null, createdAt: Date.now(),
    };
    await trx.insertInto('baseModuleDataScheme').values(row).execute();
    await audit(trx, actor, { entity: 'dataScheme', entityId: id, action: 'create', after: row });
    await bumpAccessVersion(trx);
  });
  return id;
}

async function schemeOrMissing(db: Db, menuId: string, id: string) {
  const row = await db.selectFrom('baseModuleDataScheme').selectAll().where('id', '=', id).where('moduleId', '=', menuId).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'authority.schemeNotFound');
  return row;
}

export async function updateScheme(db: Db, menuId: string, id: string, input: SchemeInput, locale: Locale, actor: AuditActor): Promise<void> {
  const before = await schemeOrMissing(db, menuId, id);
  const conditionJson = await checkCondition(db, menuId, input, locale);
  await db.transaction().execute(async (trx) => {
    await codeTaken(trx, menuId, input.enCode, id);
    const change = {
      fullName: input.fullName, fullNameI18n: input.fullName_i18n && Object.keys(input.fullName_i18n).length ? JSON.stringify(input.fullName_i18n) : null,
      enCode: input.enCode, scopeType: input.scopeType, conditionJson, sortCode: input.sortCode ?? 0, enabledMark: input.enabledMark ?? 1, description: input.description ?? null,
    };
    await trx.updateTable('baseModuleDataScheme').set(change).where('id', '=', id).execute();
    await audit(trx, actor, { entity: 'dataScheme', entityId: id, action: 'update', before, after: { ...before, ...change } });
    await bumpAccessVersion(trx);
  });
}

/** Deletes a scheme and its grants in one transaction. */
export async function deleteScheme(db: Db, menuId: string, id: string, actor: AuditActor): Promise<void> {
  const before = await schemeOrMissing(db, menuId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('baseAuthorize').where('itemType', '=', 'resource').where('itemId', '=', id).execute();
    await trx.deleteFrom('baseModuleDataScheme').where('id', '=', id).execute();
    await audit(trx, actor, { entity: 'dataScheme', entityId: id, action: 'delete', before });
    await bumpAccessVersion(trx);
  });
}
