import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { firstPasswordIssue, pickPasswordPolicy, type PasswordPolicy } from '../../runtime/password-policy';
import type { MessageKey, MessageParams } from '../../runtime/i18n';
import { ApiError } from '../api/client';
import { modifyPassword } from '../api/currentUser';
import { captchaUrl, newCaptchaKey } from '../api/oauth';
import { sessionAtom } from '../session/session';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
  code: string;
}

export type FieldErrors = Partial<Record<keyof PasswordFields, { key: MessageKey; params?: MessageParams }>>;

/** Checks the form (spec 5.2) with the shared policy checker the server also runs. */
export function checkPasswordForm(fields: PasswordFields, policy: PasswordPolicy): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.oldPassword) errors.oldPassword = { key: 'profile.oldPasswordRequired' };
  const issue = firstPasswordIssue(fields.newPassword, policy);
  if (issue) errors.newPassword = { key: issue.key, params: issue.params };
  if (!fields.repeatPassword) errors.repeatPassword = { key: 'profile.repeatPasswordRequired' };
  else if (fields.repeatPassword !== fields.newPassword) errors.repeatPassword = { key: 'profile.passwordsDiffer' };
  if (!fields.code.trim()) errors.code = { key: 'profile.captchaRequired' };
  return errors;
}

/** The password change form's state and its call. */
export function usePasswordChange(onDone: () => void) {
  const session = useAtomValue(sessionAtom);
  const policy = useMemo(() => pickPasswordPolicy((session?.sysConfig ?? {}) as unknown as PasswordPolicy), [session]);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const refreshCaptcha = useCallback(() => setCaptchaKey(newCaptchaKey()), []);

  const submit = useCallback(
    async (fields: PasswordFields) => {
      setBusy(true);
      setServerError(null);
      try {
        await modifyPassword({ ...fields, code: fields.code.trim(), timestamp: captchaKey });
        onDone();
      } catch (e) {
        setServerError(e instanceof ApiError ? e.msg : String(e));
        refreshCaptcha();
      } finally {
        setBusy(false);
      }
    },
    [captchaKey, onDone, refreshCaptcha],
  );

  return { policy, captchaSrc: captchaUrl(captchaKey), refreshCaptcha, busy, serverError, submit };
}
