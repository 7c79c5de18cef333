import { flushSync } from 'react-dom';

/**
 * Progressive mounting of a large form: the first screen of form items renders with the form;
 * the rest mount in idle-time slices (requestIdleCallback, or short timeouts where the browser
 * has none), a few dozen items per synchronous slice, so the form shows at once and typing
 * stays responsive while the rest arrive. Values, errors and validation live in the store, not
 * in mounted components, so a submit before the last slice still checks every field.
 */
export interface RevealGate {
  /** Whether an item mounting now draws at once (the first screen, or any item after the form's first commit). */
  claim(): boolean;
  /** The form committed its first render: items mounting from now on draw at once. */
  opened(): void;
  /** Queues a deferred item's reveal (called in idle time, in mount order); returns the cancel. */
  wait(reveal: () => void): () => void;
}

/** Items drawn with the form: a little more than a tall screen of two-column rows. */
export const FIRST_SCREEN = 60;
/** Items per synchronous slice (a few ms each); slices continue while the idle period lasts. */
const SLICE = 50;
/** Where there is no requestIdleCallback, a timeout slice works for at most this long. */
const TIMEOUT_BUDGET_MS = 8;

interface Deadline {
  timeRemaining(): number;
}

function requestIdle(run: (deadline: Deadline) => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 100 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(() => {
    const start = performance.now();
    run({ timeRemaining: () => Math.max(0, TIMEOUT_BUDGET_MS - (performance.now() - start)) });
  }, 1);
  return () => window.clearTimeout(id);
}

export function createRevealGate(first = FIRST_SCREEN): RevealGate {
  // On the server (renderToString) there is no idle time: everything renders.
  if (typeof window === 'undefined') return { claim: () => true, opened() {}, wait: () => () => {} };
  let claimed = 0;
  let opening = true;
  const queue = new Set<() => void>();
  let cancel: (() => void) | null = null;

  const run = (deadline: Deadline) => {
    cancel = null;
    do {
      const batch: (() => void)[] = [];
      for (const reveal of queue) {
        batch.push(reveal);
        if (batch.length === SLICE) break;
      }
      for (const reveal of batch) queue.delete(reveal);
      flushSync(() => batch.forEach((reveal) => reveal()));
    } while (queue.size && deadline.timeRemaining() > 2);
    schedule();
  };
  const schedule = () => {
    if (!cancel && queue.size) cancel = requestIdle(run);
  };

  return {
    claim: () => !opening || claimed++ < first,
    opened() {
      opening = false;
    },
    wait(reveal) {
      queue.add(reveal);
      schedule();
      return () => {
        queue.delete(reveal);
        if (!queue.size && cancel) {
          cancel();
          cancel = null;
        }
      };
    },
  };
}
