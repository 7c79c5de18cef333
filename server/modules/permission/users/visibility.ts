import type { Db } from '../../../db';
import type { Principal } from '../../../auth/principal';
import { organizeParents, subtreeIds } from '../../../auth/org-tree';

/**
 * Which users the pickers show a caller. Administrators and holders of permission.user:manage
 * see everyone (null); anyone else sees the users of their own organisations (major and related)
 * and of the organisations below them, so a business customer never lists another customer's
 * people. Everything outside answers as if it did not exist.
 */
export interface PickerScope {
  /** Organisation ids the caller may see, or null for all. */
  organizeIds: ReadonlySet<string> | null;
  parents: ReadonlyMap<string, string>;
}

export function seesEveryone(principal: Principal): boolean {
  return principal.isAdministrator || principal.permissions.has('permission.user:manage');
}

export async function pickerScope(db: Db, principal: Principal): Promise<PickerScope> {
  const parents = await organizeParents(db);
  if (seesEveryone(principal)) return { organizeIds: null, parents };
  const related = await db
    .selectFrom('baseUserRelation')
    .select('objectId')
    .where('userId', '=', principal.user.id)
    .where('objectType', '=', 'Organize')
    .execute();
  const own = [...(principal.user.organizeId ? [principal.user.organizeId] : []), ...related.map((r) => r.objectId)];
  return { organizeIds: new Set(subtreeIds(parents, own)), parents };
}

/** The organisation ids of the scope as a list for SQL, or null for no limit. */
export const scopeList = (scope: PickerScope): string[] | null => (scope.organizeIds ? [...scope.organizeIds] : null);

export const organizeVisible = (scope: PickerScope, id: string) => scope.organizeIds === null || scope.organizeIds.has(id);
