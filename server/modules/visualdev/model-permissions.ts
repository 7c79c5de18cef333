import type { Principal } from '../../auth/principal';
import { type RecordScope, unionScope, WHOLE_SCOPE } from '../../auth/data-scope';
import { type ScopeSql, scopeSqlOf } from './record-scope';
import { indexedFields } from './record-store';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { HiddenCodes } from '../../../src/runtime/compile';
import type { CompiledModel } from '../../../src/runtime/model/compiled';

/**
 * What a user may do on one model's page (spec 6): the column, form and button codes and the
 * data-scope schemes of the menu entries whose propertyJson.moduleId is the model, granted to
 * the user's roles (their union, from the principal's cached grants: server/auth/grants.ts).
 * Administrators hold everything. A user whose roles see no such menu entry gets 403.
 */
export interface ModelPermissions {
  all: boolean;
  button: ReadonlySet<string>;
  column: ReadonlySet<string>;
  form: ReadonlySet<string>;
  /**
   * Which records they may read and write (all when the model does not judge data, or for
   * administrators). Optional so fixed permission sets (tests, short links) need not name it;
   * modelPermissionsOf, the one source for callers, always sets both.
   */
  scope?: RecordScope;
  /** The scope as conditions on the record row (record-scope.ts); null or absent: every record. */
  scopeSql?: ScopeSql | null;
}

const ALL: ModelPermissions = { all: true, button: new Set(), column: new Set(), form: new Set(), scope: WHOLE_SCOPE, scopeSql: null };

/**
 * The menu entries opening `moduleId` (a model, or a dictionary, report or portal page) that
 * the user's roles are granted: null for administrators (they hold every entry); 403 when none.
 */
export function grantedMenusOf(principal: Principal, moduleId: string): string[] | null {
  if (principal.isAdministrator || !principal.grants) return null;
  const menus = principal.grants.menusByModel.get(moduleId);
  if (!menus?.length) throw new AppError(ReplyCode.forbidden, 'server.permissionDenied');
  return [...menus];
}

/**
 * A model's permissions for a user. Data scope: the union of the schemes granted on the menus
 * opening the model, when the model judges data (useDataPermission); a model that judges data
 * and grants the user no scheme shows them no record (docs/DECISIONS.md).
 */
export function modelPermissionsOf(principal: Principal, model: CompiledModel): ModelPermissions {
  const granted = grantedMenusOf(principal, model.id);
  if (granted === null) return ALL;
  // kept with the principal's cached grants, by the compiled model: either changing makes a new key
  const kept = principal.derived?.get(model) as ModelPermissions | undefined;
  if (kept) return kept;
  const perms = computePermissions(principal, model, granted);
  principal.derived?.set(model, perms);
  return perms;
}

function computePermissions(principal: Principal, model: CompiledModel, granted: string[]): ModelPermissions {
  const grants = principal.grants!;
  const menus = granted.map((id) => grants.menus.get(id)!).filter(Boolean);
  const union = (area: 'button' | 'column' | 'form') => new Set(menus.flatMap((m) => [...m[area]]));
  let scope: RecordScope = WHOLE_SCOPE;
  let scopeSql: ScopeSql | null = null;
  if (model.usePermission.data) {
    const indexed = indexedFields(model);
    scope = unionScope(menus.flatMap((m) => m.schemes), grants.scope, new Set(indexed.keys()));
    scopeSql = scopeSqlOf(model.id, scope, indexed);
  }
  return { all: false, button: union('button'), column: union('column'), form: union('form'), scope, scopeSql };
}

/** A button code is allowed when judging is off for buttons, or the code is granted. */
export function mayUseButton(model: CompiledModel, perms: ModelPermissions, code: string): boolean {
  return perms.all || !model.usePermission.button || perms.button.has(code);
}

export function mayUseColumn(model: CompiledModel, perms: ModelPermissions, code: string): boolean {
  return perms.all || !model.usePermission.column || perms.column.has(code);
}

export function mayUseField(model: CompiledModel, perms: ModelPermissions, code: string): boolean {
  return perms.all || !model.usePermission.form || perms.form.has(code);
}

export function requireButton(model: CompiledModel, perms: ModelPermissions, code: string): void {
  if (!mayUseButton(model, perms, code)) throw new AppError(ReplyCode.forbidden, 'server.permissionDenied');
}

/** The permission codes of a model this user is not granted, by area (for filtering its definition). */
export function hiddenCodes(model: CompiledModel, perms: ModelPermissions): HiddenCodes {
  const hidden = <T>(items: T[], code: (item: T) => string, may: (code: string) => boolean) => new Set(items.map(code).filter((c) => !may(c)));
  return {
    form: hidden(Object.values(model.form.fields).filter((f) => f.stores), (f) => f.permissionCode, (c) => mayUseField(model, perms, c)),
    column: hidden([...model.list.columns.map((c) => c.permissionCode), ...model.list.searchFields.map((s) => s.prop), ...model.list.keywordFields], (c) => c, (c) => mayUseColumn(model, perms, c)),
    button: hidden([...model.list.buttons, ...model.list.rowButtons], (b) => b.permissionCode, (c) => mayUseButton(model, perms, c)),
  };
}

/** The compiled model as this user may see it: columns, fields and buttons they are not granted are removed. */
export function filterModel(model: CompiledModel, perms: ModelPermissions): CompiledModel {
  if (perms.all) return model;
  const fields = Object.fromEntries(Object.entries(model.form.fields).filter(([, f]) => !f.stores || mayUseField(model, perms, f.permissionCode)));
  const keep = (nodes: CompiledModel['form']['layout']): CompiledModel['form']['layout'] =>
    nodes.flatMap((n): CompiledModel['form']['layout'] => {
      if (n.node === 'field') return fields[n.key] ? [n] : [];
      if (n.node === 'container') return [{ ...n, children: keep(n.children) }];
      if (n.node === 'panes') return [{ ...n, panes: n.panes.map((p) => ({ ...p, children: keep(p.children) })) }];
      return [n];
    });
  const schema = model.recordSchema as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...model,
    form: {
      ...model.form,
      fields,
      layout: keep(model.form.layout),
      defaults: Object.fromEntries(Object.entries(model.form.defaults).filter(([k]) => fields[k])),
    },
    list: {
      ...model.list,
      columns: model.list.columns.filter((c) => mayUseColumn(model, perms, c.permissionCode)),
      searchFields: model.list.searchFields.filter((s) => mayUseColumn(model, perms, s.prop)),
      keywordFields: model.list.keywordFields.filter((k) => mayUseColumn(model, perms, k)),
      buttons: model.list.buttons.filter((b) => mayUseButton(model, perms, b.permissionCode)),
      rowButtons: model.list.rowButtons.filter((b) => mayUseButton(model, perms, b.permissionCode)),
    },
    recordSchema: {
      ...model.recordSchema,
      ...(schema.properties ? { properties: Object.fromEntries(Object.entries(schema.properties).filter(([k]) => fields[k])) } : {}),
      ...(schema.required ? { required: schema.required.filter((k) => fields[k]) } : {}),
    },
  };
}
