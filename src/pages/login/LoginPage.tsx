import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Image, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile, IconLock, IconUser } from '@tabler/icons-react';
import { useT } from '../../app/i18n';
import { useLoginPage, usePasswordSignIn, useSmsSignIn } from '../../app/hooks/useSignIn';
import { PublicFrame } from '../customer/PublicFrame';
import { ScanLogin } from './ScanLogin';

const PHONE = /^1[3-9]\d{9}$/;

export default function LoginPage() {
  const t = useT();
  const [tab, setTab] = useState<string | null>('password');
  // The tabs the server offers (getLoginConfig): SMS and scan login can be turned off in system config.
  const { methods, sysName, logoIcon } = useLoginPage();
  return (
    <PublicFrame title={sysName || t('app.title')} logo={logoIcon} width={460} titleTestId="login-title">
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="password" data-testid="tab-password">
            {t('login.tabPassword')}
          </Tabs.Tab>
          {methods.includes('sms') && (
            <Tabs.Tab value="sms" data-testid="tab-sms">
              {t('login.tabSms')}
            </Tabs.Tab>
          )}
          {methods.includes('scan') && (
            <Tabs.Tab value="scan" data-testid="tab-scan">
              {t('scan.tab')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="password">
          <PasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="sms">
          <SmsForm />
        </Tabs.Panel>
        <Tabs.Panel value="scan">{tab === 'scan' && <ScanLogin />}</Tabs.Panel>
      </Tabs>
    </PublicFrame>
  );
}

function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={16} />} py="xs" data-testid="login-error" role="alert">
      {message}
    </Alert>
  );
}

export function PasswordForm() {
  const t = useT();
  const signIn = usePasswordSignIn(t('app.requestFailed'));
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!account.trim()) return signIn.setError(t('login.accountRequired'));
    if (!password) return signIn.setError(t('login.passwordRequired'));
    void signIn.submit({ account, password, code: code.trim() });
    setCode('');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          description={t('login.subAccountHint')}
          leftSection={<IconUser size={16} />}
          value={account}
          onChange={(e) => setAccount(e.currentTarget.value)}
          onBlur={() => void signIn.checkAccount(account)}
          autoComplete="username"
          data-testid="login-account"
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          leftSection={<IconLock size={16} />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          data-testid="login-password"
        />
        {signIn.needCaptcha && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('login.captcha')}
              placeholder={t('login.captchaPlaceholder')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="login-captcha"
            />
            <Image
              src={signIn.captchaSrc}
              alt={t('login.captcha')}
              title={t('login.captchaRefresh')}
              h={36}
              w={110}
              fit="contain"
              style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
              onClick={signIn.refreshCaptcha}
              data-testid="login-captcha-image"
            />
          </Group>
        )}
        <ErrorLine message={signIn.error} />
        <Button type="submit" loading={signIn.busy} fullWidth data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function SmsForm() {
  const t = useT();
  const sms = useSmsSignIn(t('app.requestFailed'));
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');

  const sendCode = () => {
    if (!PHONE.test(phone.trim())) return sms.setError(t('login.phoneInvalid'));
    void sms.sendCode(phone, t('login.smsSent'));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!PHONE.test(phone.trim())) return sms.setError(t('login.phoneInvalid'));
    if (!smsCode.trim()) return sms.setError(t('login.smsCodeRequired'));
    void sms.submit({ phone, smsCode });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('login.phone')}
          placeholder={t('login.phonePlaceholder')}
          leftSection={<IconDeviceMobile size={16} />}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          data-testid="sms-phone"
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('login.smsCode')}
            placeholder={t('login.smsCodePlaceholder')}
            value={smsCode}
            onChange={(e) => setSmsCode(e.currentTarget.value)}
            data-testid="sms-code"
          />
          <Button variant="default" disabled={sms.wait > 0} onClick={sendCode} data-testid="sms-send">
            {sms.wait > 0 ? t('login.resendIn', { seconds: sms.wait }) : t('login.getSmsCode')}
          </Button>
        </Group>
        {sms.info && (
          <Text size="sm" c="green">
            {sms.info}
          </Text>
        )}
        <ErrorLine message={sms.error} />
        <Button type="submit" loading={sms.busy} fullWidth data-testid="sms-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
