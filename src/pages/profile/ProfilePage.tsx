import { useState } from 'react';
import { Card, Tabs, Title } from '@mantine/core';
import type { PageProps } from '../../app/router/pages';
import { notifications } from '@mantine/notifications';
import { useT } from '../../app/i18n';
import { passwordChanged } from '../../app/session/session';
import { BaseInfoPanel } from './BaseInfoPanel';
import { PasswordForm } from './PasswordForm';
import { SignaturePanel } from './SignaturePanel';
import { PreferencesPanel } from './PreferencesPanel';
import { MembershipPanel, SubordinatesPanel } from './OrgPanels';
import { AuthorizePanel } from './AuthorizePanel';
import { LoginLogPanel } from './LoginLogPanel';

const TABS = ['base', 'password', 'signature', 'preferences', 'organisations', 'subordinates', 'authorize', 'log'] as const;

/** /profile: personal information and settings (spec 1, 7.2). */
export default function ProfilePage({ title }: PageProps) {
  const t = useT();
  const [tab, setTab] = useState<string | null>('base');
  // A fresh form after each successful change.
  const [passwordRound, setPasswordRound] = useState(0);
  return (
    <Card withBorder radius="md" m="md" p="md" data-testid="profile-page">
      <Title order={4} mb="sm" data-testid="page-title">
        {title}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`profile-tab-${key}`}>
              {t(`me.tab.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="base">
          <BaseInfoPanel />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordForm
            key={passwordRound}
            onDone={() => {
              notifications.show({ color: 'green', message: t('profile.passwordChanged'), autoClose: 1500 });
              passwordChanged();
              setPasswordRound((n) => n + 1);
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="signature">
          <SignaturePanel />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <PreferencesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="organisations">
          <MembershipPanel />
        </Tabs.Panel>
        <Tabs.Panel value="subordinates">
          <SubordinatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="authorize">
          <AuthorizePanel />
        </Tabs.Panel>
        <Tabs.Panel value="log">
          <LoginLogPanel />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
