import type { Db } from '../db';
import type { SessionRow, UserRow } from '../db/schema';
import { PERMISSION_CODES, type PermissionCode } from '../../src/runtime/permissions';

/** Who is calling: the session, the user row and the API permission codes they hold. */
export interface Principal {
  session: SessionRow;
  user: UserRow;
  roleIds: string[];
  isAdministrator: boolean;
  permissions: ReadonlySet<PermissionCode>;
}

export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('baseUserRelation')
    .innerJoin('baseRole', 'baseRole.id', 'baseUserRelation.objectId')
    .select('baseRole.id')
    .where('baseUserRelation.userId', '=', userId)
    .where('baseUserRelation.objectType', '=', 'Role')
    .where('baseRole.enabledMark', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

export async function loadPrincipal(db: Db, session: SessionRow): Promise<Principal | null> {
  const user = await db.selectFrom('baseUser').selectAll().where('id', '=', session.userId).executeTakeFirst();
  if (!user || user.enabledMark !== 1) return null;
  const roleIds = await roleIdsOf(db, user.id);
  const isAdministrator = user.isAdministrator === 1;
  let permissions: Set<PermissionCode>;
  if (isAdministrator) permissions = new Set(PERMISSION_CODES);
  else if (roleIds.length === 0) permissions = new Set();
  else {
    const grants = await db
      .selectFrom('baseAuthorize')
      .select('itemId')
      .where('objectType', '=', 'Role')
      .where('objectId', 'in', roleIds)
      .where('itemType', '=', 'api')
      .execute();
    const known = new Set<string>(PERMISSION_CODES);
    permissions = new Set(grants.map((g) => g.itemId).filter((c): c is PermissionCode => known.has(c)));
  }
  return { session, user, roleIds, isAdministrator, permissions };
}
