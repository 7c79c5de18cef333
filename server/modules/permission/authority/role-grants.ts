import type { Db } from '../../../db';
import { audit, type AuditActor } from '../../../audit/record';
import { newId } from '../../../db/ids';
import type { AuthorizeRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import type { GrantSet } from '../../../auth/grants';
import { checkGrantorHolds } from './grantor';
import { AppError, refuse } from '../../../http/errors';
import { translationsOf } from '../../../http/translations';
import { ReplyCode } from '../../../../src/runtime/codes';
import { PERMISSION_CODES } from '../../../../src/runtime/permissions';

/**
 * A role's grants for the grant screens: every menu entry as a tree, each with its buttons,
 * list columns, form fields and data-scope schemes, and whether the role holds each; and the
 * save of one or more areas, each replaced whole, in one transaction.
 */
export const GRANT_AREAS = ['module', 'button', 'column', 'form', 'resource', 'api'] as const;
export type GrantArea = (typeof GRANT_AREAS)[number];

export async function roleOrMissing(db: Db, roleId: string) {
  const role = await db.selectFrom('baseRole').select(['id', 'fullName', 'enCode', 'globalMark', 'enabledMark']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new AppError(ReplyCode.notFound, 'authority.roleNotFound');
  return role;
}

interface Entry { id: string; enCode: string; fullName: string; fullName_i18n: Record<string, string> | null; checked: boolean }
interface SchemeEntry extends Entry { scopeType: string }
export interface GrantNode {
  id: string; parentId: string; fullName: string; fullName_i18n: Record<string, string> | null; enCode: string; type: number; icon: string | null;
  moduleId: string | null; checked: boolean; hasChildren: boolean;
  buttons: Entry[]; columns: Entry[]; forms: Entry[]; schemes: SchemeEntry[]; children: GrantNode[];
}

export async function roleGrantTree(db: Db, roleId: string) {
  const role = await roleOrMissing(db, roleId);
  const [menus, items, schemes, rows] = await Promise.all([
    db.selectFrom('baseModule').selectAll().orderBy('sortCode').orderBy('id').execute(),
    db.selectFrom('baseModuleItem').selectAll().orderBy('sortCode').orderBy('id').execute(),
    db.selectFrom('baseModuleDataScheme').selectAll().orderBy('sortCode').orderBy('createdAt').execute(),
    db.selectFrom('baseAuthorize').select(['itemType', 'itemId']).where('objectType', '=', 'Role').where('objectId', '=', roleId).execute(),
  ]);
  const held = new Set(rows.map((r) => `${r.itemType}/${r.itemId}`));
  const entry = (kind: string, r: { id: string; enCode: string; fullName: string; fullNameI18n: string | null }): Entry => ({
    id: r.id, enCode: r.enCode, fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), checked: held.has(`${kind}/${r.id}`),
  });
  const nodes = new Map<string, GrantNode>();
  for (const m of menus) {
    let moduleId: string | null = null;
    try { moduleId = (JSON.parse(m.propertyJson ?? '{}') as { moduleId?: string }).moduleId ?? null; } catch { moduleId = null; }
    const own = items.filter((i) => i.moduleId === m.id);
    nodes.set(m.id, {
      id: m.id, parentId: m.parentId, fullName: m.fullName, fullName_i18n: translationsOf(m.fullNameI18n), enCode: m.enCode, type: m.type, icon: m.icon, moduleId,
      checked: held.has(`module/${m.id}`), hasChildren: false,
      buttons: own.filter((i) => i.kind === 'button').map((i) => entry('button', i)),
      columns: own.filter((i) => i.kind === 'column').map((i) => entry('column', i)),
      forms: own.filter((i) => i.kind === 'form').map((i) => entry('form', i)),
      schemes: schemes.filter((s) => s.moduleId === m.id).map((s) => ({ ...entry('resource', s), scopeType: s.scopeType })),
      children: [],
    });
  }
  const roots: GrantNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  for (const n of nodes.values()) n.hasChildren = n.children.length > 0;
  const checked = Object.fromEntries(GRANT_AREAS.map((area) => [area, rows.filter((r) => r.itemType === area).map((r) => r.itemId).sort()])) as Record<GrantArea, string[]>;
  return {
    role: { id: role.id, fullName: role.fullName, enCode: role.enCode, globalMark: role.globalMark, enabledMark: role.enabledMark },
    list: roots,
    api: PERMISSION_CODES.map((code) => ({ code, checked: held.has(`api/${code}`) })),
    checked,
  };
}

/**
 * Replaces the role's grants of each area present in `areas` (absent areas stay as they are).
 * Every id must exist: menus, items and schemes by id, API codes from the vocabulary; an item or
 * scheme must belong to a menu the role holds after the save; a grantor who is not an
 * administrator changes only what they hold themselves (grantor.ts). Nothing is written on a refusal.
 */
export async function saveRoleGrants(db: Db, roleId: string, areas: Partial<Record<GrantArea, string[]>>, grantor: GrantSet | null, actor: AuditActor): Promise<void> {
  const role = await roleOrMissing(db, roleId);
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('baseAuthorize').select(['itemType', 'itemId']).where('objectType', '=', 'Role').where('objectId', '=', roleId).execute();
    const wanted = (area: GrantArea) => [...new Set(areas[area] ?? current.filter((r) => r.itemType === area).map((r) => r.itemId))];
    const modules = wanted('module');
    const menuRows = modules.length ? await trx.selectFrom('baseModule').select('id').where('id', 'in', modules).execute() : [];
    const unknown: string[] = modules.filter((id) => !menuRows.some((m) => m.id === id));
    const heldMenus = new Set(modules);
    for (const kind of ['button', 'column', 'form'] as const) {
      const ids = wanted(kind);
      const found = ids.length ? await trx.selectFrom('baseModuleItem').select(['id', 'moduleId']).where('id', 'in', ids).where('kind', '=', kind).execute() : [];
      const ok = new Set(found.filter((i) => heldMenus.has(i.moduleId)).map((i) => i.id));
      // only areas being saved are judged: an item left over under a menu revoked now is dropped, not refused
      if (areas[kind]) unknown.push(...ids.filter((id) => !ok.has(id)));
    }
    const schemeIds = wanted('resource');
    const schemes = schemeIds.length ? await trx.selectFrom('baseModuleDataScheme').select(['id', 'moduleId']).where('id', 'in', schemeIds).execute() : [];
    const okSchemes = new Set(schemes.filter((s) => heldMenus.has(s.moduleId)).map((s) => s.id));
    if (areas.resource) unknown.push(...schemeIds.filter((id) => !okSchemes.has(id)));
    const codes = new Set<string>(PERMISSION_CODES);
    if (areas.api) unknown.push(...wanted('api').filter((c) => !codes.has(c)));
    if (unknown.length) throw refuse('authority.unknownItems', { ids: unknown.slice(0, 10).join(', ') });
    const changed = new Map(GRANT_AREAS.filter((area) => areas[area]).map((area) => {
      const before = new Set(current.filter((r) => r.itemType === area).map((r) => r.itemId));
      const after = new Set(wanted(area));
      return [area, [...after].filter((id) => !before.has(id)).concat([...before].filter((id) => !after.has(id)))] as const;
    }));
    await checkGrantorHolds(trx, grantor, changed);

    // items and schemes of menus the role no longer holds go with the menu
    const keepItems = async (kind: 'button' | 'column' | 'form') => {
      const ids = wanted(kind);
      if (!ids.length) return [];
      const found = await trx.selectFrom('baseModuleItem').select(['id', 'moduleId']).where('id', 'in', ids).execute();
      return found.filter((i) => heldMenus.has(i.moduleId)).map((i) => i.id);
    };
    const next: Record<GrantArea, string[]> = {
      module: modules, button: await keepItems('button'), column: await keepItems('column'), form: await keepItems('form'),
      resource: schemeIds.filter((id) => okSchemes.has(id)), api: wanted('api').filter((c) => codes.has(c)),
    };
    await trx.deleteFrom('baseAuthorize').where('objectType', '=', 'Role').where('objectId', '=', roleId).where('itemType', 'in', [...GRANT_AREAS]).execute();
    const rows: AuthorizeRow[] = GRANT_AREAS.flatMap((itemType) => next[itemType].map((itemId) => ({ id: newId(), objectType: 'Role' as const, objectId: roleId, itemType, itemId })));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('baseAuthorize').values(rows.slice(i, i + 500)).execute();
    await audit(trx, actor, { entity: 'authority', entityId: roleId, action: 'update', before: Object.fromEntries(GRANT_AREAS.map((a) => [a, current.filter((r) => r.itemType === a).map((r) => r.itemId)])), after: next, name: role.fullName });
    await bumpAccessVersion(trx);
  });
}
