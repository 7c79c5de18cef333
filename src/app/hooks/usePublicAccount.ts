import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../../runtime/password-policy';
import { ApiError } from '../api/client';
import { forgetPassword, getPasswordPolicy, getSmsCode, register } from '../api/oauth';

const SMS_WAIT_SECONDS = 60;

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}

/** Sends an SMS code for a purpose and counts down before the next one. */
export function useSmsCode(purpose: 'register' | 'forgetPwd') {
  const [wait, setWait] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);
  const send = useCallback(
    async (mobile: string) => {
      await getSmsCode(mobile, purpose);
      setWait(SMS_WAIT_SECONDS);
      if (timer.current) clearInterval(timer.current);
      timer.current = setInterval(() => setWait((w) => {
        if (w <= 1 && timer.current) clearInterval(timer.current);
        return Math.max(0, w - 1);
      }), 1000);
    },
    [purpose],
  );
  return { wait, send };
}

/** The password policy before sign-in. */
export function usePublicPasswordPolicy(): PasswordPolicy {
  const [policy, setPolicy] = useState<PasswordPolicy>(DEFAULT_PASSWORD_POLICY);
  useEffect(() => {
    getPasswordPolicy().then(setPolicy, () => undefined);
  }, []);
  return policy;
}

export { register as registerCustomer, forgetPassword as resetForgottenPassword };
