import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../auth/access';
import { audit } from '../../audit/record';
import { newId } from '../../db/ids';
import { EmptyEnvelope, PagedEnvelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import type { CurrentUserOptions } from './profile-routes';
import { IdParams, PageQuery, PendingRegistration } from './schemas';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';

/** The role a self-registered business customer receives on approval (seeded as 业务客户). */
export const CUSTOMER_ROLE_CODE = 'businessCustomer';

const tags = ['permission'];
const manage = { permission: 'permission.user:manage' } as const;

/** Staff review of self-registrations (POST /api/oauth/register): list the pending ones, approve. */
export const registrationRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/Pending',
    {
      config: { access: manage },
      schema: { tags, summary: 'Self-registered customer accounts awaiting approval, oldest first', querystring: Type.Object(PageQuery), response: { 200: PagedEnvelope(PendingRegistration) } },
    },
    async (request) => {
      const { currentPage = 1, pageSize = 20 } = request.query;
      const base = db.selectFrom('baseRegistration as r').innerJoin('baseUser as u', 'u.id', 'r.userId').where('r.state', '=', 'pending');
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['u.id', 'r.id as registrationId', 'u.account', 'r.mobile', 'r.companyName', 'r.contactName', 'r.createdAt'])
        .orderBy('r.createdAt')
        .orderBy('r.id')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      return ok({ list: rows, pagination: { currentPage, pageSize, total: Number(total) } });
    },
  );

  app.put(
    '/:id/Actions/Approve',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Approve a pending registration: the company becomes an organisation, the account gets the customer role and is enabled',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await approveRegistration(db, request, request.params.id);
      return done(request.t('profile.approved'));
    },
  );
};

/**
 * Approves a pending registration (userId: the registered account): the company becomes an
 * organisation, the account gets the customer role and is enabled, both in the audit log. Shared
 * by this route and the certification review queue (issue 21), so the two never differ.
 */
export async function approveRegistration(db: Db, request: FastifyRequest, userId: string): Promise<void> {
  const approver = principalOf(request).user;
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const claimed = await trx
      .updateTable('baseRegistration')
      .set({ state: 'approved', decidedAt: now, decidedBy: approver.id })
      .where('userId', '=', userId)
      .where('state', '=', 'pending')
      .returning(['companyName', 'mobile'])
      .executeTakeFirst();
    if (!claimed) throw refuse('profile.registrationNotFound');
    const organizeId = newId();
    const company = { id: organizeId, parentId: '-1', category: 'company' as const, fullName: claimed.companyName, enCode: `customer.${claimed.mobile}.${organizeId.slice(-6)}`, sortCode: 0, enabledMark: 1, description: null, createdAt: now };
    await trx.insertInto('baseOrganize').values(company).execute();
    await audit(trx, request, { entity: 'organize', entityId: organizeId, action: 'create', after: company });
    const before = await trx.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const roleIdsBefore = (await trx.selectFrom('baseUserRelation').select('objectId').where('userId', '=', userId).where('objectType', '=', 'Role').execute()).map((r) => r.objectId);
    const role = await trx.selectFrom('baseRole').select('id').where('enCode', '=', CUSTOMER_ROLE_CODE).executeTakeFirst();
    if (role) await trx.insertInto('baseUserRelation').values({ id: newId(), userId, objectType: 'Role', objectId: role.id, sortCode: 0 }).execute();
    await trx.updateTable('baseUser').set({ enabledMark: 1, organizeId, updatedAt: now }).where('id', '=', userId).execute();
    // the approval is the account's change: enabled, in its new company, with the customer role
    await audit(trx, request, {
      entity: 'user', entityId: userId, action: 'update',
      before: { ...before, roleIds: roleIdsBefore }, after: { ...before, enabledMark: 1, organizeId, roleIds: role ? [...roleIdsBefore, role.id] : roleIdsBefore },
    });
  });
}
