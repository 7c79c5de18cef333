import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { captchaUrl, getLoginConfig, getLoginPageConfig, getSmsCode, login, newCaptchaKey, smsLogin } from '../api/oauth';
import type { LoginFailureData, LoginPageConfig, LoginResult } from '../api/types';
import { appStore } from '../store';
import { adoptToken, justSignedInAtom, setLock } from '../session/session';
import { go } from '../router/navigation';
import { requestMainFocus } from '../shell/mainContent';

/** After a token arrives: store it, remember to show the previous-login notice and to focus the page, go to /. */
export function signedIn(result: LoginResult): void {
  setLock(false);
  adoptToken(result.token);
  appStore.set(justSignedInAtom, true);
  requestMainFocus();
  go('/', { replace: true });
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}

/** State and actions of the account-password sign-in form. */
export function usePasswordSignIn(fallbackMessage: string) {
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sysName, setSysName] = useState<string | null>(null);

  const refreshCaptcha = useCallback(() => setCaptchaKey(newCaptchaKey()), []);

  /** Reads the sign-in config of an account: whether a captcha is required. */
  const checkAccount = useCallback(async (account: string) => {
    if (!account.trim()) return;
    try {
      const config = await getLoginConfig(account);
      if (config.sysName) setSysName(config.sysName);
      if (config.needCaptcha || config.enableVerificationCode === true || config.enableVerificationCode === 1) setNeedCaptcha(true);
    } catch {
      /* the form still works; the server asks for a captcha when it wants one */
    }
  }, []);

  const submit = useCallback(
    async (input: { account: string; password: string; code: string }) => {
      setBusy(true);
      setError(null);
      try {
        const result = await login({ ...input, timestamp: needCaptcha ? captchaKey : '' });
        signedIn(result);
      } catch (e) {
        setError(messageOf(e, fallbackMessage));
        const data = e instanceof ApiError ? (e.data as LoginFailureData | undefined) : undefined;
        if (data?.needCaptcha) setNeedCaptcha(true);
        refreshCaptcha();
      } finally {
        setBusy(false);
      }
    },
    [needCaptcha, captchaKey, fallbackMessage, refreshCaptcha],
  );

  return { needCaptcha, captchaSrc: captchaUrl(captchaKey), refreshCaptcha, error, setError, busy, submit, checkAccount, sysName };
}

const SMS_WAIT_SECONDS = 60;

/** State and actions of the phone-code sign-in form. */
export function useSmsSignIn(fallbackMessage: string) {
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const sendCode = useCallback(
    async (phone: string, sentMessage: string) => {
      setError(null);
      setInfo(null);
      try {
        await getSmsCode(phone);
        setInfo(sentMessage);
        setWait(SMS_WAIT_SECONDS);
        if (timer.current) clearInterval(timer.current);
        timer.current = setInterval(() => {
          setWait((w) => {
            if (w <= 1 && timer.current) clearInterval(timer.current);
            return Math.max(0, w - 1);
          });
        }, 1000);
      } catch (e) {
        setError(messageOf(e, fallbackMessage));
      }
    },
    [fallbackMessage],
  );

  const submit = useCallback(
    async (input: { phone: string; smsCode: string }) => {
      setBusy(true);
      setError(null);
      try {
        signedIn(await smsLogin(input));
      } catch (e) {
        setError(messageOf(e, fallbackMessage));
      } finally {
        setBusy(false);
      }
    },
    [fallbackMessage],
  );

  return { error, setError, info, busy, wait, sendCode, submit };
}

/**
 * The sign-in methods the server offers (GET /api/oauth/getLoginConfig) and the configured system
 * name and logo; until it answers, or when it cannot, the password form alone under the app's name.
 */
export function useLoginPage(): { methods: LoginPageConfig['loginMethods']; sysName: string | null; logoIcon: string | null } {
  const [page, setPage] = useState<{ methods: LoginPageConfig['loginMethods']; sysName: string | null; logoIcon: string | null }>({ methods: ['password'], sysName: null, logoIcon: null });
  useEffect(() => {
    let live = true;
    getLoginPageConfig().then(
      (config) =>
        live &&
        setPage({ methods: Array.isArray(config.loginMethods) ? config.loginMethods : ['password'], sysName: config.sysName || null, logoIcon: config.logoIcon || null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return page;
}
