import { useCallback, useEffect, useState } from 'react';
import { SESSION_ENDING_CODES } from '../../runtime/codes';
import { ApiError } from '../api/client';
import { getLockState, lockScreen, logout, unlockScreen } from '../api/oauth';
import type { LockState } from '../api/types';
import { resetSession, setLock } from '../session/session';
import { go } from '../router/navigation';

/** Locks this session on the server, sets the flag, shows the lock screen. */
export async function lockNow(): Promise<void> {
  await lockScreen();
  setLock(true);
  go('/lockScreen');
}

/** Signs out (the server call may fail: the local session goes anyway) and goes to `to`. */
export async function signOut(to: '/guide' | '/login'): Promise<void> {
  try {
    await logout();
  } finally {
    resetSession();
    go(to, { replace: true });
  }
}

/** The lock screen: who is locked, unlock with the password, or sign in as someone else. */
export function useLockScreen(fallbackMessage: string) {
  const [state, setState] = useState<LockState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getLockState()
      .then((s) => {
        if (!live) return;
        setState(s);
        if (!s.locked) {
          setLock(false);
          go('/home', { replace: true });
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && SESSION_ENDING_CODES.includes(e.code)) {
          resetSession();
          go('/login', { replace: true });
        }
      });
    return () => {
      live = false;
    };
  }, []);

  const unlock = useCallback(
    async (password: string) => {
      if (!state) return;
      setBusy(true);
      setError(null);
      try {
        await unlockScreen({ account: state.account, password });
        setLock(false);
        go('/home', { replace: true });
      } catch (e) {
        setError(e instanceof ApiError && e.msg ? e.msg : fallbackMessage);
      } finally {
        setBusy(false);
      }
    },
    [state, fallbackMessage],
  );

  const switchUser = useCallback(() => signOut('/login'), []);

  return { state, error, setError, busy, unlock, switchUser };
}
