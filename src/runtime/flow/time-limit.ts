/**
 * A node's time limit (our extension of the template, approver property `timeLimit`; absent in
 * the product's saved templates = no limit; docs/FLOWS.md "Timers"):
 * - `hours`: how long the node may wait once entered (fractions allowed);
 * - `remindEveryHours`: while it waits, its waiting approvers get a reminder this often;
 * - `onTimeout`: at the limit, 'remind' (one more reminder, the node keeps waiting), 'pass' (the
 *   node passes, whatever its votes) or 'return' (the flow goes back to the node's rejectStep).
 */
export interface TimeLimit {
  hours: number;
  remindEveryHours?: number;
  onTimeout: 'remind' | 'pass' | 'return';
}

const HOUR_MS = 3600_000;
/** A limit or a reminder period below this is ignored (a malformed template cannot spin the runner). */
const SHORTEST_HOURS = 1 / 3600;

const hours = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= SHORTEST_HOURS && v <= 24 * 366 ? v : undefined);

/** The node's time limit as saved, or null when it has none (or it is malformed). */
export function timeLimitOf(properties: Readonly<Record<string, unknown>>): TimeLimit | null {
  const raw = properties.timeLimit;
  if (!raw || typeof raw !== 'object') return null;
  const t = raw as Record<string, unknown>;
  const limit = hours(t.hours);
  if (limit === undefined) return null;
  const onTimeout = t.onTimeout === 'pass' || t.onTimeout === 'return' ? t.onTimeout : 'remind';
  const every = hours(t.remindEveryHours);
  return { hours: limit, onTimeout, ...(every !== undefined ? { remindEveryHours: every } : {}) };
}

/** The timers a node sets when entered at `now`: its first reminder (if any) and its limit. */
export function timersOf(limit: TimeLimit, now: number): { kind: 'remind' | 'timeout'; dueAt: number }[] {
  const out: { kind: 'remind' | 'timeout'; dueAt: number }[] = [];
  if (limit.remindEveryHours !== undefined && limit.remindEveryHours < limit.hours) out.push({ kind: 'remind', dueAt: now + Math.round(limit.remindEveryHours * HOUR_MS) });
  out.push({ kind: 'timeout', dueAt: now + Math.round(limit.hours * HOUR_MS) });
  return out;
}

/** The reminder after one due at `dueAt`, or null when it would come at or after the limit. */
export function nextReminder(limit: TimeLimit, enteredAt: number, dueAt: number): number | null {
  if (limit.remindEveryHours === undefined) return null;
  const next = dueAt + Math.round(limit.remindEveryHours * HOUR_MS);
  return next < enteredAt + Math.round(limit.hours * HOUR_MS) ? next : null;
}
