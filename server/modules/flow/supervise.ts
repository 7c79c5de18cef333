import type { Db } from '../../db';
import { newId } from '../../db/ids';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { FlowPosition } from '../../../src/runtime/flow';
import type { Notices } from './transitions';
import { HANDLE, STATUS, closeTodo, endFlow, graphOfTask, myWaitingTodo, parse, record, save } from './transitions';
import { enabledOrRefuse, newRoundAt, notWaitingYet } from './handles';

/**
 * Supervision (permission workflow.task:manage, checked by the routes; docs/FLOWS.md
 * "Supervision"): assign a node, change one approver, cancel a flow. Each in one transaction that
 * moves the task from the version read, so it never crosses an approver's concurrent action.
 */

async function waitingTask(trx: Parameters<typeof enabledOrRefuse>[0], taskId: string) {
  const task = await trx.selectFrom('flowTask').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
  if (task.status !== STATUS.wait) throw refuse('flowHandles.notRunning');
  return { task, graph: await graphOfTask(trx, task), position: parse<FlowPosition>(task.positionJson) };
}

/**
 * Assign (handle 5): the active node's waiting to-dos close (handle 5) and one new to-do, a round
 * of its own, goes to `userId`: the node now waits for that user alone.
 */
export async function assign(db: Db, taskId: string, by: string, nodeId: string, userId: string, opinion: string | null): Promise<Notices> {
  return db.transaction().execute(async (trx) => {
    const { task, graph, position } = await waitingTask(trx, taskId);
    if (!position.active.includes(nodeId)) throw refuse('flowHandles.nodeNotActive');
    await enabledOrRefuse(trx, [userId]);
    const now = Date.now();
    await trx.updateTable('flowOperator').set({ state: 2, handleStatus: HANDLE.assign, handledAt: now }).where('taskId', '=', task.id).where('nodeId', '=', nodeId).where('state', '=', 0).execute();
    const round = await newRoundAt(trx, task.id, nodeId, now);
    await trx.insertInto('flowOperator').values({ id: newId(), taskId: task.id, nodeId, userId, delegatedFrom: null, state: 0, handleStatus: null, createdAt: round, handledAt: null }).execute();
    const node = graph.nodes[nodeId]!;
    await record(trx, task.id, nodeId, node.title, by, HANDLE.assign, opinion, now, [userId]);
    await save(trx, task, {}, now);
    return { taskId: task.id, title: task.title, todo: [userId], copies: [] };
  });
}

/** Change approver (handle 8): one waiting to-do is closed and the same round's to-do goes to `userId`. */
export async function changeApprover(db: Db, operatorId: string, by: string, userId: string, opinion: string | null): Promise<Notices> {
  return db.transaction().execute(async (trx) => {
    const { op, task, graph } = await myWaitingTodo(trx, operatorId, null);
    if (userId === op.userId) throw refuse('flowHandles.sameApprover');
    await enabledOrRefuse(trx, [userId]);
    await notWaitingYet(trx, task.id, op.nodeId, [userId], op.createdAt);
    const now = Date.now();
    await closeTodo(trx, op.id, HANDLE.change, now, 2);
    await trx.insertInto('flowOperator').values({ id: newId(), taskId: task.id, nodeId: op.nodeId, userId, delegatedFrom: null, state: 0, handleStatus: null, createdAt: op.createdAt, handledAt: null }).execute();
    const node = graph.nodes[op.nodeId]!;
    await record(trx, task.id, node.id, node.title, by, HANDLE.change, opinion, now, [op.userId, userId]);
    await save(trx, task, {}, now);
    return { taskId: task.id, title: task.title, todo: [userId], copies: [] };
  });
}

/** Cancel (handle 4, status 5): a running flow ends; every waiting to-do and timer closes; the initiator is told. */
export async function cancelFlow(db: Db, taskId: string, by: string, opinion: string | null): Promise<Notices> {
  return db.transaction().execute(async (trx) => {
    const { task, graph, position } = await waitingTask(trx, taskId);
    const now = Date.now();
    const at = graph.nodes[position.active[0] ?? graph.start]!;
    await record(trx, task.id, at.id, at.title, by, HANDLE.terminate, opinion, now);
    return endFlow(trx, task, graph, STATUS.cancel, now);
  });
}
