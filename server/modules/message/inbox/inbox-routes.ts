import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { IdParams, InboxDetail, InboxItem, InboxQuery, ReadAllBody, RecordBody, UnreadCounts } from './schemas';
import { unreadCounts } from './deliver';
import { likePattern } from '../../permission/entity-form';

const signedIn = { access: 'signedIn' as const };
const tags = ['message'];

type Filter = { keyword?: string | null; type?: number | string | null; isRead?: number | string | null };

/** My copies of released messages, with the message and its sender, narrowed by the drawer's filter. */
function mine(db: Db, userId: string, filter: Filter) {
  let q = db
    .selectFrom('baseMessageReceive as r')
    .innerJoin('baseMessage as m', 'm.id', 'r.messageId')
    .leftJoin('baseUser as u', 'u.id', 'm.releaseUserId')
    .where('r.userId', '=', userId);
  const like = likePattern(filter.keyword ?? undefined);
  if (like) q = q.where((eb) => eb(eb.fn('lower', ['m.title']), 'like', like));
  const type = Number(filter.type);
  if (filter.type !== undefined && filter.type !== null && filter.type !== '' && Number.isInteger(type)) q = q.where('m.type', '=', type);
  if (filter.isRead !== undefined && filter.isRead !== null && filter.isRead !== '') q = q.where('r.isRead', '=', Number(filter.isRead) === 1 ? 1 : 0);
  return q;
}

const COLUMNS = ['m.id', 'm.title', 'm.type', 'm.flowType', 'm.linkId', 'r.isRead', 'm.releaseTime', 'm.bodyText', 'm.files', 'u.realName', 'u.account'] as const;
const withColumns = (q: ReturnType<typeof mine>) => q.select(COLUMNS);

type ItemRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];
const item = (r: ItemRow) => ({
  id: r.id, title: r.title, type: Number(r.type), flowType: r.flowType === null ? null : Number(r.flowType), linkId: r.linkId, isRead: Number(r.isRead) === 1 ? '1' : '0',
  releaseUser: r.realName ? `${r.realName}/${r.account}` : '', releaseTime: Number(r.releaseTime ?? 0),
});

const idsOf = (ids: string[] | string) => (Array.isArray(ids) ? ids : ids.split(',')).map((s) => s.trim()).filter(Boolean).slice(0, 1000);

/** What a signed-in person does with their own messages (spec 7.11, 2.6): only their own copies, ever. */
export const inboxRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    { config: signedIn, schema: { tags, summary: 'My messages, newest first; keyword (title), type (1 announcement, 2 flow, 3 system) and isRead filter', querystring: InboxQuery, response: { 200: PagedEnvelope(InboxItem) } } },
    async (request) => {
      const { currentPage, pageSize, keyword, type, isRead, sort } = request.query;
      const base = mine(db, principalOf(request).user.id, { keyword, type, isRead });
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await withColumns(base)
        .orderBy('m.releaseTime', sort === 'asc' ? 'asc' : 'desc')
        .orderBy('m.id', sort === 'asc' ? 'asc' : 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      return ok({ list: rows.map(item), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get('/Unread', { config: signedIn, schema: { tags, summary: 'My unread messages by type (the bell)', response: { 200: Envelope(UnreadCounts) } } }, async (request) =>
    ok(await unreadCounts(db, principalOf(request).user.id)),
  );

  app.get(
    '/ReadInfo/:id',
    { config: signedIn, schema: { tags, summary: 'One of my messages with its text; reading it marks it read', params: IdParams, response: { 200: Envelope(InboxDetail) } } },
    async (request) => {
      const userId = principalOf(request).user.id;
      const row = await withColumns(mine(db, userId, {})).where('m.id', '=', request.params.id).executeTakeFirst();
      if (!row) throw new AppError(ReplyCode.notFound, 'message.notFound');
      if (Number(row.isRead) !== 1)
        await db.updateTable('baseMessageReceive').set({ isRead: 1, readTime: Date.now() }).where('messageId', '=', row.id).where('userId', '=', userId).execute();
      let files: unknown = [];
      try {
        files = row.files ? JSON.parse(row.files) : [];
      } catch {
        files = [];
      }
      return ok({ ...item(row), isRead: '1', bodyText: row.bodyText ?? '', files: Array.isArray(files) ? files : [] });
    },
  );

  app.post(
    '/Actions/ReadAll',
    { config: signedIn, schema: { tags, summary: 'Marks read every one of my messages the current filter shows (keyword, type, isRead)', body: ReadAllBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const userId = principalOf(request).user.id;
      const shown = mine(db, userId, request.body ?? {}).select('r.id');
      await db.updateTable('baseMessageReceive').set({ isRead: 1, readTime: Date.now() }).where('isRead', '=', 0).where('id', 'in', shown).execute();
      return done(request.t('message.readAllSuccess'));
    },
  );

  app.delete(
    '/Record',
    { config: signedIn, schema: { tags, summary: 'Deletes my copies of the given messages (others keep theirs)', body: RecordBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const ids = idsOf(request.body.ids);
      if (ids.length) await db.deleteFrom('baseMessageReceive').where('userId', '=', principalOf(request).user.id).where('messageId', 'in', ids).execute();
      return done(request.t('message.deleteSuccess'));
    },
  );
};
