import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import { principalOf } from '../../auth/access';
import { flowHandleRoutes } from './handle-routes';
import { AppError } from '../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, PagedQueryFields, done, ok, Nullable } from '../../http/envelope';
import { likePattern } from '../permission/entity-form';
import { ReplyCode } from '../../../src/runtime/codes';
import { returnTargets, type FlowPosition } from '../../../src/runtime/flow';
import { act, launch, resubmit, withdraw, type Action } from './transitions';
import { versionAt } from './versions';
import { sendNotices } from './notices';
import { checkLaunchForm } from './form-check';

const signedIn = { access: 'signedIn' as const };
const tags = ['flow'];
const Id = Type.Object({ id: Type.String({ maxLength: 50 }) });
const FormData = Type.Record(Type.String(), Type.Unknown());
/** users chosen for nodes whose approvers are chosen when the flow runs (assigneeType 7), by node id */
const Chosen = Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.Array(Type.String({ maxLength: 50 }), { maxItems: 100 })));
const Opinion = Type.Optional(Type.String({ maxLength: 1000 }));
const LaunchItem = Type.Object({
  id: Type.String(), flowName: Type.String(), title: Type.String(), urgent: Type.Integer(), status: Type.Integer(), thisStep: Nullable(Type.String()), createdAt: Type.Number(), completedAt: Nullable(Type.Number()),
});
const Detail = Type.Object({
  mayManage: Type.Boolean({ description: 'the caller supervises flows (workflow.task:manage): assign, change approver, cancel' }),
  waiting: Type.Array(Type.Object({ operatorId: Type.String(), nodeId: Type.String(), nodeName: Type.String(), userId: Type.String(), userName: Type.String(), delegatedFrom: Type.Union([Type.String(), Type.Null()]) })),
  task: Type.Object({ id: Type.String(), title: Type.String(), urgent: Type.Integer(), status: Type.Integer(), thisStep: Nullable(Type.String()), creatorUserId: Type.String(), createdAt: Type.Number(), completedAt: Nullable(Type.Number()) }),
  flow: Type.Object({ id: Type.String(), enCode: Type.String(), fullName: Type.String(), modelId: Nullable(Type.String()), nodes: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), title: Type.String(), content: Type.String() })), active: Type.Array(Type.String()),
    /** the template the task runs (its engine version), for the diagram, and the approver nodes completed so far */
    version: Type.Integer(), template: Type.Unknown(), completed: Type.Array(Type.String()) }),
  formData: Type.Record(Type.String(), Type.Unknown()),
  records: Type.Array(Type.Object({ id: Type.String(), nodeId: Type.String(), nodeName: Type.String(), userId: Type.String(), userName: Type.String(), handleStatus: Type.Integer(), opinion: Nullable(Type.String()),
    /** the signature the person signed with (a data URL), when they signed */
    signImg: Nullable(Type.String()), createdAt: Type.Number() })),
  todo: Nullable(Type.Object({
    operatorId: Type.String(), nodeId: Type.String(), nodeName: Type.String(),
    formOperates: Type.Array(Type.Object({ id: Type.String(), name: Type.Optional(Type.String()), read: Type.Optional(Type.Boolean()), write: Type.Optional(Type.Boolean()) })),
    returnTargets: Type.Object({ targets: Type.Array(Type.String()), fallback: Type.String() }),
  })),
});
const TaskItem = Type.Object({
  id: Type.String(), taskId: Type.String(), flowName: Type.String(), title: Type.String(), urgent: Type.Integer(), status: Type.Integer(),
  thisStep: Type.Union([Type.String(), Type.Null()]), creatorUserId: Type.String(), creatorName: Type.String(), createdAt: Type.Number(), delegatedFrom: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The flow routes (issue 16; docs/FLOWS.md), named as the product's: FlowEngine (what one may
 * start), FlowTask (start, resubmit), FlowBefore (to-do 1, done 2, copied to me 3; the detail;
 * pass, return and reject), FlowLaunch (what I started; withdraw). Every route is the signed-in
 * user's own: a task is shown only to its initiator, its approvers, those it was copied to and
 * administrators, and acted on only by the approver whose to-do it is.
 */
export const flowRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  app.get('/Engine/FlowEngine/ListAll', { config: signedIn, schema: { tags, summary: 'The enabled flows', response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), enCode: Type.String(), fullName: Type.String(), category: Type.Union([Type.String(), Type.Null()]) }))) } } }, async () => {
    return ok(await db.selectFrom('flowEngine').select(['id', 'enCode', 'fullName', 'category']).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('fullName').execute());
  });

  app.post('/Engine/FlowTask', {
    config: signedIn,
    schema: { tags, summary: 'Starts a flow with its form values', body: Type.Object({ flowId: Type.String({ maxLength: 50 }), flowTitle: Type.Optional(Type.String({ maxLength: 200 })), flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), formData: FormData, candidates: Chosen }), response: { 200: Envelope(Type.Object({ id: Type.String(), status: Type.Integer() })) } },
  }, async (request) => {
    const me = principalOf(request).user;
    const engine = await db.selectFrom('flowEngine').select('fullName').where('id', '=', request.body.flowId).executeTakeFirst();
    await checkLaunchForm(db, request.body.flowId, request.body.formData, request.locale);
    const title = request.body.flowTitle?.trim() || `${me.realName}的${engine?.fullName ?? ''}`;
    const { task, notices } = await launch(db, { engineId: request.body.flowId, title, urgent: request.body.flowUrgent ?? 1, formData: request.body.formData, chosen: request.body.candidates, by: me.id });
    await sendNotices(db, hub, notices, me.id);
    return ok({ id: task.id, status: task.status });
  });

  app.post('/Engine/FlowTask/:id/Actions/Submit', { config: signedIn, schema: { tags, summary: 'Resubmits a flow returned to its initiator, withdrawn or rejected (revive)', params: Id, body: Type.Object({ formData: FormData, candidates: Chosen }), response: { 200: EmptyEnvelope } } }, async (request) => {
    const me = principalOf(request).user.id;
    const { notices } = await resubmit(db, request.params.id, me, request.body.formData, request.body.candidates);
    await sendNotices(db, hub, notices, me);
    return done(request.t('flow.submitted'));
  });

  app.get('/Engine/FlowBefore/List/:category', {
    config: signedIn,
    schema: { tags, summary: 'My to-do (1), done (2) or copied-to (3) flows, newest first', params: Type.Object({ category: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]) }), querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(TaskItem) } },
  }, async (request) => {
    const me = principalOf(request).user.id;
    const { currentPage, pageSize, keyword } = request.query;
    const base = request.params.category === '3'
      ? db.selectFrom('flowCirculate as x').where('x.userId', '=', me).select(['x.id', 'x.createdAt as at', (eb) => eb.val<string | null>(null).as('delegatedFrom')])
      : db.selectFrom('flowOperator as x').where('x.userId', '=', me).where('x.state', '=', request.params.category === '1' ? 0 : 1).select(['x.id', 'x.createdAt as at', 'x.delegatedFrom']);
    let q = base.innerJoin('flowTask as t', 't.id', 'x.taskId').innerJoin('flowEngine as e', 'e.id', 't.engineId').innerJoin('baseUser as u', 'u.id', 't.creatorUserId');
    if (keyword) q = q.where((eb) => eb.or([eb('t.title', 'like', likePattern(keyword)), eb('e.fullName', 'like', likePattern(keyword))]));
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q
      .select(['x.taskId', 'e.fullName as flowName', 't.title', 't.urgent', 't.status', 't.thisStep', 't.creatorUserId', 'u.realName as creatorName'])
      .orderBy('at', 'desc').orderBy('x.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({ list: rows.map((r) => ({ ...r, createdAt: Number(r.at), urgent: Number(r.urgent), status: Number(r.status) })).map(({ at: _a, ...r }) => r), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.get('/Engine/FlowBefore/:id', { config: signedIn, schema: { tags, summary: 'A flow: its form, where it stands, its history, and my to-do on it', params: Id, response: { 200: Envelope(Detail) } } }, async (request) => {
    const principal = principalOf(request);
    const me = principal.user.id;
    const task = await db.selectFrom('flowTask').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!task) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
    const mine = await db.selectFrom('flowOperator').selectAll().where('taskId', '=', task.id).where('userId', '=', me).orderBy('createdAt', 'desc').execute();
    const copied = await db.selectFrom('flowCirculate').select('id').where('taskId', '=', task.id).where('userId', '=', me).executeTakeFirst();
    // supervisors see every flow (server/modules/flow/visibility.ts says the same for the print)
    const mayManage = principal.permissions.has('workflow.task:manage');
    if (task.creatorUserId !== me && mine.length === 0 && !copied && !principal.isAdministrator && !mayManage) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
    if (copied) await db.updateTable('flowCirculate').set({ readAt: Date.now() }).where('id', '=', copied.id).where('readAt', 'is', null).execute();
    const engine = await db.selectFrom('flowEngine').selectAll().where('id', '=', task.engineId).executeTakeFirstOrThrow();
    const { graph, template } = await versionAt(db, task.engineId, task.engineVersion);
    const records = await db.selectFrom('flowRecord as r').innerJoin('baseUser as u', 'u.id', 'r.userId').select(['r.id', 'r.nodeId', 'r.nodeName', 'r.userId', 'u.realName as userName', 'r.handleStatus', 'r.opinion', 'r.signImg', 'r.createdAt']).where('r.taskId', '=', task.id).orderBy('r.createdAt').orderBy('r.id').execute();
    const waiting = mine.find((o) => o.state === 0) ?? null;
    const node = waiting ? graph.nodes[waiting.nodeId]! : null;
    const position = JSON.parse(task.positionJson) as FlowPosition;
    const waitingAll = await db.selectFrom('flowOperator as o').innerJoin('baseUser as u', 'u.id', 'o.userId').select(['o.id as operatorId', 'o.nodeId', 'o.userId', 'u.realName as userName', 'o.delegatedFrom'])
      .where('o.taskId', '=', task.id).where('o.state', '=', 0).orderBy('o.createdAt').orderBy('o.id').execute();
    return ok({
      mayManage,
      /** every waiting to-do (whom the flow waits for; supervisors change or assign them) */
      waiting: waitingAll.map((w) => ({ ...w, nodeName: graph.nodes[w.nodeId]?.title ?? '' })),
      task: { id: task.id, title: task.title, urgent: task.urgent, status: task.status, thisStep: task.thisStep, creatorUserId: task.creatorUserId, createdAt: Number(task.createdAt), completedAt: task.completedAt === null ? null : Number(task.completedAt) },
      flow: { id: engine.id, enCode: engine.enCode, fullName: engine.fullName, modelId: engine.modelId, nodes: Object.values(graph.nodes).map((n) => ({ id: n.id, type: n.type, title: n.title, content: n.content })), active: position.active,
        version: Number(task.engineVersion), template, completed: JSON.parse(task.completedJson) as string[] },
      formData: JSON.parse(task.formJson) as Record<string, unknown>,
      records: records.map((r) => ({ ...r, handleStatus: Number(r.handleStatus), createdAt: Number(r.createdAt) })),
      /** my to-do on it: the operator id the actions take, the node's field rights and where a return may go */
      todo: waiting && node ? { operatorId: waiting.id, nodeId: node.id, nodeName: node.title, formOperates: (Array.isArray(node.properties.formOperates) ? node.properties.formOperates : []) as { id: string }[], returnTargets: returnTargets(graph, node.id, JSON.parse(task.completedJson) as string[]) } : null,
    });
  });

  const action = (url: string, summary: string, make: (body: { rejectType?: 'return' | 'reject'; rejectStep?: string; formData?: Record<string, unknown>; candidates?: Record<string, string[]> }) => Action) =>
    app.post(url, {
      config: signedIn,
      schema: { tags, summary, params: Id, body: Type.Object({ handleOpinion: Opinion, formData: Type.Optional(FormData), candidates: Chosen, rejectType: Type.Optional(Type.Union([Type.Literal('return'), Type.Literal('reject')])), rejectStep: Type.Optional(Type.String({ maxLength: 50 })),
        signImgId: Type.Optional(Type.String({ maxLength: 50, description: 'one of my signature images (Current/SignImg) to sign the history with' })) }), response: { 200: EmptyEnvelope } },
    }, async (request) => {
      const me = principalOf(request).user.id;
      const { notices } = await act(db, request.params.id, me, make(request.body), request.body.handleOpinion ?? null, request.body.signImgId || null);
      await sendNotices(db, hub, notices, me);
      return done(request.t('flow.handled'));
    });
  action('/Engine/FlowBefore/Audit/:id', 'Passes my to-do (operator id); writable fields of the node may change', (b) => ({ kind: 'pass', formData: b.formData, chosen: b.candidates }));
  action('/Engine/FlowBefore/Reject/:id', 'Returns my to-do to an earlier step (rejectType return, rejectStep a node id; default by the node) or rejects the flow (rejectType reject)', (b) => (b.rejectType === 'reject' ? { kind: 'reject' } : { kind: 'return', to: b.rejectStep }));

  app.get('/Engine/FlowLaunch/List', { config: signedIn, schema: { tags, summary: 'The flows I started, newest first', querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(LaunchItem) } } }, async (request) => {
    const me = principalOf(request).user.id;
    const { currentPage, pageSize, keyword } = request.query;
    let q = db.selectFrom('flowTask as t').innerJoin('flowEngine as e', 'e.id', 't.engineId').where('t.creatorUserId', '=', me);
    if (keyword) q = q.where('t.title', 'like', likePattern(keyword));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.select(['t.id', 'e.fullName as flowName', 't.title', 't.urgent', 't.status', 't.thisStep', 't.createdAt', 't.completedAt']).orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({ list: rows.map((r) => ({ ...r, urgent: Number(r.urgent), status: Number(r.status), createdAt: Number(r.createdAt), completedAt: r.completedAt === null ? null : Number(r.completedAt) })), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.post('/Engine/FlowLaunch/Withdraw/:id', { config: signedIn, schema: { tags, summary: 'Withdraws a flow I started, while no approver has acted', params: Id, response: { 200: EmptyEnvelope } } }, async (request) => {
    await withdraw(db, request.params.id, principalOf(request).user.id);
    return done(request.t('flow.withdrawn'));
  });

  // transfer, add-sign, supervision, monitor, print and the timers' runner (handle-routes.ts)
  await app.register(flowHandleRoutes, { db, hub });
};
