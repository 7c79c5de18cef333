import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import type { MessageRow } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { audited } from '../../../audit/record';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { RealtimeHub } from '../../../realtime/hub';
import { addCopies, pushArrival, recipientsOf, userLabel } from './deliver';
import { validateNotice } from './notice-input';
import { IdParams, MESSAGE_TYPE, NoticeBody, NoticeQuery, NoticeView } from './schemas';
import { likePattern } from '../../permission/entity-form';

// The permission the menu entries system.notice and system.messageTemplate carry (server/auth/menu-codes.ts).
const manage = { access: { permission: 'message.notice:manage' as const } };
const tags = ['notice'];

async function findNotice(db: Db, id: string): Promise<MessageRow> {
  const row = await db.selectFrom('baseMessage').selectAll().where('id', '=', id).where('type', '=', MESSAGE_TYPE.notice).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'message.notFound');
  return row;
}

const recipientsIn = (row: MessageRow): string[] => {
  try {
    const ids: unknown = row.toUserIds ? JSON.parse(row.toUserIds) : [];
    return Array.isArray(ids) ? ids.map(String) : [];
  } catch {
    return [];
  }
};

/** Announcements as their administrators see them, with how many recipients have read each. */
async function views(db: Db, rows: MessageRow[]) {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .selectFrom('baseMessageReceive')
        .select(['messageId', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('isRead').as('read')])
        .where('messageId', 'in', ids)
        .groupBy('messageId')
        .execute()
    : [];
  const senders = [...new Set(rows.map((r) => r.releaseUserId).filter((v): v is string => !!v))];
  const users = senders.length ? await db.selectFrom('baseUser').select(['id', 'realName', 'account']).where('id', 'in', senders).execute() : [];
  return rows.map((r) => {
    const c = counts.find((x) => x.messageId === r.id);
    const u = users.find((x) => x.id === r.releaseUserId);
    return {
      id: r.id, title: r.title, bodyText: r.bodyText ?? '', toUserIds: recipientsIn(r), enabledMark: Number(r.enabledMark), releaseUser: u ? `${u.realName}/${u.account}` : '',
      releaseTime: r.releaseTime === null ? null : Number(r.releaseTime), readCount: Number(c?.read ?? 0), receiverCount: Number(c?.n ?? 0), createdAt: Number(r.createdAt),
    };
  });
}

/** Announcements (公告, spec 7.11): written as drafts, released to everyone or to chosen people at once. */
export const noticeRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  app.get(
    '/Notice',
    { config: manage, schema: { tags, summary: 'Announcements, newest first; keyword (title), enabledMark (0 draft, 1 released)', querystring: NoticeQuery, response: { 200: PagedEnvelope(NoticeView) } } },
    async (request) => {
      const { currentPage, pageSize, keyword, enabledMark } = request.query;
      let q = db.selectFrom('baseMessage').where('type', '=', MESSAGE_TYPE.notice);
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb(eb.fn('lower', ['title']), 'like', like));
      if (enabledMark !== undefined) q = q.where('enabledMark', '=', enabledMark);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      return ok({ list: await views(db, rows), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get('/:id', { config: manage, schema: { tags, summary: 'One announcement', params: IdParams, response: { 200: Envelope(NoticeView) } } }, async (request) =>
    ok((await views(db, [await findNotice(db, request.params.id)]))[0]!),
  );

  app.post('', { config: manage, schema: { tags, summary: 'New announcement (a draft until released)', body: NoticeBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = validateNotice(request.body);
    const id = newId();
    const now = Date.now();
    const row = { id, type: MESSAGE_TYPE.notice, flowType: null, title: input.title, bodyText: input.bodyText, files: null, toUserIds: JSON.stringify(input.toUserIds), linkId: null, enabledMark: 0, releaseUserId: null, releaseTime: null, createdAt: now, createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null };
    await audited(db, request, { entity: 'notice', entityId: id, action: 'create', after: row }, (trx) => trx.insertInto('baseMessage').values(row).execute());
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/:id', { config: manage, schema: { tags, summary: 'Changes a draft announcement (a released one is final)', params: IdParams, body: NoticeBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    const before = await findNotice(db, request.params.id);
    if (Number(before.enabledMark) === 1) throw refuse('message.releasedFinal');
    const input = validateNotice(request.body);
    const change = { title: input.title, bodyText: input.bodyText, toUserIds: JSON.stringify(input.toUserIds), updatedAt: Date.now(), updatedBy: principalOf(request).user.id };
    await audited(db, request, { entity: 'notice', entityId: before.id, action: 'update', before, after: { ...before, ...change } }, (trx) =>
      trx.updateTable('baseMessage').set(change).where('id', '=', before.id).where('enabledMark', '=', 0).execute(),
    );
    return done(request.t('dictionary.updateSuccess'));
  });

  app.delete('/:id', { config: manage, schema: { tags, summary: "Deletes an announcement and every recipient's copy", params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const before = await findNotice(db, request.params.id);
    await audited(db, request, { entity: 'notice', entityId: before.id, action: 'delete', before }, async (trx) => {
      await trx.deleteFrom('baseMessageReceive').where('messageId', '=', before.id).execute();
      await trx.deleteFrom('baseMessage').where('id', '=', before.id).execute();
    });
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.put(
    '/:id/Actions/Release',
    { config: manage, schema: { tags, summary: 'Releases a draft: every recipient (chosen, or all enabled users) gets an unread copy, and the signed-in ones see it at once', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const before = await findNotice(db, request.params.id);
      if (Number(before.enabledMark) === 1) throw refuse('message.alreadyReleased');
      const chosen = recipientsIn(before);
      const me = principalOf(request).user.id;
      const now = Date.now();
      let to: string[] = [];
      await audited(db, request, { entity: 'notice', entityId: before.id, action: 'update', before, after: { ...before, enabledMark: 1, releaseUserId: me, releaseTime: now } }, async (trx) => {
        to = await recipientsOf(trx, chosen.length ? chosen : null);
        if (to.length === 0) throw refuse('message.recipientNotFound');
        // only a draft is released: two administrators pressing at once release it once
        const released = await trx.updateTable('baseMessage').set({ enabledMark: 1, releaseUserId: me, releaseTime: now }).where('id', '=', before.id).where('enabledMark', '=', 0).executeTakeFirst();
        if (Number(released.numUpdatedRows) !== 1) throw refuse('message.alreadyReleased');
        await addCopies(trx, before.id, to, now);
      });
      pushArrival(hub, to, { id: before.id, type: MESSAGE_TYPE.notice, title: before.title, flowType: null, linkId: null, releaseTime: now, releaseUser: await userLabel(db, me) });
      return done(request.t('message.released'));
    },
  );
};
