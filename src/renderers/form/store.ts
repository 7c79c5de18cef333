/**
 * A per-form store of values, errors and touched flags with per-key subscriptions, read by
 * each field through useSyncExternalStore: a keystroke notifies the one field that changed,
 * so the form (and its 1,000 other fields) does not re-render.
 */
export interface FormStore {
  getValue(key: string): unknown;
  setValue(key: string, value: unknown): void;
  getValues(): Record<string, unknown>;
  getError(key: string): string | undefined;
  /** The message a field shows now: its error once it was touched or a submit was tried. */
  shownError(key: string): string | undefined;
  /** Replaces the errors of the given keys (others keep theirs unless `all`). */
  setErrors(errors: Record<string, string | undefined>, all?: boolean): void;
  touch(key: string): void;
  isTouched(key: string): boolean;
  /** After a submit attempt every field shows its message. */
  markSubmitted(): void;
  submitted(): boolean;
  /** Asks the layout to bring a field into view (its tab or collapse pane opens). */
  requestFocus(key: string): void;
  /** The latest such request (`seq` grows with each). */
  focusRequest(): { key: string; seq: number } | null;
  subscribe(key: string, listener: () => void): () => void;
  /** Changes of which fields show a message, and focus requests (never a keystroke alone): for tabs and panes. */
  subscribeShown(listener: () => void): () => void;
  /** Any change at all (values and errors), for whole-form consumers. */
  subscribeAll(listener: () => void): () => void;
  /** Whether a value now differs from the one the form opened with (or was last reset to): typed data a close would lose. */
  isDirty(): boolean;
  reset(values: Record<string, unknown>): void;
}

/** Nothing typed: an emptied field is as empty as one never filled. */
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Same value for a person: deep, with every empty the same (a field typed in and cleared again changed nothing). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (isEmpty(a) && isEmpty(b))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function createFormStore(initial: Record<string, unknown>): FormStore {
  // Copy on write: a keystroke writes in place (a copy of 1,000 values per keystroke was the
  // form's one O(fields) cost per keystroke); a record handed out by getValues stays as it was.
  let values: Record<string, unknown> = { ...initial };
  // What the form opened with, and the keys written since: a close asks first only when one of them differs.
  let baseline: Record<string, unknown> = { ...initial };
  const written = new Set<string>();
  let handedOut = false;
  let errors: Record<string, string> = {};
  const touched = new Set<string>();
  let wasSubmitted = false;
  let focus: { key: string; seq: number } | null = null;
  const listeners = new Map<string, Set<() => void>>();
  const everyone = new Set<() => void>();
  const shownListeners = new Set<() => void>();

  const notifyShown = () => shownListeners.forEach((l) => l());
  const notify = (key: string) => {
    listeners.get(key)?.forEach((l) => l());
    everyone.forEach((l) => l());
  };
  const notifyAll = () => {
    for (const set of listeners.values()) set.forEach((l) => l());
    everyone.forEach((l) => l());
    notifyShown();
  };

  return {
    getValue: (key) => values[key],
    setValue(key, value) {
      if (Object.is(values[key], value)) return;
      if (handedOut) {
        values = { ...values };
        handedOut = false;
      }
      values[key] = value;
      written.add(key);
      notify(key);
    },
    getValues() {
      handedOut = true;
      return values;
    },
    getError: (key) => errors[key],
    shownError: (key) => (wasSubmitted || touched.has(key) ? errors[key] : undefined),
    setErrors(next, all = false) {
      const before = errors;
      errors = all ? {} : { ...errors };
      for (const [key, message] of Object.entries(next)) {
        if (message) errors[key] = message;
        else delete errors[key];
      }
      let changed = false;
      const keys = new Set([...Object.keys(before), ...Object.keys(errors)]);
      for (const key of keys) {
        if (before[key] === errors[key]) continue;
        changed = true;
        notify(key);
      }
      if (changed) notifyShown();
    },
    touch(key) {
      if (touched.has(key)) return;
      touched.add(key);
      notify(key);
      if (errors[key]) notifyShown();
    },
    isTouched: (key) => touched.has(key),
    markSubmitted() {
      if (wasSubmitted) return;
      wasSubmitted = true;
      notifyAll();
    },
    submitted: () => wasSubmitted,
    requestFocus(key) {
      focus = { key, seq: (focus?.seq ?? 0) + 1 };
      notifyShown();
    },
    focusRequest: () => focus,
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => set!.delete(listener);
    },
    subscribeShown(listener) {
      shownListeners.add(listener);
      return () => shownListeners.delete(listener);
    },
    subscribeAll(listener) {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
    isDirty() {
      for (const key of written) if (!sameValue(values[key], baseline[key])) return true;
      return false;
    },
    reset(next) {
      values = { ...next };
      baseline = { ...next };
      written.clear();
      handedOut = false;
      errors = {};
      touched.clear();
      wasSubmitted = false;
      focus = null;
      notifyAll();
    },
  };
}
