import { describe, expect, it } from 'vitest';
import { isRestart, reconnectDelay, RESTART_MIN_MS, RESTART_SPREAD_MS, RETRY_MAX_MS, RETRY_MIN_MS } from '../../src/app/realtime/reconnect';

/** The browser socket's reconnect policy (issue 18 item 4): a restarting server is rejoined soon, spread out; a dropped line backs off. */
describe('reconnectDelay', () => {
  it('reconnects soon after 1012 and 1001, each client at its own moment within the spread', () => {
    for (const code of [1012, 1001]) {
      expect(reconnectDelay(code, 0, () => 0)).toBe(RESTART_MIN_MS);
      expect(reconnectDelay(code, 0, () => 0.999)).toBeLessThanOrEqual(RESTART_MIN_MS + RESTART_SPREAD_MS);
      expect(isRestart(code)).toBe(true);
    }
    // a thousand clients of the stopped process do not arrive in one instant
    const delays = Array.from({ length: 1000 }, () => reconnectDelay(1012, 0)!);
    const perSecond = new Map<number, number>();
    for (const d of delays) perSecond.set(Math.floor(d / 1000), (perSecond.get(Math.floor(d / 1000)) ?? 0) + 1);
    expect(perSecond.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perSecond.values())).toBeLessThan(600);
  });

  it('backs off with jitter when the reconnect after a restart fails too, and for an ordinary drop', () => {
    expect(isRestart(1006)).toBe(false);
    // after one failed attempt a restart is treated as a dropped line: no hammering of a server that is not back
    expect(reconnectDelay(1012, 1, () => 0)).toBe(RETRY_MIN_MS * 2 / 2);
    expect(reconnectDelay(1006, 0, () => 0)).toBe(RETRY_MIN_MS / 2);
    expect(reconnectDelay(1006, 0, () => 1)).toBe(RETRY_MIN_MS);
    expect(reconnectDelay(1006, 3, () => 0.5)).toBe(Math.round(RETRY_MIN_MS * 8 * 0.75));
    expect(reconnectDelay(1006, 40, () => 1)).toBe(RETRY_MAX_MS);
    expect(reconnectDelay(1006, 40, () => 0)).toBe(RETRY_MAX_MS / 2);
  });

  it('does not reconnect once the session ended (4600-4602)', () => {
    for (const code of [4600, 4601, 4602]) expect(reconnectDelay(code, 0)).toBeNull();
    expect(reconnectDelay(4603, 0)).not.toBeNull();
  });
});
