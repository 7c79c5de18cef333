import type { Db } from '../../db';
import { newId } from '../../db/ids';
import { refuse } from '../../http/errors';
import type { Notices, Trx } from './transitions';
import { HANDLE, afterVote, closeTodo, myWaitingTodo, parse, record, save } from './transitions';

/**
 * The approver's own handles beyond pass and return (docs/FLOWS.md "Transfer, add-sign"): each in
 * one transaction, on the caller's own waiting to-do only, the to-do moving from waiting once
 * (guarded UPDATE) and the task from the version read (save), so a concurrent pass, transfer or
 * supervisor action and this one never both succeed.
 */

/** Enabled users among `ids`, refused as a whole when one is missing or disabled. */
export async function enabledOrRefuse(trx: Trx, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await trx.selectFrom('baseUser').select('id').where('id', 'in', unique).where('enabledMark', '=', 1).execute();
  if (rows.length !== unique.length) throw refuse('flowHandles.userUnavailable');
}

/**
 * Refuses users who already wait on the node, or who already voted in `round` (a second to-do
 * for one person would count their vote twice).
 */
export async function notWaitingYet(trx: Trx, taskId: string, nodeId: string, ids: readonly string[], round?: number): Promise<void> {
  const dup = await trx.selectFrom('flowOperator').select('id').where('taskId', '=', taskId).where('nodeId', '=', nodeId).where('userId', 'in', [...ids])
    .where((eb) => eb.or([
      eb('state', '=', 0),
      ...(round === undefined ? [] : [eb.and([eb('createdAt', '=', round), eb('state', '=', 1), eb('handleStatus', 'in', [HANDLE.pass, HANDLE.addSign])])]),
    ]))
    .executeTakeFirst();
  if (dup) throw refuse('flowHandles.alreadyApprover');
}

/** A creation time for a new round of `nodeId`, later than every round it had (rounds are told apart by it). */
export async function newRoundAt(trx: Trx, taskId: string, nodeId: string, now: number): Promise<number> {
  const last = await trx.selectFrom('flowOperator').select((eb) => eb.fn.max('createdAt').as('at')).where('taskId', '=', taskId).where('nodeId', '=', nodeId).executeTakeFirst();
  return Math.max(now, Number(last?.at ?? 0) + 1);
}

/**
 * Transfer (handle 7): my waiting to-do goes to another enabled user, in the same round (a
 * counter-signed node still counts one vote for it). Mine shows as handled (state 1, handle 7)
 * in my done list and is no vote.
 */
export async function transfer(db: Db, operatorId: string, by: string, toUserId: string, opinion: string | null): Promise<Notices> {
  return db.transaction().execute(async (trx) => {
    const { op, task, graph } = await myWaitingTodo(trx, operatorId, by);
    if (toUserId === by) throw refuse('flowHandles.notToSelf');
    await enabledOrRefuse(trx, [toUserId]);
    await notWaitingYet(trx, task.id, op.nodeId, [toUserId], op.createdAt);
    const now = Date.now();
    await closeTodo(trx, op.id, HANDLE.transfer, now);
    await trx.insertInto('flowOperator').values({ id: newId(), taskId: task.id, nodeId: op.nodeId, userId: toUserId, delegatedFrom: null, state: 0, handleStatus: null, createdAt: op.createdAt, handledAt: null }).execute();
    const node = graph.nodes[op.nodeId]!;
    await record(trx, task.id, node.id, node.title, by, HANDLE.transfer, opinion, now, [toUserId]);
    await save(trx, task, {}, now);
    return { taskId: task.id, title: task.title, todo: [toUserId], copies: [] };
  });
}

/**
 * Add-sign (handle 6): my vote counts as a pass in my round, and the added users form a new
 * round of the same node, deciding by the node's counter-sign mode; the node completes only when
 * no round of it waits any more (transitions.ts afterVote).
 */
export async function addSign(db: Db, operatorId: string, by: string, userIds: readonly string[], opinion: string | null): Promise<Notices> {
  return db.transaction().execute(async (trx) => {
    const { op, task, graph, position } = await myWaitingTodo(trx, operatorId, by);
    const added = [...new Set(userIds)];
    if (added.includes(by)) throw refuse('flowHandles.notToSelf');
    await enabledOrRefuse(trx, added);
    await notWaitingYet(trx, task.id, op.nodeId, added);
    const now = Date.now();
    await closeTodo(trx, op.id, HANDLE.addSign, now);
    const round = await newRoundAt(trx, task.id, op.nodeId, now);
    await trx.insertInto('flowOperator').values(added.map((userId) => ({ id: newId(), taskId: task.id, nodeId: op.nodeId, userId, delegatedFrom: null, state: 0 as const, handleStatus: null, createdAt: round, handledAt: null }))).execute();
    const node = graph.nodes[op.nodeId]!;
    await record(trx, task.id, node.id, node.title, by, HANDLE.addSign, opinion, now, added);
    const notices = await afterVote(trx, task, graph, position, node.id, op.createdAt, parse<Record<string, unknown>>(task.formJson), {}, now);
    return { ...notices, todo: [...notices.todo, ...added] };
  });
}
