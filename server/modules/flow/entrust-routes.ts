import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import type { FlowDelegateRow } from '../../db/schema';
import type { DbOrTrx } from '../dictionary/repository';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { AppError, refuse } from '../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, PagedQueryFields, done, ok, Nullable } from '../../http/envelope';
import { likePattern } from '../permission/entity-form';
import { ReplyCode } from '../../../src/runtime/codes';
import { MESSAGE_TYPE, sendTranslated } from '../message/inbox';

const signedIn = { access: 'signedIn' as const };
const tags = ['flow'];
const Id = Type.Object({ id: Type.String({ maxLength: 50 }) });
const Body = Type.Object({
  toUserId: Type.String({ minLength: 1, maxLength: 50 }),
  /** null or []: every flow */
  // Null first: the server's coercion would otherwise turn null into [""]
  engineIds: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 50 }), { maxItems: 200 })])),
  startTime: Type.Integer({ minimum: 0 }),
  endTime: Type.Integer({ minimum: 0 }),
  description: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })])),
});
const Item = Type.Object({
  id: Type.String(), userId: Type.String(), userName: Type.String(), toUserId: Type.String(), toUserName: Type.String(),
  engineIds: Type.Union([Type.Array(Type.String()), Type.Null()]), flowNames: Type.Array(Type.String()),
  startTime: Type.Number(), endTime: Type.Number(), description: Nullable(Type.String()), createdAt: Type.Number(),
});

type Input = { toUserId: string; engineIds?: string[] | null; startTime: number; endTime: number; description?: string | null };

const enginesOf = (row: Pick<FlowDelegateRow, 'engineIds'>) => (row.engineIds === null ? null : (JSON.parse(row.engineIds) as string[]));

/**
 * Checks an entrust before it is written (docs/FLOWS.md "Entrusts"): the delegate an enabled user
 * other than oneself, the end after the start, the flows existing, and no other entrust of the
 * same delegator covering one of the same flows (every flow covers all) in an overlapping period,
 * so a to-do never has two delegates to choose from.
 */
async function checked(trx: DbOrTrx, me: string, input: Input, exceptId: string | null): Promise<string[] | null> {
  // the maker's user row first (a no-op UPDATE locks it on PostgreSQL; SQLite has one writer):
  // two entrusts of one maker saved at once queue here, so the overlap check sees the other
  await trx.updateTable('baseUser').set((eb) => ({ enabledMark: eb.ref('enabledMark') })).where('id', '=', me).execute();
  if (input.toUserId === me) throw refuse('flowLaunch.entrustSelf');
  const to = await trx.selectFrom('baseUser').select('id').where('id', '=', input.toUserId).where('enabledMark', '=', 1).executeTakeFirst();
  if (!to) throw refuse('flowLaunch.entrustNoUser');
  if (input.endTime <= input.startTime) throw refuse('flowLaunch.entrustEndBeforeStart');
  const engines = input.engineIds?.length ? [...new Set(input.engineIds)] : null;
  if (engines) {
    const found = await trx.selectFrom('flowEngine').select('id').where('id', 'in', engines).execute();
    if (found.length !== engines.length) throw refuse('flowLaunch.entrustNoFlow');
  }
  let q = trx.selectFrom('flowDelegate').select(['id', 'engineIds']).where('userId', '=', me).where('startTime', '<=', input.endTime).where('endTime', '>=', input.startTime);
  if (exceptId) q = q.where('id', '!=', exceptId);
  for (const other of await q.execute()) {
    const theirs = enginesOf(other);
    if (!engines || !theirs || theirs.some((id) => engines.includes(id))) throw refuse('flowLaunch.entrustOverlap');
  }
  return engines;
}

/**
 * Entrusts (/workFlow/entrust; issue 16 item 3): a user's approvals of chosen flows (or all) go to
 * another user for a period (server/modules/flow/assignees.ts withDelegates applies them). Type 1
 * lists the entrusts I made, type 2 those made to me; only their maker changes or deletes them.
 * Creating one tells the delegate with a flow message of flowType 2 (it opens the entrust page).
 */
export const flowEntrustRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  const listed = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    const rows = await where(base()).selectAll('d').select(['u.realName as userName', 't.realName as toUserName']).execute();
    const engineIds = [...new Set(rows.flatMap((r) => enginesOf(r) ?? []))];
    const names = new Map((engineIds.length ? await db.selectFrom('flowEngine').select(['id', 'fullName']).where('id', 'in', engineIds).execute() : []).map((e) => [e.id, e.fullName]));
    return rows.map((r) => {
      const engines = enginesOf(r);
      return {
        id: r.id, userId: r.userId, userName: r.userName, toUserId: r.toUserId, toUserName: r.toUserName, engineIds: engines,
        flowNames: (engines ?? []).map((id) => names.get(id) ?? id), startTime: Number(r.startTime), endTime: Number(r.endTime), description: r.description, createdAt: Number(r.createdAt),
      };
    });
  };
  /** The delegate's flow message (flowType 2: opens the entrust page), sent after the commit: a lost message never loses the entrust. */
  const tellDelegate = (id: string, by: { id: string; realName: string }, toUserId: string) =>
    sendTranslated(db, hub, { type: MESSAGE_TYPE.flow, flowType: 2, linkId: id, sentBy: by.id, toUserIds: [toUserId], title: 'flowLaunch.msgEntrust', params: { name: by.realName } });
  const base = () => db.selectFrom('flowDelegate as d').innerJoin('baseUser as u', 'u.id', 'd.userId').innerJoin('baseUser as t', 't.id', 'd.toUserId');

  app.get('/Engine/FlowDelegate', {
    config: signedIn,
    schema: { tags, summary: 'My entrusts (type 1) or those made to me (type 2), newest first', querystring: Type.Object({ ...PagedQueryFields, type: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])) }), response: { 200: PagedEnvelope(Item) } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    const { currentPage, pageSize, keyword, type } = request.query;
    const scoped = (q: ReturnType<typeof base>) => {
      let s = q.where(type === '2' ? 'd.toUserId' : 'd.userId', '=', me);
      if (keyword) s = s.where((eb) => eb.or([eb('u.realName', 'like', likePattern(keyword)), eb('t.realName', 'like', likePattern(keyword)), eb('d.description', 'like', likePattern(keyword))]));
      return s;
    };
    const total = await scoped(base()).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const list = await listed((q) => scoped(q).orderBy('d.createdAt', 'desc').orderBy('d.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.get('/Engine/FlowDelegate/:id', { config: signedIn, schema: { tags, summary: 'One entrust I made or that was made to me', params: Id, response: { 200: Envelope(Item) } } }, async (request) => {
    const me = principalOf(request).user.id;
    const [row] = await listed((q) => q.where('d.id', '=', request.params.id).where((eb) => eb.or([eb('d.userId', '=', me), eb('d.toUserId', '=', me)])));
    if (!row) throw new AppError(ReplyCode.notFound, 'flowLaunch.entrustNotFound');
    return ok(row);
  });

  app.post('/Engine/FlowDelegate', { config: signedIn, schema: { tags, summary: 'Entrusts my approvals of the chosen flows (none: all) to another user for a period', body: Body, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const me = principalOf(request).user;
    const id = newId();
    const body = request.body;
    await db.transaction().execute(async (trx) => {
      const engines = await checked(trx, me.id, body, null);
      await trx.insertInto('flowDelegate').values({ id, userId: me.id, toUserId: body.toUserId, engineIds: engines ? JSON.stringify(engines) : null, startTime: body.startTime, endTime: body.endTime, description: body.description?.trim() || null, createdAt: Date.now() }).execute();
    });
    await tellDelegate(id, me, body.toUserId);
    return ok({ id });
  });

  const mine = async (trx: DbOrTrx, id: string, me: string) => {
    const row = await trx.selectFrom('flowDelegate').select(['id', 'userId', 'toUserId']).where('id', '=', id).executeTakeFirst();
    if (!row || row.userId !== me) throw new AppError(ReplyCode.notFound, 'flowLaunch.entrustNotFound');
    return row;
  };

  app.put('/Engine/FlowDelegate/:id', { config: signedIn, schema: { tags, summary: 'Changes an entrust I made (a new delegate is told as on creation)', params: Id, body: Body, response: { 200: EmptyEnvelope } } }, async (request) => {
    const user = principalOf(request).user;
    const me = user.id;
    const body = request.body;
    const before = await db.transaction().execute(async (trx) => {
      const row = await mine(trx, request.params.id, me);
      const engines = await checked(trx, me, body, request.params.id);
      await trx.updateTable('flowDelegate').set({ toUserId: body.toUserId, engineIds: engines ? JSON.stringify(engines) : null, startTime: body.startTime, endTime: body.endTime, description: body.description?.trim() || null }).where('id', '=', request.params.id).execute();
      return row;
    });
    if (before.toUserId !== body.toUserId) await tellDelegate(request.params.id, user, body.toUserId);
    return done(request.t('flowLaunch.saved'));
  });

  app.delete('/Engine/FlowDelegate/:id', { config: signedIn, schema: { tags, summary: 'Deletes an entrust I made (to-dos already delegated stay with the delegate)', params: Id, response: { 200: EmptyEnvelope } } }, async (request) => {
    const me = principalOf(request).user.id;
    await db.transaction().execute(async (trx) => {
      await mine(trx, request.params.id, me);
      await trx.deleteFrom('flowDelegate').where('id', '=', request.params.id).execute();
    });
    return done(request.t('flowLaunch.deleted'));
  });
};
