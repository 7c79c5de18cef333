import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Image, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useT } from '../../app/i18n';
import { checkPasswordForm, usePasswordChange, type FieldErrors, type PasswordFields } from '../../app/hooks/usePasswordChange';

const EMPTY: PasswordFields = { oldPassword: '', newPassword: '', repeatPassword: '', code: '' };

/** Password change (spec 5.2): old, new (policy of spec 3), repeat, captcha. */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const change = usePasswordChange(onDone);
  const [fields, setFields] = useState<PasswordFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);

  const set = (key: keyof PasswordFields, value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    if (tried) setErrors(checkPasswordForm(next, change.policy));
  };
  const message = (key: keyof PasswordFields) => {
    const e = errors[key];
    return e ? t(e.key, e.params) : undefined;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = checkPasswordForm(fields, change.policy);
    setErrors(found);
    if (Object.keys(found).length === 0) void change.submit(fields);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Stack gap="sm" maw={460}>
        <PasswordInput label={t('me.oldPassword')} required value={fields.oldPassword} onChange={(e) => set('oldPassword', e.currentTarget.value)} error={message('oldPassword')} data-testid="pw-old" autoComplete="current-password" />
        <PasswordInput label={t('me.newPassword')} required value={fields.newPassword} onChange={(e) => set('newPassword', e.currentTarget.value)} error={message('newPassword')} data-testid="pw-new" autoComplete="new-password" />
        <PasswordInput label={t('me.repeatPassword')} required value={fields.repeatPassword} onChange={(e) => set('repeatPassword', e.currentTarget.value)} error={message('repeatPassword')} data-testid="pw-repeat" autoComplete="new-password" />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('login.captcha')} required value={fields.code} onChange={(e) => set('code', e.currentTarget.value)} error={message('code')} data-testid="pw-code" />
          <Image src={change.captchaSrc} alt={t('login.captcha')} title={t('login.captchaRefresh')} h={36} w={110} mt={25} fit="contain" style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} onClick={change.refreshCaptcha} data-testid="pw-captcha-image" />
        </Group>
        {change.serverError && (
          <Alert color="red" py="xs" data-testid="pw-server-error" role="alert">
            {change.serverError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.busy} data-testid="pw-submit">
            {t('app.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
