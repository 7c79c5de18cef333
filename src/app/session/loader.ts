import dayjs from 'dayjs';
import { notifications } from '@mantine/notifications';
import { ReplyCode } from '../../runtime/codes';
import { ApiError } from '../api/client';
import { getCurrentUser, passwordReminder } from '../api/oauth';
import { currentLocale, setLocale, tNow } from '../i18n';
import { isLocale } from '../../runtime/i18n';
import { appStore } from '../store';
import { routeFailureMessage } from '../router/guard';
import { acceptCurrentUser, justSignedInAtom, resetSession, sessionAtom, setLock, type SessionData } from './session';

export type LoadResult = 'loaded' | 'locked' | 'failed';

let inFlight: Promise<LoadResult> | null = null;

/**
 * Fetches CurrentUser and installs it (the guard's "load" step). On failure the token is
 * reset and the message shown; the caller sends the user to /guide. 603 means the server
 * holds this session locked: set the flag, the guard then shows the lock screen.
 */
export function loadSession(): Promise<LoadResult> {
  inFlight ??= doLoad().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function doLoad(): Promise<LoadResult> {
  try {
    const reply = await getCurrentUser();
    const accepted = acceptCurrentUser(reply.data);
    if ('kind' in accepted) {
      fail(accepted.kind === 'failed' && accepted.messageKey ? tNow(accepted.messageKey) : tNow('app.hasError'));
      return 'failed';
    }
    install(accepted);
    return 'loaded';
  } catch (error) {
    if (error instanceof ApiError && error.code === ReplyCode.screenLocked) {
      setLock(true);
      return 'locked';
    }
    const message = routeFailureMessage(error);
    fail(message === 'Has Error' ? tNow('app.hasError') : message);
    return 'failed';
  }
}

function fail(message: string): void {
  resetSession();
  notifications.show({ color: 'red', message, autoClose: 1500 });
}

function install(session: SessionData): void {
  appStore.set(sessionAtom, session);
  // The language the user chose (kept on the server) follows them to this browser.
  const language = session.userInfo.language;
  if (isLocale(language) && language !== currentLocale()) setLocale(language);
  const title = session.sysConfig.title || session.sysConfig.sysName;
  if (title && typeof document !== 'undefined') document.title = String(title);
  if (appStore.get(justSignedInAtom)) {
    appStore.set(justSignedInAtom, false);
    showPreviousLogin(session);
    void remindPasswordExpiry();
  }
}

/** Once per sign-in: the server says whether the password expires soon (and the words to say it). */
async function remindPasswordExpiry(): Promise<void> {
  try {
    const reply = await passwordReminder();
    if (reply.data?.remind) notifications.show({ id: 'password-expiry', color: 'orange', message: reply.msg, autoClose: 5000 });
  } catch {
    /* a reminder is not worth an error message */
  }
}

/** After sign-in from /login: previous login time, place and IP, bottom-right, 2 s, when prevLogin is 1. */
function showPreviousLogin(session: SessionData): void {
  const info = session.userInfo;
  if (Number(info.prevLogin) !== 1 || !info.prevLoginTime) return;
  const time = dayjs(typeof info.prevLoginTime === 'string' && /^\d+$/.test(info.prevLoginTime) ? Number(info.prevLoginTime) : info.prevLoginTime);
  notifications.show({
    id: 'prev-login',
    title: tNow('login.prevLoginTitle'),
    message: tNow('login.prevLoginBody', {
      time: time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : String(info.prevLoginTime),
      place: info.prevLoginIPAddressName ?? '',
      ip: info.prevLoginIPAddress ?? '',
    }),
    position: 'bottom-right',
    autoClose: 2000,
  });
}
