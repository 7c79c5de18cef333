import type { FlowDetail } from '../../../app/api/flow';

export type FlowActionKind = 'pass' | 'return' | 'reject' | 'transfer' | 'addSign' | 'withdraw' | 'resubmit' | 'cancel' | 'assign' | 'change';

/** A waiting flow with no active step went back to its initiator (returned to the start). */
export const returnedToStart = (d: FlowDetail) => d.task.status === 1 && d.flow.active.length === 0;

/** May the initiator resubmit: returned to the start, rejected (3, revive) or withdrawn (4). */
export const mayResubmit = (d: FlowDetail, me: string) => d.task.creatorUserId === me && (returnedToStart(d) || d.task.status === 3 || d.task.status === 4);

/**
 * The actions the page offers me; the server decides again on each. Transfer, add-sign and the
 * supervisor's actions come with the detail's `mayManage` field (the server that serves them
 * sends it), so a server without them never shows their buttons. Withdraw: while the last
 * record is the (re)submission, no approver has acted yet.
 */
export function availableActions(d: FlowDetail, me: string): FlowActionKind[] {
  const out: FlowActionKind[] = [];
  const waiting = d.task.status === 1;
  const extended = typeof d.mayManage === 'boolean';
  if (d.todo && waiting) {
    out.push('pass', 'return', 'reject');
    if (extended) out.push('transfer', 'addSign');
  }
  if (d.task.creatorUserId === me) {
    const last = d.records[d.records.length - 1];
    if (waiting && d.flow.active.length > 0 && last && (last.handleStatus === 2 || last.handleStatus === 9)) out.push('withdraw');
    if (mayResubmit(d, me)) out.push('resubmit');
  }
  if (d.mayManage && waiting) {
    out.push('cancel', 'assign');
    if (d.waiting?.length) out.push('change');
  }
  return out;
}

/** The fields a pass may change: the node's writable ones, taken from the edited values. */
export function writableValues(d: FlowDetail, values: Record<string, unknown>): Record<string, unknown> | undefined {
  const keys = (d.todo?.formOperates ?? []).filter((r) => r.write === true).map((r) => r.id);
  if (!keys.length) return undefined;
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}
