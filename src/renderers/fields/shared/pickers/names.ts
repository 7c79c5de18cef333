import type { RefKind } from '../../../../runtime/kinds';

/**
 * Names of referenced records that a reply did not bring (areas: the record list names users,
 * organisations, positions, roles and groups in its `refs`, not areas; admin resource lists bring
 * no refs at all). Every cell and view of a page asks for its ids; the asks of one render are
 * gathered and answered with ONE request per kind, so a 1,000-row page costs one request per
 * kind, not one per row. Answers are kept for the session (a rename shows after a reload).
 */
export type NameFetcher = (ref: RefKind, ids: string[]) => Promise<Record<string, string>>;

/** null: asked and unknown (or not visible to the caller); undefined: not answered yet. */
export type NameLookup = (ref: RefKind, id: string) => string | null | undefined;

export class RefNameBatcher {
  private readonly known = new Map<string, string | null>();
  private readonly asked = new Set<string>();
  private queued = new Map<RefKind, Set<string>>();
  private flushing: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  /** Moves on every answer, so hooks re-render (useSyncExternalStore snapshot). */
  version = 0;

  constructor(
    private readonly fetchNames: NameFetcher,
    private readonly schedule: (run: () => void) => void = (run) => setTimeout(run, 0),
  ) {}

  readonly name: NameLookup = (ref, id) => this.known.get(`${ref}:${id}`);

  /** Ask for names; ids already known or on their way are not asked again. */
  want(ref: RefKind, ids: readonly string[]): void {
    let added = false;
    for (const id of ids) {
      const key = `${ref}:${id}`;
      if (!id || this.asked.has(key)) continue;
      this.asked.add(key);
      const set = this.queued.get(ref) ?? new Set<string>();
      set.add(id);
      this.queued.set(ref, set);
      added = true;
    }
    if (added && !this.flushing) {
      this.flushing = new Promise<void>((resolve) => this.schedule(() => void this.flush().finally(resolve)));
    }
  }

  /** Resolves when every name asked so far is answered (tests, and callers that must wait). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = new Map();
    await Promise.all(
      [...batch].map(async ([ref, ids]) => {
        let names: Record<string, string> = {};
        try {
          names = await this.fetchNames(ref, [...ids]);
        } catch {
          // A failed lookup shows nothing rather than raw ids; a reload asks again.
        }
        for (const id of ids) this.known.set(`${ref}:${id}`, names[id] ?? null);
      }),
    );
    this.flushing = null;
    this.version += 1;
    for (const listener of this.listeners) listener();
    // asks that arrived while answering go out as the next batch
    if (this.queued.size && !this.flushing) this.flushing = new Promise<void>((resolve) => this.schedule(() => void this.flush().finally(resolve)));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** Ids a stored value references: one id, a list, or paths of ids (flattened), blanks left out. */
export function idsOf(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'string' && v !== '') out.push(v);
    else if (typeof v === 'number') out.push(String(v));
  };
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      walk(JSON.parse(value));
      return out;
    } catch {
      /* plain text */
    }
  }
  walk(value);
  return out;
}
