import { useContext, useEffect, useRef, useState } from 'react';
import type { OptionItem, OptionSource } from '../../runtime/model/compiled';
import { LocaleContext } from '../i18n';
import { rowsOf, useDataProvider, type DataProvider } from './provider';

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

/** Options of a select-like field from its source: static list, dictionary or data interface. */
export function useOptions(source: OptionSource | null): { options: OptionItem[]; loading: boolean } {
  const remote = source && source.from !== 'static' ? source : null;
  const key = remote ? (remote.from === 'dictionary' ? `d:${remote.dictionaryType}` : `i:${remote.interfaceId}`) : '';
  const state = useAsync<OptionItem[]>(
    remote
      ? async (provider) => {
          // A missing dictionary or interface gives an empty option list, never a crash (corpus README).
          try {
            const rows =
              remote.from === 'dictionary'
                ? await provider.dictionary(remote.dictionaryType, true)
                : rowsOf(await provider.dataInterface(remote.interfaceId, remote.templateJson ?? []));
            return toOptions(rows as Record<string, unknown>[], remote.labelKey, remote.valueKey, remote.childrenKey);
          } catch {
            return EMPTY;
          }
        }
      : null,
    [key],
  );
  if (!source) return { options: EMPTY, loading: false };
  if (source.from === 'static') return { options: source.options, loading: false };
  return { options: state.data ?? EMPTY, loading: state.loading };
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
