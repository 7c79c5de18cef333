import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import { principalOf } from '../../auth/access';
import { EmptyEnvelope, PagedEnvelope, PagedQueryFields, done, ok, Nullable } from '../../http/envelope';
import { likePattern } from '../permission/entity-form';
import { startLeasedJob } from '../../jobs/lease';
import { addSign, transfer } from './handles';
import { assign, cancelFlow, changeApprover } from './supervise';
import { sendNotices } from './notices';
import { FLOW_TIMER_EVERY_MS, FLOW_TIMER_JOB, runDueTimers } from './timers';
import { flowPrintRoutes } from './print';

const signedIn = { access: 'signedIn' as const };
const supervise = { access: { permission: 'workflow.task:manage' as const } };
const tags = ['flow'];
const OperatorId = Type.Object({ operatorId: Type.String({ maxLength: 50 }) });
const TaskId = Type.Object({ taskId: Type.String({ maxLength: 50 }) });
const UserId = Type.String({ minLength: 1, maxLength: 50 });
const Opinion = Type.Optional(Type.String({ maxLength: 1000 }));
const MonitorItem = Type.Object({
  id: Type.String(), flowName: Type.String(), title: Type.String(), urgent: Type.Integer(), status: Type.Integer(), thisStep: Nullable(Type.String()),
  createdAt: Type.Number(), completedAt: Nullable(Type.Number()), creatorName: Type.String(),
});

/**
 * Transfer, add-sign (the approver's own to-do), assign, change approver, cancel and the monitor
 * (supervisors: workflow.task:manage), the flow print, and the flow-timer runner started with the
 * server (docs/FLOWS.md). Refusals are translated; messages go out after each commit.
 */
export const flowHandleRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  app.post('/Engine/FlowBefore/Transfer/:operatorId', {
    config: signedIn,
    schema: { tags, summary: 'Hands my waiting to-do to another enabled user (handle 7; same round)', params: OperatorId, body: Type.Object({ userId: UserId, handleOpinion: Opinion }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    await sendNotices(db, hub, await transfer(db, request.params.operatorId, me, request.body.userId, request.body.handleOpinion ?? null), me);
    return done(request.t('flowHandles.transferred'));
  });

  app.post('/Engine/FlowBefore/AddSign/:operatorId', {
    config: signedIn,
    schema: { tags, summary: 'Passes my to-do and adds signers: a new round of the node, which then waits for them (handle 6)', params: OperatorId, body: Type.Object({ userIds: Type.Array(UserId, { minItems: 1, maxItems: 20 }), handleOpinion: Opinion }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    await sendNotices(db, hub, await addSign(db, request.params.operatorId, me, request.body.userIds, request.body.handleOpinion ?? null), me);
    return done(request.t('flowHandles.signAdded'));
  });

  app.post('/Engine/FlowBefore/Assign/:taskId', {
    config: supervise,
    schema: { tags, summary: 'Supervisor: the active node\'s waiting to-dos close and go to one user (handle 5)', params: TaskId, body: Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 50 }), userId: UserId, handleOpinion: Opinion }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    await sendNotices(db, hub, await assign(db, request.params.taskId, me, request.body.nodeId, request.body.userId, request.body.handleOpinion ?? null), me);
    return done(request.t('flowHandles.assigned'));
  });

  app.post('/Engine/FlowBefore/Change/:operatorId', {
    config: supervise,
    schema: { tags, summary: 'Supervisor: one waiting approver replaced by another (handle 8)', params: OperatorId, body: Type.Object({ userId: UserId, handleOpinion: Opinion }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    await sendNotices(db, hub, await changeApprover(db, request.params.operatorId, me, request.body.userId, request.body.handleOpinion ?? null), me);
    return done(request.t('flowHandles.changed'));
  });

  app.post('/Engine/FlowBefore/Cancel/:taskId', {
    config: supervise,
    schema: { tags, summary: 'Supervisor: terminates a running flow (handle 4, status 5 cancel); the initiator is told', params: TaskId, body: Type.Object({ handleOpinion: Opinion }), response: { 200: EmptyEnvelope } },
    // the body is optional: a bare POST is one without an opinion
    preValidation: async (request) => {
      request.body ??= {};
    },
  }, async (request) => {
    const me = principalOf(request).user.id;
    await sendNotices(db, hub, await cancelFlow(db, request.params.taskId, me, request.body.handleOpinion ?? null), me);
    return done(request.t('flowHandles.cancelled'));
  });

  app.get('/Engine/FlowMonitor/List', {
    config: supervise,
    schema: {
      tags, summary: 'Supervisor: every flow, newest first; keyword (title, flow name), status, flow (engine id), urgency, started between startTime and endTime (epoch ms, inclusive)',
      querystring: Type.Object({
        ...PagedQueryFields, status: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })), flowId: Type.Optional(Type.String({ maxLength: 50 })),
        flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), startTime: Type.Optional(Type.Number()), endTime: Type.Optional(Type.Number()),
      }),
      response: { 200: PagedEnvelope(MonitorItem) },
    },
  }, async (request) => {
    const { currentPage, pageSize, keyword, status, flowId, flowUrgent, startTime, endTime } = request.query;
    let q = db.selectFrom('flowTask as t').innerJoin('flowEngine as e', 'e.id', 't.engineId').innerJoin('baseUser as u', 'u.id', 't.creatorUserId');
    if (keyword) q = q.where((eb) => eb.or([eb('t.title', 'like', likePattern(keyword)), eb('e.fullName', 'like', likePattern(keyword))]));
    if (status !== undefined) q = q.where('t.status', '=', status as 1 | 2 | 3 | 4 | 5);
    if (flowId) q = q.where('t.engineId', '=', flowId);
    if (flowUrgent !== undefined) q = q.where('t.urgent', '=', flowUrgent);
    if (startTime !== undefined) q = q.where('t.createdAt', '>=', startTime);
    if (endTime !== undefined) q = q.where('t.createdAt', '<=', endTime);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.select(['t.id', 'e.fullName as flowName', 't.title', 't.urgent', 't.status', 't.thisStep', 't.createdAt', 't.completedAt', 'u.realName as creatorName'])
      .orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({
      list: rows.map((r) => ({ ...r, urgent: Number(r.urgent), status: Number(r.status), createdAt: Number(r.createdAt), completedAt: r.completedAt === null ? null : Number(r.completedAt) })),
      pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) },
    });
  });

  await app.register(flowPrintRoutes, { db });

  // the timers' runner: one process at a time (the job's lease), from the server's start to its close
  const job = startLeasedJob({ db, name: FLOW_TIMER_JOB, everyMs: FLOW_TIMER_EVERY_MS, run: (now) => runDueTimers(db, hub, now), onError: (error) => app.log.warn({ err: error }, 'flow timers failed') });
  // a first turn at once: timers that fell due while no server ran act now, not a turn later
  app.addHook('onReady', async () => {
    void job.tick();
  });
  app.addHook('onClose', () => job.stop());
};
