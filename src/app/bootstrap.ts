import { notifications } from '@mantine/notifications';
import { navigate } from 'wouter/use-browser-location';
import { configureClient } from './api/client';
import { applyDayjsLocale } from '../renderers/dates-locale';
import { currentLocale, tNow } from './i18n';
import { appStore } from './store';
import { resetSession, setLock, tokenAtom } from './session/session';

/** Wires the API client to the browser: token, language, notifications, navigation. */
export function bootstrap(): void {
  document.documentElement.lang = currentLocale();
  applyDayjsLocale(currentLocale());
  configureClient({
    baseUrl: '',
    getToken: () => appStore.get(tokenAtom),
    getLanguage: currentLocale,
    notifyError: (message, durationMs) => notifications.show({ color: 'red', message, autoClose: durationMs }),
    defaultErrorMessage: () => tNow('app.requestFailed'),
    endSession: resetSession,
    lockSession: () => setLock(true),
    currentPath: () => window.location.pathname,
    navigate: (to) => navigate(to, { replace: true }),
    fetch: (input, init) => window.fetch(input, init),
    nowSeconds: () => Math.floor(Date.now() / 1000),
  });
}
