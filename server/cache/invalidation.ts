/**
 * Cache invalidation: the one point where the server's in-memory caches (sessions, principals,
 * released models) hear that rows they were built from changed.
 *
 * Every write through a database handle is observed at the driver (server/db/observed-dialect.ts)
 * and announced here as a `Change` once it is committed: right after an autocommit statement,
 * at the COMMIT of a transaction, never for a rollback. A cache therefore never has to be told
 * by the code that wrote: a route, a test writing straight to the database or a future module
 * all invalidate alike. Listeners run synchronously before the writer's promise resolves, so the
 * next request in this process sees the change.
 *
 * Across processes (the scale-out issue: several processes on one PostgreSQL, Redis pub/sub):
 * `publish` is where the changes go out too — serialised as they are (table names and key values,
 * plain JSON) on one channel — and what arrives from the channel goes to `deliver`. A process
 * that loses its subscription must `flushAll` and serve uncached until it is back, because it
 * can no longer hear changes.
 */
export interface Change {
  /** The table written (snake_case, as in SQL); '*' when unknown (DDL, a statement not understood). */
  table: string;
  /**
   * The rows written, as values of key columns their statement pinned (`where id = ?`,
   * `where user_id in (…)`, an insert's values): every written row has one of them. Null: any row.
   */
  keys: Record<string, readonly unknown[]> | null;
}

export type ChangeListener = (change: Change) => void;

export class Invalidation {
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private readonly everything = new Set<() => void>();

  /** Hears changes of the given tables (and every '*' change). Returns the unsubscribe. */
  subscribe(tables: readonly string[], listener: ChangeListener): () => void {
    for (const table of tables) {
      const set = this.listeners.get(table) ?? new Set<ChangeListener>();
      this.listeners.set(table, set);
      set.add(listener);
    }
    return () => {
      for (const table of tables) this.listeners.get(table)?.delete(listener);
    };
  }

  /** Hears "forget everything" (a lost subscription, a DDL statement). */
  onFlushAll(listener: () => void): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }

  /** Committed changes of this process. Today: local listeners; with Redis, also the channel. */
  publish(changes: readonly Change[]): void {
    this.deliver(changes);
  }

  /** Applies changes to this process's caches (own writes now; later also the channel's messages). */
  deliver(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.table === '*') {
        this.flushAll();
        continue;
      }
      for (const listener of this.listeners.get(change.table) ?? []) listener(change);
    }
  }

  flushAll(): void {
    for (const listener of this.everything) listener();
  }
}

/** The bus of each database handle (the main Kysely instance; a transaction has none). */
const buses = new WeakMap<object, Invalidation>();

export function registerInvalidation(db: object, bus: Invalidation): void {
  buses.set(db, bus);
}

/** The bus of `db`, or undefined for a transaction or a handle opened without one (then: no caching). */
export function invalidationOf(db: object): Invalidation | undefined {
  return buses.get(db);
}

/**
 * A cache's guard against the race of a load and a change: a load that began before a change was
 * announced may have read the old rows, so it must not be stored. `begin()` before reading,
 * `fresh(mark)` before storing.
 */
export class Generation {
  private value = 0;
  bump(): void {
    this.value += 1;
  }
  begin(): number {
    return this.value;
  }
  fresh(mark: number): boolean {
    return mark === this.value;
  }
}

/**
 * The values of `column` every row of the change has, or null when the change does not pin that
 * column (then any row may have been written). A cache drops the entries with those values.
 */
export function keyed(change: Change, column: string): readonly unknown[] | null {
  return change.keys?.[column] ?? null;
}

/**
 * Values read from tables, kept per database handle by a key until a committed write to one of
 * the tables names that key in `keyColumn` (or names no key, or keyColumn is null: all go).
 * Reads inside a transaction (no bus) are never kept.
 */
export class KeptValues<V> {
  private readonly handles = new WeakMap<object, { values: Map<string, V>; generation: Generation }>();
  constructor(private readonly tables: readonly string[], private readonly keyColumn: string | null, private readonly limit = 10_000) {}

  private of(db: object) {
    let kept = this.handles.get(db);
    if (kept) return kept;
    const bus = invalidationOf(db);
    if (!bus) return undefined;
    const state = { values: new Map<string, V>(), generation: new Generation() };
    const clear = () => {
      state.generation.bump();
      state.values.clear();
    };
    bus.subscribe(this.tables, (change) => {
      const keys = this.keyColumn ? keyed(change, this.keyColumn) : null;
      if (!keys) return clear();
      state.generation.bump();
      for (const key of keys) state.values.delete(String(key));
    });
    bus.onFlushAll(clear);
    this.handles.set(db, state);
    kept = state;
    return kept;
  }

  /** The kept value, else `load()`'s (kept unless a change arrived meanwhile; undefined is not kept). */
  async get(db: object, key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.of(db);
    const hit = kept?.values.get(key);
    if (hit !== undefined) return hit;
    const mark = kept?.generation.begin() ?? 0;
    const value = await load();
    if (value !== undefined && kept?.generation.fresh(mark)) {
      if (kept.values.size >= this.limit) kept.values.clear();
      kept.values.set(key, value);
    }
    return value;
  }
}
