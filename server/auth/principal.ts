import type { Db } from '../db';
import type { SessionRow, UserRow } from '../db/schema';
import { PERMISSION_CODES, type PermissionCode } from '../../src/runtime/permissions';
import { readAccessVersion } from './access-version';
import { type GrantSet, loadGrants } from './grants';

/** Who is calling: the session, the user row, their roles, API permission codes and grants. */
export interface Principal {
  session: SessionRow;
  user: UserRow;
  roleIds: string[];
  isAdministrator: boolean;
  permissions: ReadonlySet<PermissionCode>;
  /** Menus, their button/column/form codes and data-scope schemes; null for administrators (they hold everything). */
  grants: GrantSet | null;
}

/**
 * Grants per user, each remembering the access version (access-version.ts) it was read at. Every
 * write that changes who may see what bumps the version in its own transaction, so a request
 * that reads a newer version rebuilds the user's grants: a change holds from the next request, in
 * every process sharing the database. The user row itself is read on every request (one
 * primary-key lookup), so a disabled account, a new theme or language never wait for the cache.
 */
const cache = new Map<string, { version: number; grants: GrantSet }>();
const CACHE_LIMIT = 10_000;

export async function cachedGrants(db: Db, user: UserRow, version?: number): Promise<GrantSet> {
  const current = version ?? (await readAccessVersion(db));
  const hit = cache.get(user.id);
  if (hit && hit.version === current) return hit.grants;
  const grants = await loadGrants(db, user);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(user.id, { version: current, grants });
  return grants;
}

const ALL_CODES: ReadonlySet<PermissionCode> = new Set(PERMISSION_CODES);

export async function loadPrincipal(db: Db, session: SessionRow): Promise<Principal | null> {
  // one statement: the user row and the access version (a round trip each would double the cost on PostgreSQL)
  const row = await db
    .selectFrom('baseUser')
    .selectAll('baseUser')
    .select((eb) => eb.selectFrom('baseAccessVersion').select('version').where('id', '=', 1).as('accessVersion'))
    .where('baseUser.id', '=', session.userId)
    .executeTakeFirst();
  if (!row || row.enabledMark !== 1) return null;
  const { accessVersion, ...user } = row;
  const version = Number(accessVersion ?? 0);
  if (user.isAdministrator === 1) {
    const grants = await cachedGrants(db, user, version);
    return { session, user, roleIds: grants.roleIds, isAdministrator: true, permissions: ALL_CODES, grants: null };
  }
  const grants = await cachedGrants(db, user, version);
  return { session, user, roleIds: grants.roleIds, isAdministrator: false, permissions: grants.permissions, grants };
}
