import type { Db } from '../db';
import type { SessionRow, UserRow } from '../db/schema';
import { PERMISSION_CODES, type PermissionCode } from '../../src/runtime/permissions';
import { Generation, invalidationOf, keyed, type Change } from '../cache/invalidation';
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
  /**
   * Values derived from this user's grants and something else (a model's permissions, keyed by the
   * compiled model: model-permissions.ts), kept as long as the cached user and grants are.
   */
  derived?: WeakMap<object, unknown>;
}

/**
 * The user row and grants of each signed-in user, kept in memory per database handle, so a
 * request reads neither. Dropped by any committed write (server/cache/invalidation.ts):
 * - base_user: the users it names (all when it names none): a disabled account, a new theme,
 *   language, organisation or administrator flag hold from the next request;
 * - the tables grants are read from (grants.ts), and the access version every such write also
 *   moves (access-version.ts): everyone, since one role or organisation reaches many users.
 */
const GRANT_TABLES = [
  'base_access_version', 'base_user_relation', 'base_role', 'base_organize_relation', 'base_organize', 'base_authorize',
  'base_module', 'base_module_item', 'base_module_data_scheme',
];
const PRINCIPAL_CACHE_LIMIT = 10_000;

interface Entry {
  user: UserRow;
  grants: GrantSet;
  derived: WeakMap<object, unknown>;
}

class PrincipalCache {
  readonly users = new Map<string, Entry>();
  readonly generation = new Generation();

  drop(change: Change): void {
    this.generation.bump();
    const ids = change.table === 'base_user' ? keyed(change, 'id') : null;
    if (ids) for (const id of ids) this.users.delete(String(id));
    else this.users.clear();
  }

  clear(): void {
    this.generation.bump();
    this.users.clear();
  }
}

const caches = new WeakMap<object, PrincipalCache>();

function principalCacheOf(db: Db): PrincipalCache | undefined {
  let cache = caches.get(db);
  if (cache) return cache;
  const bus = invalidationOf(db);
  if (!bus) return undefined;
  cache = new PrincipalCache();
  const kept = cache;
  bus.subscribe(['base_user', ...GRANT_TABLES], (change) => kept.drop(change));
  bus.onFlushAll(() => kept.clear());
  caches.set(db, cache);
  return cache;
}

const ALL_CODES: ReadonlySet<PermissionCode> = new Set(PERMISSION_CODES);

/** The principal of a session; null when its user is gone or disabled. */
export async function loadPrincipal(db: Db, session: SessionRow): Promise<Principal | null> {
  const cache = principalCacheOf(db);
  let entry = cache?.users.get(session.userId);
  if (!entry) {
    const mark = cache?.generation.begin() ?? 0;
    const user = await db.selectFrom('baseUser').selectAll().where('id', '=', session.userId).executeTakeFirst();
    if (!user || user.enabledMark !== 1) return null;
    entry = { user, grants: await loadGrants(db, user), derived: new WeakMap() };
    if (cache?.generation.fresh(mark)) {
      if (cache.users.size >= PRINCIPAL_CACHE_LIMIT) cache.users.clear();
      cache.users.set(session.userId, entry);
    }
  }
  const { user, grants, derived } = entry;
  if (user.isAdministrator === 1) {
    return { session, user, roleIds: grants.roleIds, isAdministrator: true, permissions: ALL_CODES, grants: null, derived };
  }
  return { session, user, roleIds: grants.roleIds, isAdministrator: false, permissions: grants.permissions, grants, derived };
}
