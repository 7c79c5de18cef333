import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { principalOf } from '../../auth/access';
import { companyOf } from '../../auth/org-tree';
import type { PermissionCode } from '../../../src/runtime/permissions';

/**
 * Whose ordering records a call covers (docs/BUSINESS.md "Who"): staff holding `code` cover every
 * customer organisation (`organizeId: null`); anyone else only their own company's. A caller
 * with neither (no company) covers nothing: `organizeId` is then an id no record has.
 */
export interface OrderingScope {
  /** null: every organisation */
  organizeId: string | null;
  userId: string;
}

const NOBODY = '\u0000none';

export async function orderingScope(db: Kysely<Database>, request: FastifyRequest, code: PermissionCode): Promise<OrderingScope> {
  const principal = principalOf(request);
  if (principal.permissions.has(code)) return { organizeId: null, userId: principal.user.id };
  return { organizeId: (await companyOf(db, principal.user.organizeId)) ?? NOBODY, userId: principal.user.id };
}

/** The caller's own customer organisation (its company), or null when it has none. */
export async function ownOrganisation(db: Kysely<Database>, request: FastifyRequest): Promise<string | null> {
  return companyOf(db, principalOf(request).user.organizeId);
}

/** Whether a record of `organizeId` is within the scope (callers answer "not found" when not). */
export function covers(scope: OrderingScope, organizeId: string): boolean {
  return scope.organizeId === null || scope.organizeId === organizeId;
}
