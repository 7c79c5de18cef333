import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { type FormatContext, kindOf, type RefNames } from '../runtime/kinds';
import type { CompiledField, CompiledModel } from '../runtime/model/compiled';
import { useOptions } from './data/hooks';
import { LocaleContext } from './i18n';
import type { ViewProps } from './types';

/**
 * Values reach the browser raw; each is formatted once, where it is shown, by its kind's one
 * formatter (src/runtime/kinds), the same the server uses for exports. Names of referenced
 * records (users, organisations …) come with the records as `refs` and are provided here.
 */
const RefsContext = createContext<RefNames>({});
/** The model whose values are shown (list, detail): fields that read a sibling's config or call through their model (popup attributes, related forms) ask it. */
const OwnerModelContext = createContext<CompiledModel | null>(null);

export function RefsProvider({ refs, model, children }: { refs: RefNames | undefined; model?: CompiledModel; children: ReactNode }) {
  const inner = <RefsContext.Provider value={refs ?? {}}>{children}</RefsContext.Provider>;
  return model ? <OwnerModelContext.Provider value={model}>{inner}</OwnerModelContext.Provider> : inner;
}

export function useOwnerModel(): CompiledModel | null {
  return useContext(OwnerModelContext);
}

/** Two replies' names together (a list page and the children loaded under its rows). */
export function mergeRefs(a: RefNames, b: RefNames | undefined): RefNames {
  if (!b) return a;
  const out: RefNames = { ...a };
  for (const [ref, names] of Object.entries(b) as [keyof RefNames, Record<string, string>][]) out[ref] = { ...out[ref], ...names };
  return out;
}

/** The format context of a field: the UI language, its options (loaded once per source), the provided names. */
export function useFormatContext(field: CompiledField): FormatContext {
  const locale = useContext(LocaleContext);
  const refs = useContext(RefsContext);
  const { options } = useOptions(kindOf(field.kind).options ? field.options : null);
  return useMemo(() => ({ locale, options: () => options, refName: (ref, id) => refs[ref]?.[id] }), [locale, refs, options]);
}

/** The value as its kind formats it for a person. */
export function useFormatted(field: CompiledField, value: unknown): string {
  const ctx = useFormatContext(field);
  return kindOf(field.kind).format(value, field, ctx);
}

/** The default view and list cell of a kind: its formatted text. */
export function FormattedView({ field, value }: ViewProps) {
  return <span className="scp-view-text">{useFormatted(field, value)}</span>;
}
