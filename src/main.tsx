import { StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import './app/shell/focus.css';
import './app/shell/contrast.css';
import { bootstrap } from './app/bootstrap';
import { appStore } from './app/store';
import { buildTheme, cssVariablesResolver } from './app/theme';
import { settingsAtom } from './app/settings/settings';
import { SIZE_SCALE } from './app/settings/settings-core';
import { AppRoutes } from './app/router/AppRoutes';
import { startRealtime } from './app/realtime/socket';
import { tokenAtom } from './app/session/session';
import { localeAtom, useT } from './app/i18n';
import { DatesLocaleProvider } from './renderers/dates-locale';

bootstrap();
// The real-time socket follows the session: open while one is loaded, closed on logout.
startRealtime();
// One query cache for the app (option sources: dictionaries, data interfaces), shared by every tab;
// a new session (sign-in, sign-out, another account) starts from an empty cache.
const queryClient = new QueryClient();
appStore.sub(tokenAtom, () => queryClient.clear());
// Development: a changed descriptor under schemas/ reloads the page that shows it (after sign-in).
if (import.meta.env.DEV) void import('./app/dev/schema-reload').then((m) => m.startSchemaReload());

/** The Mantine theme follows the colour theme and size settings; calendars follow the language. */
function ThemedProvider({ children }: { children: ReactNode }) {
  const { themeColor, size } = useAtomValue(settingsAtom);
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const theme = useMemo(
    () => buildTheme(themeColor, SIZE_SCALE[size], { close: t('a11y.close'), previousPage: t('renderers.prevPage'), nextPage: t('renderers.nextPage'), firstPage: t('a11y.firstPage'), lastPage: t('a11y.lastPage') }),
    [themeColor, size, t],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesLocaleProvider locale={locale}>{children}</DatesLocaleProvider>
    </MantineProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <ThemedProvider>
          <ModalsProvider>
            <Notifications position="top-center" />
            <AppRoutes />
          </ModalsProvider>
        </ThemedProvider>
      </QueryClientProvider>
    </JotaiProvider>
  </StrictMode>,
);
