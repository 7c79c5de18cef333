import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { firstPasswordIssue } from '../../runtime/password-policy';
import { useT } from '../../app/i18n';
import { errorText, useSmsCode, usePublicPasswordPolicy } from '../../app/hooks/usePublicAccount';

const PHONE = /^1[3-9]\d{9}$/;

export interface AccountFormValues {
  mobile: string;
  smsCode: string;
  companyName: string;
  contactName: string;
  password: string;
  repeat: string;
}

/**
 * Mobile + SMS code + new password (+ company and contact when registering): the shared
 * form of /glyGmlogin/register and /glyGmlogin/setPass.
 */
export function AccountForm({ purpose, submitLabel, onSubmit }: { purpose: 'register' | 'forgetPwd'; submitLabel: string; onSubmit: (values: AccountFormValues) => Promise<string> }) {
  const t = useT();
  const sms = useSmsCode(purpose);
  const policy = usePublicPasswordPolicy();
  const [values, setValues] = useState<AccountFormValues>({ mobile: '', smsCode: '', companyName: '', contactName: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof AccountFormValues, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof AccountFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const check = (): boolean => {
    const found: typeof errors = {};
    if (!PHONE.test(values.mobile.trim())) found.mobile = t('login.phoneInvalid');
    if (!values.smsCode.trim()) found.smsCode = t('login.smsCodeRequired');
    if (purpose === 'register') {
      if (!values.companyName.trim()) found.companyName = t('profile.companyNameRequired');
      if (!values.contactName.trim()) found.contactName = t('profile.contactNameRequired');
    }
    const issue = firstPasswordIssue(values.password, policy);
    if (issue) found.password = t(issue.key, issue.params);
    if (!values.repeat) found.repeat = t('profile.repeatPasswordRequired');
    else if (values.repeat !== values.password) found.repeat = t('profile.passwordsDiffer');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const sendCode = async () => {
    setError(null);
    setInfo(null);
    if (!PHONE.test(values.mobile.trim())) return setErrors((e) => ({ ...e, mobile: t('login.phoneInvalid') }));
    try {
      await sms.send(values.mobile);
      setInfo(t('login.smsSent'));
    } catch (e) {
      setError(errorText(e, t('app.requestFailed')));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!check()) return;
    setBusy(true);
    try {
      setDone(await onSubmit(values));
    } catch (e) {
      setError(errorText(e, t('app.requestFailed')));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Alert color="green" data-testid="account-done">
        {done}
      </Alert>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput label={t('login.phone')} placeholder={t('login.phonePlaceholder')} value={values.mobile} onChange={(e) => set('mobile', e.currentTarget.value)} error={errors.mobile} data-testid="account-mobile" />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('login.smsCode')} placeholder={t('login.smsCodePlaceholder')} value={values.smsCode} onChange={(e) => set('smsCode', e.currentTarget.value)} error={errors.smsCode} data-testid="account-sms-code" />
          <Button variant="default" disabled={sms.wait > 0} onClick={() => void sendCode()} data-testid="account-send-code">
            {sms.wait > 0 ? t('login.resendIn', { seconds: sms.wait }) : t('login.getSmsCode')}
          </Button>
        </Group>
        {purpose === 'register' && (
          <>
            <TextInput label={t('customer.companyName')} value={values.companyName} onChange={(e) => set('companyName', e.currentTarget.value)} error={errors.companyName} data-testid="account-company" />
            <TextInput label={t('customer.contactName')} value={values.contactName} onChange={(e) => set('contactName', e.currentTarget.value)} error={errors.contactName} data-testid="account-contact" />
          </>
        )}
        <PasswordInput label={t('me.newPassword')} value={values.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} data-testid="account-password" autoComplete="new-password" />
        <PasswordInput label={t('me.repeatPassword')} value={values.repeat} onChange={(e) => set('repeat', e.currentTarget.value)} error={errors.repeat} data-testid="account-repeat" autoComplete="new-password" />
        {info && <Alert color="blue" py="xs">{info}</Alert>}
        {error && (
          <Alert color="red" py="xs" role="alert" data-testid="account-error">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} fullWidth data-testid="account-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
