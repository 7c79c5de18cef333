import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database, FlowTaskRow } from '../../db/schema';
import { newId } from '../../db/ids';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import {
  completeNode, counterSignOf, nodeDecision, returnTargets, returnTo, startFlow,
  type FlowGraph, type FlowPosition,
} from '../../../src/runtime/flow';
import { approversOf, circulatorsOf, withDelegates } from './assignees';
import { graphAt } from './versions';
import { closeTimers, setTimers } from './timer-rows';
import type { DbOrTrx } from '../dictionary/repository';

export type Trx = Transaction<Database>;

/** Handle codes of the history (spec 3). */
export const HANDLE = { return: 0, pass: 1, initiate: 2, withdraw: 3, terminate: 4, assign: 5, addSign: 6, transfer: 7, change: 8, revive: 9 } as const;
/** Flow status codes (spec 3). */
export const STATUS = { wait: 1, adopt: 2, reject: 3, revoke: 4, cancel: 5 } as const;

/** What a transition leaves for the flow messages sent after it commits. */
export interface Notices {
  taskId: string;
  title: string;
  /** new to-dos */
  todo: string[];
  /** copies (抄送) */
  copies: string[];
  /** the initiator, with the flow's outcome, when it ended or came back to them */
  initiator?: { userId: string; outcome: 'adopt' | 'reject' | 'returned' | 'cancel' };
  /** waiting approvers reminded by a timer (flowHandles.msgRemind) */
  remind?: string[];
}

/** The graph a task runs: its engine at the version it started with. */
export const graphOfTask = (db: DbOrTrx, task: Pick<FlowTaskRow, 'engineId' | 'engineVersion'>) => graphAt(db, task.engineId, task.engineVersion);

export const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * Makes the tasks of the nodes a step entered: each node's approvers (with entrusts in force),
 * one waiting operator each, all with the same creation time (a node's round: counter-signing
 * counts the votes of its latest round only).
 */
export async function enterNodes(trx: Trx, graph: FlowGraph, task: Pick<FlowTaskRow, 'id' | 'engineId' | 'creatorUserId'>, nodeIds: string[], chosen: Record<string, string[]>, now: number): Promise<string[]> {
  const todo: string[] = [];
  for (const nodeId of nodeIds) {
    const users = await approversOf(trx, graph.nodes[nodeId]!, task.creatorUserId, chosen[nodeId] ?? []);
    const assigned = await withDelegates(trx, task.engineId, users, now);
    await trx.insertInto('flowOperator').values(assigned.map((a) => ({ id: newId(), taskId: task.id, nodeId, userId: a.userId, delegatedFrom: a.delegatedFrom, state: 0 as const, handleStatus: null, createdAt: now, handledAt: null }))).execute();
    todo.push(...assigned.map((a) => a.userId));
  }
  await setTimers(trx, graph, task.id, nodeIds, now);
  return todo;
}

export const stepTitles = (graph: FlowGraph, position: FlowPosition) => position.active.map((id) => graph.nodes[id]!.title).join(',') || null;

export async function record(trx: Trx, taskId: string, nodeId: string, nodeName: string, userId: string, handleStatus: number, opinion: string | null, now: number, toUsers: string[] | null = null, signImg: string | null = null) {
  await trx.insertInto('flowRecord').values({ id: newId(), taskId, nodeId, nodeName, userId, handleStatus, opinion: opinion?.slice(0, 1000) ?? null, signImg, toUsers: toUsers ? JSON.stringify(toUsers) : null, createdAt: now }).execute();
}

/**
 * Moves the task's stored state from `version` to the next, or refuses when another transition
 * moved it first (two approvers at once: exactly one wins; the other's transaction rolls back).
 */
export async function save(trx: Trx, task: FlowTaskRow, change: Partial<Pick<FlowTaskRow, 'status' | 'positionJson' | 'completedJson' | 'thisStep' | 'formJson' | 'completedAt'>>, now: number) {
  const done = await trx.updateTable('flowTask').set({ ...change, version: task.version + 1, updatedAt: now }).where('id', '=', task.id).where('version', '=', task.version).executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse('flow.changedMeanwhile');
}

export interface LaunchInput { engineId: string; title: string; urgent: number; formData: Record<string, unknown>; chosen?: Record<string, string[]>; by: string }

/** Starts a flow: the task, the initiate record, the first nodes' to-dos (handle 2), in one transaction. */
export async function launch(db: Db, input: LaunchInput): Promise<{ task: FlowTaskRow; notices: Notices }> {
  const engine = await db.selectFrom('flowEngine').selectAll().where('id', '=', input.engineId).where('enabledMark', '=', 1).executeTakeFirst();
  if (!engine) throw new AppError(ReplyCode.notFound, 'flow.engineNotFound');
  const graph = await graphAt(db, engine.id, engine.version);
  await mayInitiate(db, graph, input.by);
  const now = Date.now();
  const step = startFlow(graph, input.formData);
  const task: FlowTaskRow = {
    id: newId(), engineId: engine.id, title: input.title.slice(0, 200), urgent: input.urgent, status: step.ended ? STATUS.adopt : STATUS.wait, creatorUserId: input.by,
    formJson: JSON.stringify(input.formData), positionJson: JSON.stringify(step.position), completedJson: '[]', thisStep: stepTitles(graph, step.position), version: 0, engineVersion: engine.version,
    createdAt: now, updatedAt: now, completedAt: step.ended ? now : null,
  };
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('flowTask').values(task).execute();
    await record(trx, task.id, graph.start, graph.nodes[graph.start]!.title, input.by, HANDLE.initiate, null, now);
    const todo = await enterNodes(trx, graph, task, step.entered, input.chosen ?? {}, now);
    return { task, notices: { taskId: task.id, title: task.title, todo, copies: [], ...(step.ended ? { initiator: { userId: input.by, outcome: 'adopt' as const } } : {}) } };
  });
}

/** The start node's initiator and initiatePos: both empty, anyone; otherwise those users and holders of those positions (and administrators). */
export async function mayInitiate(db: DbOrTrx, graph: FlowGraph, userId: string): Promise<void> {
  const p = graph.nodes[graph.start]!.properties;
  const users = Array.isArray(p.initiator) ? (p.initiator as string[]) : [];
  const positions = Array.isArray(p.initiatePos) ? (p.initiatePos as string[]) : [];
  if (users.length === 0 && positions.length === 0) return;
  if (users.includes(userId)) return;
  const me = await db.selectFrom('baseUser').select(['isAdministrator', 'positionId']).where('id', '=', userId).executeTakeFirst();
  if (me?.isAdministrator === 1) return;
  const held = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', userId).where('objectType', '=', 'Position').execute();
  if ([me?.positionId, ...held.map((h) => h.objectId)].some((id) => id && positions.includes(id))) return;
  throw new AppError(ReplyCode.forbidden, 'flow.mayNotInitiate');
}

export type Action = { kind: 'pass'; formData?: Record<string, unknown>; chosen?: Record<string, string[]> } | { kind: 'reject' } | { kind: 'return'; to?: string };

/**
 * One approver acts on their to-do. The operator row moves from waiting to acted only once (a
 * second click, or a colleague's concurrent action that closed it, is refused), and the task
 * moves only from the version read (two approvers at once: one wins). All in one transaction.
 */
export async function act(db: Db, operatorId: string, by: string, action: Action, opinion: string | null, signImgId: string | null = null): Promise<{ notices: Notices }> {
  return db.transaction().execute(async (trx) => {
    const { op, task, graph, position } = await myWaitingTodo(trx, operatorId, by);
    const signImg = signImgId ? await mySignature(trx, signImgId, by) : null;
    const now = Date.now();
    const handle = action.kind === 'pass' ? HANDLE.pass : HANDLE.return;
    await closeTodo(trx, op.id, handle, now);
    const node = graph.nodes[op.nodeId]!;
    await record(trx, task.id, node.id, node.title, by, handle, opinion, now, null, signImg);
    let form = parse<Record<string, unknown>>(task.formJson);
    if (action.kind === 'pass' && action.formData) form = { ...form, ...writable(node.properties.formOperates, action.formData) };
    if (action.kind === 'reject') return { notices: await endFlow(trx, task, graph, STATUS.reject, now) };
    if (action.kind === 'return') return { notices: await returnFrom(trx, task, graph, node.id, action.to, now) };
    return { notices: await afterVote(trx, task, graph, position, node.id, op.createdAt, form, action.chosen ?? {}, now) };
  });
}

/**
 * The image of one of `by`'s own signatures (profile 个人签名), copied into the history as the
 * profile keeps it (a data URL): deleting the signature later leaves the signed record as it was.
 */
async function mySignature(trx: Trx, signImgId: string, by: string): Promise<string> {
  const row = await trx.selectFrom('baseSignImg').select('signImg').where('id', '=', signImgId).where('userId', '=', by).executeTakeFirst();
  if (!row) throw refuse('flowUi.sign.notMine');
  return row.signImg;
}

/** The waiting to-do `operatorId` of `by` on a waiting flow at an active node, with its task; else refused. */
export async function myWaitingTodo(trx: Trx, operatorId: string, by: string | null) {
  const op = await trx.selectFrom('flowOperator').selectAll().where('id', '=', operatorId).executeTakeFirst();
  if (!op || (by !== null && op.userId !== by)) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
  const task = await trx.selectFrom('flowTask').selectAll().where('id', '=', op.taskId).executeTakeFirstOrThrow();
  const graph = await graphOfTask(trx, task);
  const position = parse<FlowPosition>(task.positionJson);
  if (op.state !== 0 || task.status !== STATUS.wait || !position.active.includes(op.nodeId)) throw refuse('flow.alreadyHandled');
  return { op, task, graph, position };
}

/** Moves one to-do from waiting to acted (1) or closed (2) once: a repeated or concurrent move is refused. */
export async function closeTodo(trx: Trx, operatorId: string, handle: number, now: number, state: 1 | 2 = 1): Promise<void> {
  const moved = await trx.updateTable('flowOperator').set({ state, handleStatus: handle, handledAt: now }).where('id', '=', operatorId).where('state', '=', 0).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw refuse('flow.alreadyHandled');
}

/** Votes that count as a pass in a round: pass, and add-sign (the adder passes, then waits for the added). */
const PASSING: readonly number[] = [HANDLE.pass, HANDLE.addSign];

/**
 * A passing vote was cast in the round `round` (the to-dos' creation time) of `nodeId`. When the
 * round decides (counter-sign mode), its other to-dos close; the node completes once no round of
 * it waits any longer (a round of added signers keeps it waiting: docs/FLOWS.md "Add-sign").
 */
export async function afterVote(trx: Trx, task: FlowTaskRow, graph: FlowGraph, position: FlowPosition, nodeId: string, round: number, form: Record<string, unknown>, chosen: Record<string, string[]>, now: number): Promise<Notices> {
  const node = graph.nodes[nodeId]!;
  const rows = await trx.selectFrom('flowOperator').select(['state', 'handleStatus']).where('taskId', '=', task.id).where('nodeId', '=', nodeId).where('createdAt', '=', round).execute();
  const pass = rows.filter((r) => r.state === 1 && r.handleStatus !== null && PASSING.includes(r.handleStatus)).length;
  const votes = { pass, reject: 0, total: pass + rows.filter((r) => r.state === 0).length };
  const waitOn = async () => {
    await save(trx, task, { formJson: JSON.stringify(form) }, now);
    return { taskId: task.id, title: task.title, todo: [], copies: [] };
  };
  if (nodeDecision(counterSignOf(node.properties), votes) === 'pending') return waitOn();
  await trx.updateTable('flowOperator').set({ state: 2, handledAt: now }).where('taskId', '=', task.id).where('nodeId', '=', nodeId).where('createdAt', '=', round).where('state', '=', 0).execute();
  const another = await trx.selectFrom('flowOperator').select('id').where('taskId', '=', task.id).where('nodeId', '=', nodeId).where('state', '=', 0).executeTakeFirst();
  if (another) return waitOn();
  return passNode(trx, task, graph, position, nodeId, form, chosen, now);
}

/** The node is passed: its to-dos and timers close, the flow moves past it, copies go out, the next nodes' to-dos are made. */
export async function passNode(trx: Trx, task: FlowTaskRow, graph: FlowGraph, position: FlowPosition, nodeId: string, form: Record<string, unknown>, chosen: Record<string, string[]>, now: number): Promise<Notices> {
  const node = graph.nodes[nodeId]!;
  const notices: Notices = { taskId: task.id, title: task.title, todo: [], copies: [] };
  await trx.updateTable('flowOperator').set({ state: 2, handledAt: now }).where('taskId', '=', task.id).where('nodeId', '=', nodeId).where('state', '=', 0).execute();
  await closeTimers(trx, graph, task.id, [nodeId], now);
  const step = completeNode(graph, position, nodeId, form);
  const completed = [...parse<string[]>(task.completedJson), nodeId];
  await save(trx, task, {
    formJson: JSON.stringify(form), positionJson: JSON.stringify(step.position), completedJson: JSON.stringify(completed), thisStep: stepTitles(graph, step.position),
    ...(step.ended ? { status: STATUS.adopt, completedAt: now } : {}),
  }, now);
  notices.copies = await circulatorsOf(trx, node);
  if (notices.copies.length) await trx.insertInto('flowCirculate').values(notices.copies.map((userId) => ({ id: newId(), taskId: task.id, nodeId, userId, createdAt: now, readAt: null }))).execute();
  notices.todo = await enterNodes(trx, graph, task, step.entered, chosen, now);
  if (step.ended) notices.initiator = { userId: task.creatorUserId, outcome: 'adopt' };
  return notices;
}

/** The flow ends with `status` (reject 3, cancel 5): every waiting to-do and timer closes. */
export async function endFlow(trx: Trx, task: FlowTaskRow, graph: FlowGraph, status: typeof STATUS.reject | typeof STATUS.cancel, now: number): Promise<Notices> {
  await trx.updateTable('flowOperator').set({ state: 2, handledAt: now }).where('taskId', '=', task.id).where('state', '=', 0).execute();
  await closeTimers(trx, graph, task.id, parse<FlowPosition>(task.positionJson).active, now);
  await save(trx, task, { status, positionJson: JSON.stringify({ active: [], joins: {} }), thisStep: null, completedAt: now }, now);
  return { taskId: task.id, title: task.title, todo: [], copies: [], initiator: { userId: task.creatorUserId, outcome: status === STATUS.reject ? 'reject' : 'cancel' } };
}

/** Returns the flow from `nodeId` to `to` (default: the node's rejectStep): every waiting to-do and timer closes. */
export async function returnFrom(trx: Trx, task: FlowTaskRow, graph: FlowGraph, nodeId: string, to: string | undefined, now: number): Promise<Notices> {
  const notices: Notices = { taskId: task.id, title: task.title, todo: [], copies: [] };
  const completed = parse<string[]>(task.completedJson);
  const { targets, fallback } = returnTargets(graph, nodeId, completed);
  const target = to ?? fallback;
  if (!targets.includes(target)) throw refuse('flow.badReturnTarget');
  await trx.updateTable('flowOperator').set({ state: 2, handledAt: now }).where('taskId', '=', task.id).where('state', '=', 0).execute();
  await closeTimers(trx, graph, task.id, parse<FlowPosition>(task.positionJson).active, now);
  const back = returnTo(graph, target);
  await save(trx, task, { positionJson: JSON.stringify(back), completedJson: JSON.stringify(completed.slice(0, Math.max(0, completed.lastIndexOf(target)))), thisStep: stepTitles(graph, back) ?? graph.nodes[graph.start]!.title }, now);
  if (back.active.length === 0) return { ...notices, initiator: { userId: task.creatorUserId, outcome: 'returned' } };
  notices.todo = await enterNodes(trx, graph, task, back.active, {}, now);
  return notices;
}

/** The form values an approver may change at this node: the fields its formOperates mark writable. */
function writable(operates: unknown, values: Record<string, unknown>): Record<string, unknown> {
  const allowed = new Set(Array.isArray(operates) ? (operates as { id: string; write?: boolean }[]).filter((o) => o.write).map((o) => o.id) : []);
  return Object.fromEntries(Object.entries(values).filter(([k]) => allowed.has(k)));
}

/**
 * The initiator withdraws (handle 3, status 4 revoke) while no approver has acted since the flow
 * was (re)submitted; or resubmits (handle 2) a flow that was returned to them or withdrawn.
 */
export async function withdraw(db: Db, taskId: string, by: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const task = await trx.selectFrom('flowTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.creatorUserId !== by) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
    if (task.status !== STATUS.wait || parse<string[]>(task.completedJson).length > 0) throw refuse('flow.cannotWithdraw');
    const acted = await trx.selectFrom('flowOperator').select('id').where('taskId', '=', task.id).where('state', '=', 1).executeTakeFirst();
    if (acted) throw refuse('flow.cannotWithdraw');
    const now = Date.now();
    await trx.updateTable('flowOperator').set({ state: 2, handledAt: now }).where('taskId', '=', task.id).where('state', '=', 0).execute();
    const graph = await graphOfTask(trx, task);
    await closeTimers(trx, graph, task.id, parse<FlowPosition>(task.positionJson).active, now);
    await record(trx, task.id, graph.start, graph.nodes[graph.start]!.title, by, HANDLE.withdraw, null, now);
    await save(trx, task, { status: STATUS.revoke, positionJson: JSON.stringify({ active: [], joins: {} }), thisStep: null }, now);
  });
}

export async function resubmit(db: Db, taskId: string, by: string, formData: Record<string, unknown>, chosen: Record<string, string[]> = {}): Promise<{ notices: Notices }> {
  return db.transaction().execute(async (trx) => {
    const task = await trx.selectFrom('flowTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.creatorUserId !== by) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
    const position = parse<FlowPosition>(task.positionJson);
    const returned = task.status === STATUS.wait && position.active.length === 0;
    if (!returned && task.status !== STATUS.revoke && task.status !== STATUS.reject) throw refuse('flow.cannotResubmit');
    const graph = await graphOfTask(trx, task);
    const now = Date.now();
    const step = startFlow(graph, formData);
    await record(trx, task.id, graph.start, graph.nodes[graph.start]!.title, by, task.status === STATUS.reject ? HANDLE.revive : HANDLE.initiate, null, now);
    await save(trx, task, {
      status: step.ended ? STATUS.adopt : STATUS.wait, formJson: JSON.stringify(formData), positionJson: JSON.stringify(step.position), completedJson: '[]',
      thisStep: stepTitles(graph, step.position), completedAt: step.ended ? now : null,
    }, now);
    const todo = await enterNodes(trx, graph, task, step.entered, chosen, now);
    return { notices: { taskId: task.id, title: task.title, todo, copies: [] } };
  });
}
