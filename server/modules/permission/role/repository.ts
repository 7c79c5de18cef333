import type { RoleRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';

/** The seeded administrator role: never deleted, its code, type and status fixed. */
export const ADMIN_ROLE_CODE = 'administrator';

export function findRole(db: DbOrTrx, id: string) {
  return db.selectFrom('baseRole').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleCodeTaken(db: DbOrTrx, enCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('baseRole').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/**
 * Names are unique among global roles and among the roles of each organisation: two companies
 * may each have a 部门经理 role, one organisation may not have two.
 */
export async function roleNameTaken(db: DbOrTrx, fullName: string, globalMark: number, organizeIds: readonly string[], exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('baseRole').select(['id', 'globalMark']).where('fullName', '=', fullName);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const same = await q.execute();
  if (globalMark === 1) return same.some((r) => Number(r.globalMark) === 1);
  const organisationRoles = same.filter((r) => Number(r.globalMark) === 0).map((r) => r.id);
  if (organisationRoles.length === 0 || organizeIds.length === 0) return false;
  const shared = await db
    .selectFrom('baseOrganizeRelation')
    .select('id')
    .where('objectType', '=', 'Role')
    .where('objectId', 'in', organisationRoles)
    .where('organizeId', 'in', [...organizeIds])
    .executeTakeFirst();
  return Boolean(shared);
}

/** Organisation ids of each role (object_type 'Role' relations), in their saved order. */
export async function organizeIdsOfRoles(db: DbOrTrx, roleIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (roleIds.length === 0) return out;
  const rows = await db
    .selectFrom('baseOrganizeRelation')
    .select(['objectId', 'organizeId'])
    .where('objectType', '=', 'Role')
    .where('objectId', 'in', [...new Set(roleIds)])
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  for (const r of rows) (out.get(r.objectId) ?? out.set(r.objectId, []).get(r.objectId)!).push(r.organizeId);
  return out;
}

/** Users holding a role (user relations of type 'Role'). */
export async function countRoleHolders(db: DbOrTrx, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('baseUserRelation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('objectType', '=', 'Role')
    .where('objectId', '=', roleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Enabled roles in display order. */
export function enabledRoles(db: DbOrTrx): Promise<RoleRow[]> {
  return db.selectFrom('baseRole').selectAll().where('enabledMark', '=', 1).orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

/** Replaces a role's organisations (none for a global role). */
export async function setRoleOrganizes(db: DbOrTrx, roleId: string, organizeIds: readonly string[], newId: () => string): Promise<void> {
  await db.deleteFrom('baseOrganizeRelation').where('objectType', '=', 'Role').where('objectId', '=', roleId).execute();
  if (organizeIds.length === 0) return;
  const now = Date.now();
  await db
    .insertInto('baseOrganizeRelation')
    .values(organizeIds.map((organizeId, sortCode) => ({ id: newId(), organizeId, objectType: 'Role' as const, objectId: roleId, sortCode, createdAt: now })))
    .execute();
}
