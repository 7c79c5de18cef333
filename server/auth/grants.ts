import type { Db } from '../db';
import type { AuthorizeRow, DataScopeType, UserRow } from '../db/schema';
import { PERMISSION_CODES, type PermissionCode } from '../../src/runtime/permissions';
import { MENU_API_CODES } from './menu-codes';
import { ancestorIds, organizeParents, subtreeIds } from './org-tree';

/**
 * Everything a non-administrator's roles grant, read in a handful of queries and kept in the
 * principal cache (principal.ts) until the access version moves. A user's roles are the enabled
 * roles related to them that are global, or organisation roles of an organisation they belong to
 * (major organisation or an 'Organize' relation); the grants are the union over those roles.
 */
export interface SchemeGrant {
  id: string;
  moduleId: string;
  enCode: string;
  fullName: string;
  scopeType: DataScopeType;
  conditionJson: string | null;
}

export interface MenuGrant {
  id: string;
  enCode: string;
  button: ReadonlySet<string>;
  column: ReadonlySet<string>;
  form: ReadonlySet<string>;
  schemes: readonly SchemeGrant[];
}

/** The organisation facts data scope reads: the major organisation, its company and the company's subtree. */
export interface ScopeFacts {
  userId: string;
  positionId: string | null;
  /** The user's major organisation (a department or a company): records' departmentId. */
  departmentId: string | null;
  /** The company above it (itself when it is one): records' organizeId. */
  organizeId: string | null;
  /** The company and every organisation below it. */
  organizeAndBelow: readonly string[];
}

export interface GrantSet {
  roleIds: string[];
  permissions: ReadonlySet<PermissionCode>;
  /** Granted, enabled menu entries by id. */
  menus: ReadonlyMap<string, MenuGrant>;
  /** Granted menu ids by the model (or page) their propertyJson.moduleId opens. */
  menusByModel: ReadonlyMap<string, readonly string[]>;
  scope: ScopeFacts;
}

/** The organisations a user belongs to: the major one and every 'Organize' relation. */
export async function organisationsOf(db: Db, user: Pick<UserRow, 'id' | 'organizeId'>): Promise<string[]> {
  const rows = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', user.id).where('objectType', '=', 'Organize').execute();
  return [...new Set([...(user.organizeId ? [user.organizeId] : []), ...rows.map((r) => r.objectId)])];
}

/** The roles in force for a user, with why each counts (global, or the organisation that carries it). */
export async function effectiveRoles(db: Db, user: Pick<UserRow, 'id' | 'organizeId'>) {
  const related = await db
    .selectFrom('baseUserRelation')
    .innerJoin('baseRole', 'baseRole.id', 'baseUserRelation.objectId')
    .select(['baseRole.id', 'baseRole.fullName', 'baseRole.enCode', 'baseRole.globalMark', 'baseRole.enabledMark', 'baseUserRelation.id as relationId'])
    .where('baseUserRelation.userId', '=', user.id)
    .where('baseUserRelation.objectType', '=', 'Role')
    .orderBy('baseRole.sortCode')
    .orderBy('baseRole.id')
    .execute();
  const orgRoleIds = related.filter((r) => r.globalMark !== 1).map((r) => r.id);
  const orgs = orgRoleIds.length ? await organisationsOf(db, user) : [];
  const carried = orgRoleIds.length && orgs.length
    ? await db.selectFrom('baseOrganizeRelation').select(['objectId', 'organizeId']).where('objectType', '=', 'Role').where('objectId', 'in', orgRoleIds).where('organizeId', 'in', orgs).execute()
    : [];
  return related.map((r) => {
    const via = carried.filter((c) => c.objectId === r.id).map((c) => c.organizeId);
    const inForce = r.enabledMark === 1 && (r.globalMark === 1 || via.length > 0);
    return { ...r, viaOrganizeIds: via, inForce };
  });
}

export async function scopeFactsOf(db: Db, user: Pick<UserRow, 'id' | 'organizeId' | 'positionId'>): Promise<ScopeFacts> {
  const parents = await organizeParents(db);
  const chain = user.organizeId ? ancestorIds(parents, user.organizeId) : [];
  let company: string | null = null;
  if (chain.length) {
    const rows = await db.selectFrom('baseOrganize').select(['id', 'category']).where('id', 'in', chain).execute();
    const category = new Map(rows.map((r) => [r.id, r.category]));
    company = chain.find((id) => category.get(id) === 'company') ?? null;
  }
  return {
    userId: user.id, positionId: user.positionId, departmentId: user.organizeId, organizeId: company,
    organizeAndBelow: company ? subtreeIds(parents, [company]) : [],
  };
}

/** The moduleId a menu entry opens (types 3, 4, 5, 8), or null. */
export function openedModel(propertyJson: string | null): string | null {
  try {
    const id = (JSON.parse(propertyJson ?? '{}') as { moduleId?: unknown }).moduleId;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

/** The authorize rows of roles (one query; the explain view shows them as they are). */
export async function grantRowsOf(db: Db, roleIds: readonly string[]): Promise<AuthorizeRow[]> {
  if (roleIds.length === 0) return [];
  return db.selectFrom('baseAuthorize').selectAll().where('objectType', '=', 'Role').where('objectId', 'in', [...roleIds]).execute();
}

export async function loadGrants(db: Db, user: UserRow): Promise<GrantSet> {
  const roleIds = (await effectiveRoles(db, user)).filter((r) => r.inForce).map((r) => r.id);
  const scope = await scopeFactsOf(db, user);
  const rows = await grantRowsOf(db, roleIds);
  const ids = (type: AuthorizeRow['itemType']) => [...new Set(rows.filter((r) => r.itemType === type).map((r) => r.itemId))];
  const moduleIds = ids('module');
  const modules = moduleIds.length
    ? await db.selectFrom('baseModule').select(['id', 'enCode', 'propertyJson']).where('id', 'in', moduleIds).where('enabledMark', '=', 1).execute()
    : [];
  const itemIds = [...ids('button'), ...ids('column'), ...ids('form')];
  const items = itemIds.length && modules.length ? await db.selectFrom('baseModuleItem').select(['id', 'moduleId', 'kind', 'enCode']).where('id', 'in', itemIds).execute() : [];
  const grantedItems = new Set(rows.filter((r) => r.itemType === 'button' || r.itemType === 'column' || r.itemType === 'form').map((r) => `${r.itemType}/${r.itemId}`));
  const schemeIds = ids('resource');
  const schemes = schemeIds.length && modules.length
    ? await db.selectFrom('baseModuleDataScheme').select(['id', 'moduleId', 'enCode', 'fullName', 'scopeType', 'conditionJson']).where('id', 'in', schemeIds).where('enabledMark', '=', 1).execute()
    : [];

  const menus = new Map<string, MenuGrant>();
  const menusByModel = new Map<string, string[]>();
  const permissions = new Set<PermissionCode>();
  for (const m of modules) {
    const of = (kind: string) => new Set(items.filter((i) => i.moduleId === m.id && i.kind === kind && grantedItems.has(`${kind}/${i.id}`)).map((i) => i.enCode));
    menus.set(m.id, { id: m.id, enCode: m.enCode, button: of('button'), column: of('column'), form: of('form'), schemes: schemes.filter((s) => s.moduleId === m.id) });
    const model = openedModel(m.propertyJson);
    if (model) menusByModel.set(model, [...(menusByModel.get(model) ?? []), m.id]);
    for (const code of MENU_API_CODES[m.enCode] ?? []) permissions.add(code);
  }
  const known = new Set<string>(PERMISSION_CODES);
  for (const code of ids('api')) if (known.has(code)) permissions.add(code as PermissionCode);
  return { roleIds, permissions, menus, menusByModel, scope };
}
