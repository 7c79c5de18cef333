import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { revokeSession } from '../../../auth/sessions';
import { audit } from '../../../audit/record';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, PagedEnvelope, PagedQueryFields, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { inOrganizes } from '../../permission/users/read';
import { pickerScope, scopeList } from '../../permission/users/visibility';
import { likePattern } from '../../permission/entity-form';

// Who may see and end other people's sessions: user management (the menu entry permission.user and system.onlineUser).
const manage = { access: { permission: 'permission.user:manage' as const } };
const tags = ['onlineUser'];

const OnlineUser = Type.Object({
  id: Type.String({ description: 'the session id' }),
  userId: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  loginTime: Type.Number(),
  lastSeenAt: Type.Number(),
  ip: Type.String(),
  userAgent: Type.String(),
  locked: Type.Integer({ description: '1 while the screen is locked' }),
});

/**
 * 在线用户 (issue 14 item 5): the sessions now open, of the people the caller may see, and
 * forcing one offline. The session ends at once (its token answers 600 from the next request) and
 * its sockets get 'logout' with 登录过期,请重新登录 on every process.
 */
export const onlineUserRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const visible = async (request: Parameters<typeof principalOf>[0]) => {
    const limit = scopeList(await pickerScope(db, principalOf(request)));
    const now = Date.now();
    let q = db
      .selectFrom('baseSession as s')
      .innerJoin('baseUser', 'baseUser.id', 's.userId')
      .where('s.revokedAt', 'is', null)
      .where('s.expiresAt', '>', now);
    if (limit) q = q.where(inOrganizes(limit));
    return q;
  };

  app.get(
    '/OnlineUser',
    { config: manage, schema: { tags, summary: 'Open sessions, newest activity first; keyword matches account or name', querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(OnlineUser) } } },
    async (request) => {
      const { currentPage, pageSize, keyword } = request.query;
      let q = await visible(request);
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['baseUser.account']), 'like', like), eb(eb.fn('lower', ['baseUser.realName']), 'like', like)]));
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q
        .select(['s.id', 's.userId', 's.createdAt', 's.lastSeenAt', 's.ip', 's.userAgent', 's.locked', 'baseUser.account', 'baseUser.realName'])
        .orderBy('s.lastSeenAt', 'desc')
        .orderBy('s.id')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const list = rows.map((r) => ({
        id: r.id, userId: r.userId, account: r.account, realName: r.realName, loginTime: Number(r.createdAt), lastSeenAt: Number(r.lastSeenAt), ip: r.ip ?? '', userAgent: (r.userAgent ?? '').slice(0, 200), locked: Number(r.locked),
      }));
      return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.delete(
    '/OnlineUser/:id',
    { config: manage, schema: { tags, summary: 'Forces a session offline (not the caller\'s own)', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) }), response: { 200: EmptyEnvelope } } },
    async (request) => {
      const me = principalOf(request);
      const target = await (await visible(request)).select(['s.id', 's.userId', 'baseUser.account']).where('s.id', '=', request.params.id).executeTakeFirst();
      if (!target) throw new AppError(ReplyCode.notFound, 'onlineUser.notFound');
      if (target.id === me.session.id) throw refuse('onlineUser.notSelf');
      await revokeSession(db, target.id, ReplyCode.sessionExpired);
      await audit(db, request, { entity: 'onlineUser', entityId: target.userId, action: 'update', after: { userId: target.userId, account: target.account, forcedOffline: true } });
      return done(request.t('onlineUser.forced'));
    },
  );
};
