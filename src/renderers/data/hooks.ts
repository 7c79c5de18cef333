import { hashKey, notifyManager, QueryObserver, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { OptionItem, OptionSource } from '../../runtime/model/compiled';
import { LocaleContext } from '../i18n';
import { useDataProvider, type DataProvider } from './provider';
import { optionRowsQuery, sourceProblem, type OptionRowsQuery, type SourceProblem } from './queries';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` with the data provider whenever `deps` or the language change (the server answers
 * compiled pages and dictionary names in the caller's language); the latest call wins.
 */
export function useAsync<T>(load: ((provider: DataProvider) => Promise<T>) | null, deps: readonly unknown[]): AsyncState<T> {
  const provider = useDataProvider();
  const locale = useContext(LocaleContext);
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: !!load });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const current = loadRef.current;
    if (!current) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    Promise.resolve()
      .then(() => current(provider))
      .then(
        (data) => live && setState({ data, error: null, loading: false }),
        (error: unknown) => live && setState({ data: undefined, error, loading: false }),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, locale, tick, ...deps]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}

const EMPTY: OptionItem[] = [];

export interface OptionsState {
  options: OptionItem[];
  loading: boolean;
  /** Why a remote source gave no options (missing, or its call failed); null when it answered. */
  problem: SourceProblem | null;
}

/**
 * Options of a select-like field from its source: static list, dictionary or data interface.
 * Remote sources go through the query cache, so a list of 20 rows with a dictionary column
 * asks for the dictionary once; a missing source gives no options and a `problem`, never a crash
 * or a message of the shell (the field shows a quiet note).
 */
export function useOptions(source: OptionSource | null): OptionsState {
  const provider = useDataProvider();
  const locale = useContext(LocaleContext);
  const remote = source && source.from !== 'static' ? source : null;
  const result = useCachedRows(remote ? optionRowsQuery(provider, locale, remote) : null);
  const { labelKey = '', valueKey = '', childrenKey = '' } = remote ?? {};
  const data = result?.data;
  const options = useMemo(() => (data ? toOptions(data, labelKey, valueKey, childrenKey) : EMPTY), [data, labelKey, valueKey, childrenKey]);
  if (!source) return NONE;
  if (source.from === 'static') return { options: source.options, loading: false, problem: null };
  return { options, loading: !!result?.isPending, problem: sourceProblem(result?.error) };
}

const NONE: OptionsState = { options: EMPTY, loading: false, problem: null };
const unsubscribed = () => undefined;

/**
 * A query's result from the cache through TanStack's QueryObserver (what useQuery runs on), or
 * null without a query. Every list cell and option field asks for its options, and useQuery costs
 * ~15 µs a call even when it has nothing to fetch; a static source here costs three cheap hooks.
 */
function useCachedRows(query: OptionRowsQuery | null): QueryObserverResult<Record<string, unknown>[]> | null {
  const client = useQueryClient();
  const hash = query ? hashKey(query.queryKey) : null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one observer per query key; the key names everything the query reads
  const observer = useMemo(() => (query ? new QueryObserver<Record<string, unknown>[]>(client, query) : null), [client, hash]);
  const subscribe = useCallback((changed: () => void) => (observer ? observer.subscribe(notifyManager.batchCalls(changed)) : unsubscribed), [observer]);
  const snapshot = () => observer?.getCurrentResult() ?? null;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Rows to options, reading the source's label/value/children keys (dictionaries: fullName/id or enCode). */
export function toOptions(rows: Record<string, unknown>[], labelKey: string, valueKey: string, childrenKey: string): OptionItem[] {
  return rows.map((row) => {
    const children = row[childrenKey];
    const label = row[labelKey] ?? row.fullName ?? row.label;
    const value = row[valueKey] ?? row.id ?? row.value;
    const item: OptionItem = { label: String(label ?? ''), value: typeof value === 'number' ? value : String(value ?? '') };
    if (Array.isArray(children) && children.length) item.children = toOptions(children as Record<string, unknown>[], labelKey, valueKey, childrenKey);
    return item;
  });
}

/** Flattens option trees into value → label, for views and cells. */
export function optionLabels(options: OptionItem[], into = new Map<string, string>()): Map<string, string> {
  for (const o of options) {
    into.set(String(o.value), o.label);
    if (o.children) optionLabels(o.children, into);
  }
  return into;
}
