import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db';
import type { OrganizeRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { subtreeIds } from '../../../auth/org-tree';
import { ownOrganizes } from '../../current-user/org-routes';
import { parentsOf } from './views';

/**
 * The organisations a caller may pick in the "ByAuth" pickers: administrators all of them,
 * anyone else their own organisations (the major one and those they belong to) and everything
 * below those. `excludeId` (not '0') leaves out a node and its subtree, the one being edited.
 */
export async function pickable(db: Db, request: FastifyRequest, all: readonly OrganizeRow[], excludeId: string): Promise<OrganizeRow[]> {
  const parents = parentsOf(all);
  const excluded = new Set(excludeId === '0' ? [] : subtreeIds(parents, [excludeId]));
  const principal = principalOf(request);
  let allowed: Set<string> | null = null;
  if (!principal.isAdministrator) {
    const own = await ownOrganizes(db, principal.user.id, principal.user.organizeId);
    allowed = new Set(subtreeIds(parents, own.map((o) => o.id)));
  }
  return all.filter((o) => !excluded.has(o.id) && (!allowed || allowed.has(o.id)));
}

/** All rows except `excludeId` ('0': none) and its subtree. */
export function withoutSubtree(all: readonly OrganizeRow[], excludeId: string): OrganizeRow[] {
  if (excludeId === '0') return [...all];
  const excluded = new Set(subtreeIds(parentsOf(all), [excludeId]));
  return all.filter((o) => !excluded.has(o.id));
}
