import type { Principal } from '../../auth/principal';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { HiddenCodes } from '../../../src/runtime/compile';
import type { CompiledModel } from '../../../src/runtime/model/compiled';

/**
 * What a user may do on one model's page (spec 6): the column, form and button codes of the
 * menu entries whose propertyJson.moduleId is the model, granted to the user's roles.
 * Administrators hold everything. A user whose roles see no such menu entry gets 403.
 */
export interface ModelPermissions {
  all: boolean;
  button: ReadonlySet<string>;
  column: ReadonlySet<string>;
  form: ReadonlySet<string>;
}

const ALL: ModelPermissions = { all: true, button: new Set(), column: new Set(), form: new Set() };

/** Menu entries (any type) that open this model. */
async function menusOfModel(db: Db, modelId: string): Promise<string[]> {
  const escaped = modelId.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom('baseModule')
    .select(['id', 'propertyJson'])
    .where('enabledMark', '=', 1)
    .where('propertyJson', 'like', `%${escaped}%`)
    .execute();
  return rows
    .filter((r) => {
      try {
        return (JSON.parse(r.propertyJson ?? '{}') as { moduleId?: unknown }).moduleId === modelId;
      } catch {
        return false;
      }
    })
    .map((r) => r.id);
}

/**
 * The menu entries opening `moduleId` (a model, or a dictionary, report or portal page) that
 * the user's roles are granted: null for administrators (they hold every entry); 403 when none.
 */
export async function grantedMenusOf(db: Db, principal: Principal, moduleId: string): Promise<string[] | null> {
  if (principal.isAdministrator) return null;
  const denied = new AppError(ReplyCode.forbidden, 'server.permissionDenied');
  if (principal.roleIds.length === 0) throw denied;
  const menus = await menusOfModel(db, moduleId);
  if (menus.length === 0) throw denied;
  const granted = await db
    .selectFrom('baseAuthorize')
    .select('itemId')
    .where('objectType', '=', 'Role')
    .where('objectId', 'in', principal.roleIds)
    .where('itemType', '=', 'module')
    .where('itemId', 'in', menus)
    .execute();
  if (granted.length === 0) throw denied;
  return granted.map((g) => g.itemId);
}

export async function modelPermissionsOf(db: Db, principal: Principal, modelId: string): Promise<ModelPermissions> {
  const granted = await grantedMenusOf(db, principal, modelId);
  if (granted === null) return ALL;
  const items = await db
    .selectFrom('baseModuleItem')
    .innerJoin('baseAuthorize', (join) =>
      join.onRef('baseAuthorize.itemId', '=', 'baseModuleItem.id').onRef('baseAuthorize.itemType', '=', 'baseModuleItem.kind'),
    )
    .select(['baseModuleItem.kind', 'baseModuleItem.enCode'])
    .where('baseModuleItem.moduleId', 'in', granted)
    .where('baseAuthorize.objectType', '=', 'Role')
    .where('baseAuthorize.objectId', 'in', principal.roleIds)
    .execute();
  const of = (kind: string) => new Set(items.filter((i) => i.kind === kind).map((i) => i.enCode));
  return { all: false, button: of('button'), column: of('column'), form: of('form') };
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
