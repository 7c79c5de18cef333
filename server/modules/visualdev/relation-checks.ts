import type { Principal } from '../../auth/principal';
import { EMPTY_SCOPE } from '../../auth/data-scope';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { translate, type Locale } from '../../../src/runtime/i18n';
import type { CompiledField, CompiledModel, FieldError } from '../../../src/runtime/model/compiled';
import { popupConfigOf, relationReady, valueIds } from '../../../src/runtime/popup-select';
import { grantedMenusOf, modelPermissionsOf } from './model-permissions';
import { releasedModel } from './model-store';
import { scopeSqlOf, type ScopeSql } from './record-scope';
import { indexedFields } from './record-store';
import { changedValues } from './changed-values';

/**
 * B's data scope for the caller, as the related-form picker (relation-routes.ts) applies it:
 * theirs when B judges data and they hold a grant on B, none without one (deny by default);
 * everything when B does not judge data or they administer.
 */
export function relationTargetScope(principal: Principal, target: CompiledModel): ScopeSql | null {
  if (!target.usePermission.data || principal.isAdministrator) return null;
  try {
    grantedMenusOf(principal, target.id);
  } catch (error) {
    if (error instanceof AppError && error.code === ReplyCode.forbidden) return scopeSqlOf(target.id, EMPTY_SCOPE, indexedFields(target));
    throw error;
  }
  return modelPermissionsOf(principal, target).scopeSql ?? null;
}

interface RelationUse { path: string; ids: string[] }

/** The related-form values of a record that need checking, by field: changed (or new) and non-empty. */
function relationUses(model: CompiledModel, data: Record<string, unknown>, stored: Record<string, unknown> | null): Map<CompiledField, RelationUse[]> {
  const out = new Map<CompiledField, RelationUse[]>();
  for (const { field, value, path } of changedValues(model, data, stored)) {
    if (field.kind !== 'relationForm') continue;
    const ids = valueIds(value);
    if (ids.length) out.set(field, [...(out.get(field) ?? []), { path, ids }]);
  }
  return out;
}

/**
 * Related-form values checked on save as its picker would offer them (relation-routes.ts): each
 * id must be a record of the field's model inside that model's data scope for the caller; a
 * forged or foreign id is refused on its field. The page's grant on A has been judged by the
 * record routes. One query per field, whatever the number of rows; checked when the value
 * changes, so a record of B removed later does not block saving A's other fields. A field with
 * no model, or a model that is not released, cannot have produced a value: any value is refused.
 */
export async function relationProblems(
  db: Db, model: CompiledModel, data: Record<string, unknown>, locale: Locale, principal: Principal, stored: Record<string, unknown> | null,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  for (const [field, uses] of relationUses(model, data, stored)) {
    const refuseAll = () => problems.push(...uses.map((u) => ({ field: u.path, message: translate(locale, 'popupSelect.notRecord', { label: field.label }) })));
    const config = popupConfigOf(field.props, true);
    if (!relationReady(config)) { refuseAll(); continue; }
    let target: CompiledModel;
    try {
      target = await releasedModel(db, config.modelId, locale);
    } catch (error) {
      if (error instanceof AppError) { refuseAll(); continue; }
      throw error;
    }
    const wanted = [...new Set(uses.flatMap((u) => u.ids))];
    let query = db.selectFrom('visualdevRecord as r').select('r.id').where('r.modelId', '=', target.id).where('r.id', 'in', wanted);
    const scope = relationTargetScope(principal, target);
    if (scope) query = query.where(scope.where);
    const found = new Set((await query.execute()).map((r) => r.id));
    for (const use of uses) {
      if (use.ids.some((id) => !found.has(id))) problems.push({ field: use.path, message: translate(locale, 'popupSelect.notRecord', { label: field.label }) });
    }
  }
  return problems;
}
