import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { timeLimitOf, timersOf, type FlowGraph } from '../../../src/runtime/flow';

type Trx = Transaction<Database>;

/**
 * The timers of nodes just entered (approver property `timeLimit`), written in the transaction
 * that makes their to-dos, so a crash leaves both or neither. `taskVersion` is the task's version
 * when the node was entered (kept for the record; validity is judged when a timer falls due).
 */
export async function setTimers(trx: Trx, graph: FlowGraph, taskId: string, nodeIds: readonly string[], now: number): Promise<void> {
  const limited = nodeIds.map((id) => ({ id, limit: timeLimitOf(graph.nodes[id]!.properties) })).filter((n) => n.limit);
  if (limited.length === 0) return;
  const { version } = await trx.selectFrom('flowTask').select('version').where('id', '=', taskId).executeTakeFirstOrThrow();
  const rows = limited.flatMap((n) => timersOf(n.limit!, now).map((t) => ({ id: newId(), taskId, nodeId: n.id, kind: t.kind, taskVersion: version, dueAt: t.dueAt, doneAt: null, createdAt: now })));
  await trx.insertInto('flowTimer').values(rows).execute();
}

/**
 * The flow left `nodeIds` (those that were active): their pending timers are done, in the same
 * transaction. Only nodes with a time limit have timers, so a flow without any costs no query.
 */
export async function closeTimers(trx: Trx, graph: FlowGraph, taskId: string, nodeIds: readonly string[], now: number): Promise<void> {
  const limited = nodeIds.filter((id) => graph.nodes[id] && timeLimitOf(graph.nodes[id].properties));
  if (limited.length === 0) return;
  await trx.updateTable('flowTimer').set({ doneAt: now }).where('taskId', '=', taskId).where('nodeId', 'in', limited).where('doneAt', 'is', null).execute();
}
