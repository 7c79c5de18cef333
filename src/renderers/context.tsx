import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from '../runtime/i18n';
import { DataProviderContext, type DataProvider } from './data/provider';
import { LocaleContext } from './i18n';

/** In-app navigation (the shell passes wouter's navigate); by default a full page load. */
export type Navigate = (to: string) => void;

const defaultNavigate: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

export const NavigateContext = createContext<Navigate>(defaultNavigate);

export function useNavigateTo(): Navigate {
  return useContext(NavigateContext);
}

export interface RenderersProviderProps {
  data: DataProvider;
  locale?: Locale;
  navigate?: Navigate;
  children: ReactNode;
}

/** What every renderer needs from the shell: the data provider, the language and navigation. */
export function RenderersProvider({ data, locale = 'zh-CN', navigate = defaultNavigate, children }: RenderersProviderProps) {
  return (
    <DataProviderContext.Provider value={data}>
      <LocaleContext.Provider value={locale}>
        <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>
      </LocaleContext.Provider>
    </DataProviderContext.Provider>
  );
}
