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
  /** Replaces the errors of the given keys (others keep theirs unless `all`). */
  setErrors(errors: Record<string, string | undefined>, all?: boolean): void;
  touch(key: string): void;
  isTouched(key: string): boolean;
  /** After a submit attempt every field shows its message. */
  markSubmitted(): void;
  submitted(): boolean;
  subscribe(key: string, listener: () => void): () => void;
  /** Any change at all (values and errors), for whole-form consumers. */
  subscribeAll(listener: () => void): () => void;
  reset(values: Record<string, unknown>): void;
}

export function createFormStore(initial: Record<string, unknown>): FormStore {
  let values: Record<string, unknown> = { ...initial };
  let errors: Record<string, string> = {};
  const touched = new Set<string>();
  let wasSubmitted = false;
  const listeners = new Map<string, Set<() => void>>();
  const everyone = new Set<() => void>();

  const notify = (key: string) => {
    listeners.get(key)?.forEach((l) => l());
    everyone.forEach((l) => l());
  };
  const notifyAll = () => {
    for (const set of listeners.values()) set.forEach((l) => l());
    everyone.forEach((l) => l());
  };

  return {
    getValue: (key) => values[key],
    setValue(key, value) {
      if (Object.is(values[key], value)) return;
      values = { ...values, [key]: value };
      notify(key);
    },
    getValues: () => values,
    getError: (key) => errors[key],
    setErrors(next, all = false) {
      const before = errors;
      errors = all ? {} : { ...errors };
      for (const [key, message] of Object.entries(next)) {
        if (message) errors[key] = message;
        else delete errors[key];
      }
      const keys = new Set([...Object.keys(before), ...Object.keys(errors)]);
      for (const key of keys) if (before[key] !== errors[key]) notify(key);
    },
    touch(key) {
      if (touched.has(key)) return;
      touched.add(key);
      notify(key);
    },
    isTouched: (key) => touched.has(key),
    markSubmitted() {
      if (wasSubmitted) return;
      wasSubmitted = true;
      notifyAll();
    },
    submitted: () => wasSubmitted,
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => set!.delete(listener);
    },
    subscribeAll(listener) {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
    reset(next) {
      values = { ...next };
      errors = {};
      touched.clear();
      wasSubmitted = false;
      notifyAll();
    },
  };
}
