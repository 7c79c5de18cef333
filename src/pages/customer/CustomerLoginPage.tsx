import { Anchor, Group, Tabs } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../app/i18n';
import { PasswordForm, SmsForm } from '../login/LoginPage';
import { PublicFrame } from './PublicFrame';

/** /glyGmlogin: the customer portal sign-in, with registration and password reset. */
export default function CustomerLoginPage() {
  const t = useT();
  return (
    <PublicFrame title={t('customer.loginTitle')} testId="customer-login">
      <Tabs defaultValue="password">
        <Tabs.List grow mb="md">
          <Tabs.Tab value="password">{t('login.tabPassword')}</Tabs.Tab>
          <Tabs.Tab value="sms">{t('login.tabSms')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password">
          <PasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="sms">
          <SmsForm />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" mt="md">
        <Anchor component={Link} href="/glyGmlogin/register" size="sm" data-testid="customer-register-link">
          {t('customer.register')}
        </Anchor>
        <Anchor component={Link} href="/glyGmlogin/setPass" size="sm" data-testid="customer-setpass-link">
          {t('customer.forgotPassword')}
        </Anchor>
      </Group>
    </PublicFrame>
  );
}
