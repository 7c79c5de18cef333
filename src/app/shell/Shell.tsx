import type { ReactNode } from 'react';
import { AppShell, Group, Image, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { useT } from '../i18n';
import { sessionAtom } from '../session/session';
import { LanguagePicker } from './LanguagePicker';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

/** The functional layout (the default of spec 2.5): a top bar with logo, top menu and user dropdown. */
export function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const sysName = session?.sysConfig.sysName || t('app.title');
  const logo = session?.sysConfig.logoIcon;
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header px="md" data-testid="shell-header">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <UnstyledButton component={Link} href="/" data-testid="shell-logo">
            <Group gap="xs" wrap="nowrap">
              {logo ? (
                <Image src={logo} h={28} w="auto" alt="" />
              ) : (
                <ThemeIcon size="lg" radius="md">
                  <IconTruckDelivery size={20} />
                </ThemeIcon>
              )}
              <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="shell-sys-name">
                {sysName}
              </Text>
            </Group>
          </UnstyledButton>
          <div style={{ flex: 1, minWidth: 0 }}>
            <TopMenu />
          </div>
          <Group gap="sm" wrap="nowrap">
            <LanguagePicker />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
