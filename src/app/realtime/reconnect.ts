/**
 * When the browser's socket reconnects after it closed (pure, so it is unit-tested).
 *
 * 1012 (Service Restart: a graceful shutdown, docs/DEPLOY.md) and 1001 (Going Away) mean the
 * process went away on purpose and the load balancer has others: come back soon, but each
 * client at its own random moment within RESTART_SPREAD_MS, so N clients of the stopped process
 * do not arrive at once. Anything else may be a dropped line: exponential pause with jitter.
 * 4600–4602: the session ended (a 'logout' came first) — no reconnect.
 */
export const RESTART_CLOSE_CODES: readonly number[] = [1001, 1012];
export const RESTART_MIN_MS = 250;
export const RESTART_SPREAD_MS = 3_000;
export const RETRY_MIN_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

/** Milliseconds until the next attempt, or null for none. `attempt` counts failures since the last open (0 = first). */
export function reconnectDelay(code: number, attempt: number, random: () => number = Math.random): number | null {
  if (code >= 4600 && code <= 4602) return null;
  if (attempt === 0 && RESTART_CLOSE_CODES.includes(code)) return Math.round(RESTART_MIN_MS + random() * RESTART_SPREAD_MS);
  const ceiling = Math.min(RETRY_MIN_MS * 2 ** Math.min(attempt, 16), RETRY_MAX_MS);
  // "equal jitter": at least half the pause, the rest random — growing, yet never in lock-step
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Whether the close means a server restart (the page says so while it reconnects). */
export const isRestart = (code: number) => RESTART_CLOSE_CODES.includes(code);
