import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Locale } from '../runtime/i18n';
import { DataProviderContext, type DataProvider } from './data/provider';
import { createRenderersQueryClient } from './data/queries';
import { DatesLocaleProvider } from './dates-locale';
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
  /** The query cache of option sources; by default the shell's (QueryClientProvider above), else one of its own. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * What every renderer needs from the shell: the data provider, the language (calendars included), navigation and the
 * query cache. The shell mounts one QueryClientProvider for the app, so pages in different tabs
 * share cached dictionaries; without one (tests, a page of its own) the renderers keep their own.
 */
export function RenderersProvider({ data, locale = 'zh-CN', navigate = defaultNavigate, queryClient, children }: RenderersProviderProps) {
  const outer = useContext(QueryClientContext);
  const [own] = useState(createRenderersQueryClient);
  return (
    <QueryClientProvider client={queryClient ?? outer ?? own}>
      <DataProviderContext.Provider value={data}>
        <LocaleContext.Provider value={locale}>
          <DatesLocaleProvider locale={locale}>
            <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>
          </DatesLocaleProvider>
        </LocaleContext.Provider>
      </DataProviderContext.Provider>
    </QueryClientProvider>
  );
}
