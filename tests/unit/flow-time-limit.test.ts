import { describe, expect, it } from 'vitest';
import { nextReminder, timeLimitOf, timersOf } from '../../src/runtime/flow';

/** The approver property `timeLimit` (docs/FLOWS.md "Timers"): read, the timers it sets, the reminders' chain. */
describe('timeLimit', () => {
  const H = 3600_000;

  it('is read as saved; absent or malformed means no limit; an unknown action reminds', () => {
    expect(timeLimitOf({})).toBeNull();
    expect(timeLimitOf({ timeLimit: { hours: 0 } })).toBeNull();
    expect(timeLimitOf({ timeLimit: { hours: 'x' } })).toBeNull();
    expect(timeLimitOf({ timeLimit: { hours: 24, onTimeout: 'pass' } })).toEqual({ hours: 24, onTimeout: 'pass' });
    expect(timeLimitOf({ timeLimit: { hours: 2, remindEveryHours: 0.5, onTimeout: 'jump' } })).toEqual({ hours: 2, remindEveryHours: 0.5, onTimeout: 'remind' });
    expect(timeLimitOf({ timeLimit: { hours: 2, remindEveryHours: 0 } })).toEqual({ hours: 2, onTimeout: 'remind' });
  });

  it('sets a first reminder and the limit; reminders repeat until the limit', () => {
    const limit = { hours: 2, remindEveryHours: 0.5, onTimeout: 'return' as const };
    expect(timersOf(limit, 0)).toEqual([{ kind: 'remind', dueAt: 0.5 * H }, { kind: 'timeout', dueAt: 2 * H }]);
    expect(nextReminder(limit, 0, 0.5 * H)).toBe(H);
    expect(nextReminder(limit, 0, H)).toBe(1.5 * H);
    expect(nextReminder(limit, 0, 1.5 * H)).toBeNull();
    expect(timersOf({ hours: 1, remindEveryHours: 3, onTimeout: 'pass' }, 0)).toEqual([{ kind: 'timeout', dueAt: H }]);
  });
});
