import type { CompiledButton, CompiledColumn, CompiledModel } from '../runtime/model/compiled';
import type { PermissionEntry } from './data/provider';

/**
 * Column, form and button gating (spec platform 6, widgets 6). Each applies only when the
 * model turns that judging on; then a code must appear in the current page's entry, and a
 * page without an entry (no modelId) denies all.
 */
type Area = 'column' | 'form' | 'button';

function allowed(model: Pick<CompiledModel, 'usePermission'>, permissions: PermissionEntry | null, area: Area, code: string): boolean {
  if (!model.usePermission[area]) return true;
  if (!permissions || !permissions.modelId) return false;
  return (permissions[area] ?? []).some((item) => item.enCode === code);
}

export const canSeeColumn = (model: Pick<CompiledModel, 'usePermission'>, permissions: PermissionEntry | null, code: string) => allowed(model, permissions, 'column', code);
export const canSeeFormField = (model: Pick<CompiledModel, 'usePermission'>, permissions: PermissionEntry | null, code: string) => allowed(model, permissions, 'form', code);
export const canUseButton = (model: Pick<CompiledModel, 'usePermission'>, permissions: PermissionEntry | null, code: string) => allowed(model, permissions, 'button', code);

export function visibleColumns(model: CompiledModel, permissions: PermissionEntry | null): CompiledColumn[] {
  return model.list.columns.filter((c) => canSeeColumn(model, permissions, c.permissionCode));
}

export function allowedButtons(model: CompiledModel, permissions: PermissionEntry | null, buttons: CompiledButton[]): CompiledButton[] {
  return buttons.filter((b) => canUseButton(model, permissions, b.permissionCode));
}

/** Field keys a form or detail viewer shows: visible on pc, not noShow, and (storing fields) permitted. */
export function visibleFieldKeys(model: CompiledModel, permissions: PermissionEntry | null): Set<string> {
  const keys = new Set<string>();
  for (const field of Object.values(model.form.fields)) {
    if (!field.visiblePc || field.noShow) continue;
    // display-only kinds (divider, text …) carry no permission code of their own
    if (field.stores && !canSeeFormField(model, permissions, field.permissionCode)) continue;
    keys.add(field.key);
  }
  return keys;
}
