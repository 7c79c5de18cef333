import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import type { RoleRow } from '../../db/schema';
import { principalOf } from '../../auth/access';
import { inOrganizes } from './users/read';
import { pickerScope, scopeList, type PickerScope } from './users/visibility';

/**
 * What the organisation-family lookups (organisation, position, role and group pickers, and the
 * names of selected items) show a caller: the users' picker scope (users/visibility.ts), so every
 * picker agrees on who sees what. Administrators (and user managers) see all; anyone else the
 * organisations of their scope, the positions of those, roles that are global or belong to one
 * of them, and groups with a member they may see (or that they belong to themselves).
 */
export const lookupScope = (db: Db, request: FastifyRequest): Promise<PickerScope> => pickerScope(db, principalOf(request));

/** Roles the scope shows: every role for all-seeing callers; else global ones and those of a visible organisation. */
export function visibleRoles<R extends Pick<RoleRow, 'id' | 'globalMark'>>(scope: PickerScope, roles: readonly R[], roleOrganizes: ReadonlyMap<string, readonly string[]>): R[] {
  const within = scope.organizeIds;
  if (!within) return [...roles];
  return roles.filter((r) => Number(r.globalMark) === 1 || (roleOrganizes.get(r.id) ?? []).some((id) => within.has(id)));
}

/**
 * Group ids the scope shows, or null for all. Groups are global in JNPF (sets of users across
 * organisations), so a group is as visible as its members: a group shows when one of its enabled
 * members is in the caller's organisations, or when the caller is a member.
 */
export async function visibleGroupIds(db: Db, scope: PickerScope, userId: string): Promise<Set<string> | null> {
  const limit = scopeList(scope);
  if (!limit) return null;
  const rows = await db
    .selectFrom('baseUserRelation as g')
    .innerJoin('baseUser', 'baseUser.id', 'g.userId')
    .select('g.objectId')
    .distinct()
    .where('g.objectType', '=', 'Group')
    .where((eb) => eb.or([eb('baseUser.id', '=', userId), eb.and([eb('baseUser.enabledMark', '=', 1), inOrganizes(limit)(eb)])]))
    .execute();
  return new Set(rows.map((r) => r.objectId));
}
