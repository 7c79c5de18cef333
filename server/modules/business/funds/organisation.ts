import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { companyOf } from '../../../auth/org-tree';
import { AppError } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';

/** The customer organisation a money call is about: one's own company, or (with business.funds:manage) the one named. */
export async function organisationFor(db: Db, request: FastifyRequest, named: string | undefined): Promise<{ id: string; name: string }> {
  const principal = principalOf(request);
  const own = await companyOf(db, principal.user.organizeId);
  const id = named && named !== own ? (principal.permissions.has('business.funds:manage') ? named : null) : own;
  if (!id) throw new AppError(ReplyCode.forbidden, 'funds.notYours');
  const org = await db.selectFrom('baseOrganize').select(['id', 'fullName', 'category']).where('id', '=', id).executeTakeFirst();
  if (!org || org.category !== 'company') throw new AppError(ReplyCode.notFound, 'funds.noAccount');
  return { id: org.id, name: org.fullName };
}
