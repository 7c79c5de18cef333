import type { Db } from '../../db';
import type { FlowTimerRow } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';
import { AppError } from '../../http/errors';
import { newId } from '../../db/ids';
import { DEFAULT_LOCALE, translate } from '../../../src/runtime/i18n';
import { nextReminder, timeLimitOf, type FlowPosition } from '../../../src/runtime/flow';
import { administrators } from './assignees';
import { sendNotices } from './notices';
import { HANDLE, STATUS, graphOfTask, parse, passNode, record, returnFrom, type Notices, type Trx } from './transitions';

/**
 * Flow timers (docs/FLOWS.md "Timers"): rows of flow_timer written when a node with a `timeLimit`
 * is entered (timer-rows.ts). `runDueTimers` claims each due timer with a guarded UPDATE of
 * done_at from null, in the transaction that acts on it, so two runners at once never act twice
 * on one timer, and an action refused because the flow moved meanwhile rolls the claim back (the
 * timer is judged again at the next turn). A timer of a node the flow has left does nothing.
 */

/** How often the runner looks for due timers, and the name of its lease (server/jobs/lease.ts). */
export const FLOW_TIMER_EVERY_MS = 30_000;
export const FLOW_TIMER_JOB = 'flow.timers';

/** PostgreSQL's deadlock and serialisation failures: the transaction rolled back and may be tried again. */
const TRANSIENT = ['40P01', '40001'];

export interface TimerOutcome { timerId: string; did: 'remind' | 'pass' | 'return' | 'nothing' }

/** Acts on the timers due at `now` (oldest first, at most `limit`); answers what each did. */
export async function runDueTimers(db: Db, hub: RealtimeHub, now: number, limit = 200): Promise<TimerOutcome[]> {
  const due = await db.selectFrom('flowTimer').selectAll().where('doneAt', 'is', null).where('dueAt', '<=', now).orderBy('dueAt').orderBy('id').limit(limit).execute();
  const out: TimerOutcome[] = [];
  for (const timer of due) {
    let result: { did: TimerOutcome['did']; notices: Notices | null; by: string | null } | null;
    try {
      result = await db.transaction().execute(async (trx) => {
        // the node's waiting to-dos first, as an approver's action takes them: a runner and an
        // approver at once then queue on them instead of each holding what the other wants next
        await trx.updateTable('flowOperator').set((eb) => ({ state: eb.ref('state') })).where('taskId', '=', timer.taskId).where('nodeId', '=', timer.nodeId).where('state', '=', 0).execute();
        const claimed = await trx.updateTable('flowTimer').set({ doneAt: now }).where('id', '=', timer.id).where('doneAt', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        return fire(trx, timer, now);
      });
    } catch (error) {
      // the flow moved meanwhile, or the database chose this transaction as a deadlock's or
      // serialisation's victim: judged again next turn; anything else would fail for ever: set aside
      if (!(error instanceof AppError) && !TRANSIENT.includes(String((error as { code?: unknown }).code))) await db.updateTable('flowTimer').set({ doneAt: now }).where('id', '=', timer.id).where('doneAt', 'is', null).execute();
      continue;
    }
    if (!result) continue;
    out.push({ timerId: timer.id, did: result.did });
    // a message lost here leaves the flow as it is (its to-dos are in /daiban); the next timers still run
    if (result.notices) await sendNotices(db, hub, result.notices, result.by).catch(() => undefined);
  }
  return out;
}

/** One claimed timer: a reminder, or the node's limit and its action; nothing when the node was left. */
async function fire(trx: Trx, timer: FlowTimerRow, now: number): Promise<{ did: TimerOutcome['did']; notices: Notices | null; by: string | null }> {
  const nothing = { did: 'nothing' as const, notices: null, by: null };
  const task = await trx.selectFrom('flowTask').selectAll().where('id', '=', timer.taskId).executeTakeFirst();
  if (!task || task.status !== STATUS.wait) return nothing;
  const position = parse<FlowPosition>(task.positionJson);
  if (!position.active.includes(timer.nodeId)) return nothing;
  const graph = await graphOfTask(trx, task);
  const node = graph.nodes[timer.nodeId];
  const limit = node ? timeLimitOf(node.properties) : null;
  if (!node || !limit) return nothing;
  const base: Notices = { taskId: task.id, title: task.title, todo: [], copies: [] };
  if (timer.kind === 'remind' || limit.onTimeout === 'remind') {
    const waiting = await trx.selectFrom('flowOperator').select('userId').where('taskId', '=', task.id).where('nodeId', '=', node.id).where('state', '=', 0).execute();
    // created_at is when the node was entered: the reminders' period counts from it
    const next = timer.kind === 'remind' ? nextReminder(limit, Number(timer.createdAt), Number(timer.dueAt)) : null;
    if (next !== null) await trx.insertInto('flowTimer').values({ ...timer, id: newId(), dueAt: next, doneAt: null }).execute();
    return { did: 'remind', notices: { ...base, remind: waiting.map((w) => w.userId) }, by: null };
  }
  // the limit passed: the node's action, recorded as the first administrator's (docs/FLOWS.md)
  const [actor] = await administrators(trx);
  if (!actor) return nothing;
  const opinion = translate(DEFAULT_LOCALE, 'flowHandles.timeoutOpinion');
  if (limit.onTimeout === 'pass') {
    await record(trx, task.id, node.id, node.title, actor, HANDLE.pass, opinion, now);
    return { did: 'pass', notices: await passNode(trx, task, graph, position, node.id, parse<Record<string, unknown>>(task.formJson), {}, now), by: actor };
  }
  await record(trx, task.id, node.id, node.title, actor, HANDLE.return, opinion, now);
  return { did: 'return', notices: await returnFrom(trx, task, graph, node.id, undefined, now), by: actor };
}
