import { useContext, useMemo, useSyncExternalStore } from 'react';
import { cellText } from '../../runtime/popup-select';
import { LocaleContext } from '../i18n';
import { OPTIONS_STALE_MS } from './queries';
import { useDataProvider, type DataProvider, type RecordRow } from './provider';

/**
 * Rows behind popup-select and related-form values, looked up by id in batches: every cell,
 * view and attribute field that asks in the same task for the same source (interface and
 * parameters, or related-form field) is answered by ONE request with all their ids — a list
 * page of 1,000 rows asks once per field, not once per row. An id the source does not answer
 * (or a failed lookup) is remembered as missing, so its value shows empty (spec 8). Answers are
 * kept five minutes, like option sources, so another account soon stops seeing them.
 */

export type LookupSource =
  | { kind: 'interface'; interfaceId: string; propsValue: string; relationField: string; paramList: unknown[] }
  | { kind: 'relation'; modelId: string; field: string };

interface Entry {
  row: RecordRow | null;
  at: number;
}

class LookupBatcher {
  private readonly known = new Map<string, Map<string, Entry>>();
  private readonly pending = new Map<string, { source: LookupSource; ids: Set<string> }>();
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  version = 0;

  constructor(private readonly provider: DataProvider) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The rows known for ids now (missing ids: null; not yet answered: absent), asking for the others. */
  rows(source: LookupSource, ids: readonly string[]): Map<string, RecordRow | null> {
    const key = JSON.stringify(source);
    const known = this.known.get(key);
    const out = new Map<string, RecordRow | null>();
    const now = Date.now();
    for (const id of ids) {
      const hit = known?.get(id);
      if (hit && now - hit.at < OPTIONS_STALE_MS) out.set(id, hit.row);
      else this.ask(key, source, id);
    }
    return out;
  }

  /** Rows a picker just chose: shown at once, without asking again. */
  remember(source: LookupSource, rows: readonly RecordRow[]): void {
    const key = JSON.stringify(source);
    const known = this.known.get(key) ?? new Map<string, Entry>();
    this.known.set(key, known);
    for (const row of rows) known.set(idOf(source, row), { row, at: Date.now() });
    this.changed();
  }

  private ask(key: string, source: LookupSource, id: string) {
    const waiting = this.pending.get(key) ?? { source, ids: new Set<string>() };
    waiting.ids.add(id);
    this.pending.set(key, waiting);
    if (this.scheduled) return;
    this.scheduled = true;
    // after the render that asked: every cell of the page has asked by then
    setTimeout(() => this.flush(), 0);
  }

  private flush() {
    this.scheduled = false;
    const batches = [...this.pending.entries()];
    this.pending.clear();
    for (const [key, { source, ids }] of batches) {
      const known = this.known.get(key) ?? new Map<string, Entry>();
      this.known.set(key, known);
      const wanted = [...ids].filter((id) => !known.has(id) || Date.now() - known.get(id)!.at >= OPTIONS_STALE_MS);
      if (!wanted.length) continue;
      // marked as asked now, so a re-render before the answer does not ask again
      for (const id of wanted) known.set(id, { row: known.get(id)?.row ?? null, at: Date.now() });
      const settle = (rows: RecordRow[]) => {
        const at = Date.now();
        const found = new Map(rows.map((r) => [idOf(source, r), r]));
        for (const id of wanted) known.set(id, { row: found.get(id) ?? null, at });
        this.changed();
      };
      // a provider without the call (a test double, the public page) throws at once: the values show empty
      Promise.resolve().then(() => this.fetch(source, wanted)).then(settle, () => settle([]));
    }
  }

  private fetch(source: LookupSource, ids: string[]): Promise<RecordRow[]> {
    const p = this.provider;
    if (source.kind === 'interface') {
      if (!p.interfaceByIds) return Promise.resolve([]);
      return p.interfaceByIds(source.interfaceId, { ids, propsValue: source.propsValue, relationField: source.relationField, paramList: source.paramList });
    }
    if (!p.relationByIds) return Promise.resolve([]);
    return p.relationByIds(source.modelId, source.field, ids);
  }

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

function idOf(source: LookupSource, row: RecordRow): string {
  return cellText(source.kind === 'interface' ? row[source.propsValue] : row.id);
}

const batchers = new WeakMap<DataProvider, Map<string, LookupBatcher>>();

export function lookupBatcher(provider: DataProvider, locale: string): LookupBatcher {
  let byLocale = batchers.get(provider);
  if (!byLocale) batchers.set(provider, (byLocale = new Map()));
  let batcher = byLocale.get(locale);
  if (!batcher) byLocale.set(locale, (batcher = new LookupBatcher(provider)));
  return batcher;
}

export function useLookupBatcher(): LookupBatcher {
  const provider = useDataProvider();
  const locale = useContext(LocaleContext);
  return lookupBatcher(provider, locale);
}

/** The rows of the ids (in their order; missing ones left out) and whether any is still being asked for. */
export function useLookupRows(source: LookupSource | null, ids: readonly string[]): { rows: Map<string, RecordRow>; pending: boolean } {
  const batcher = useLookupBatcher();
  const version = useSyncExternalStore(batcher.subscribe, () => batcher.version, () => batcher.version);
  const idsKey = ids.join('\u0001');
  const sourceKey = source ? JSON.stringify(source) : '';
  return useMemo(() => {
    const rows = new Map<string, RecordRow>();
    if (!source || !ids.length) return { rows, pending: false };
    const known = batcher.rows(source, ids);
    for (const [id, row] of known) if (row) rows.set(id, row);
    return { rows, pending: known.size < ids.length };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the source's and ids' text
  }, [batcher, version, sourceKey, idsKey]);
}
