import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { bootstrap } from './app/bootstrap';
import { appStore } from './app/store';
import { theme } from './app/theme';
import { AppRoutes } from './app/router/AppRoutes';

bootstrap();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <JotaiProvider store={appStore}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <ModalsProvider>
          <Notifications position="top-center" />
          <AppRoutes />
        </ModalsProvider>
      </MantineProvider>
    </JotaiProvider>
  </StrictMode>,
);
