import { flushSync } from 'react-dom';

/**
 * Progressive mounting of a large form: the first screen of form items renders with the form;
 * the rest mount right after it in tasks of up to 40 ms (50 items per synchronous commit), each
 * task yielding to input and frames. Waiting for idle time instead left a frame (with a layout
 * of the whole growing form) after every 50 items, which made the last field arrive later than
 * in a form that mounts everything at once. Values, errors and validation live in the store, not
 * in mounted components, so a submit before the last slice still checks every field.
 */
export interface RevealGate {
  /** Whether an item mounting now draws at once (the first screen, or any item after the form's first commit). */
  claim(): boolean;
  /** The form committed its first render: items mounting from now on draw at once. */
  opened(): void;
  /** Queues a deferred item's reveal (called in a later task, in mount order); returns the cancel. */
  wait(reveal: () => void): () => void;
}

/** Items drawn with the form: a little more than a tall screen of two-column rows. */
export const FIRST_SCREEN = 60;
/** Items per synchronous commit (a few ms each). */
const SLICE = 50;
/** Slices continue for this long before the task yields (input waits at most about this long). */
const TASK_BUDGET_MS = 40;

/** Runs `run` in a fresh task, ahead of timers (no clamping) and after pending input. */
function nextTask(run: () => void): () => void {
  let live = true;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    if (live) run();
  };
  channel.port2.postMessage(null);
  return () => {
    live = false;
  };
}

export function createRevealGate(first = FIRST_SCREEN): RevealGate {
  // On the server (renderToString) nothing is deferred: everything renders.
  if (typeof window === 'undefined') return { claim: () => true, opened() {}, wait: () => () => {} };
  let claimed = 0;
  let opening = true;
  const queue = new Set<() => void>();
  let cancel: (() => void) | null = null;

  const run = () => {
    cancel = null;
    const start = performance.now();
    do {
      const batch: (() => void)[] = [];
      for (const reveal of queue) {
        batch.push(reveal);
        if (batch.length === SLICE) break;
      }
      for (const reveal of batch) queue.delete(reveal);
      flushSync(() => batch.forEach((reveal) => reveal()));
    } while (queue.size && performance.now() - start < TASK_BUDGET_MS);
    schedule();
  };
  const schedule = () => {
    if (!cancel && queue.size) cancel = nextTask(run);
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
