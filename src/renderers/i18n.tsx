import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LOCALE, translate, type Locale, type MessageKey, type MessageParams } from '../runtime/i18n';

/** The language renderers speak; the shell supplies its current locale through RenderersProvider. */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export type RendererT = (key: MessageKey, params?: MessageParams) => string;

export function useRT(): RendererT {
  const locale = useContext(LocaleContext);
  return useCallback((key: MessageKey, params?: MessageParams) => translate(locale, key, params), [locale]);
}
