import { Avatar, Menu, Text, UnstyledButton, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconFileInvoice, IconInfoCircle, IconLock, IconLogout, IconPackage, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { openAbout, openStatement } from './AboutDialogs';
import { useAtomValue } from 'jotai';
import { useT } from '../i18n';
import { sessionAtom } from '../session/session';
import { lockNow, signOut } from '../hooks/useLockScreen';
import { useGo } from '../router/navigation';

/** The user dropdown (spec 2.6): /profile, /invoice, /waitGoods, lock screen, logout with confirmation. */
export function UserMenu() {
  const t = useT();
  const go = useGo();
  const session = useAtomValue(sessionAtom);
  const user = session?.userInfo;
  const name = user?.realName || user?.userName || user?.userAccount || '';

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t('app.tip'),
      children: <Text size="sm">{t('shell.logoutConfirm')}</Text>,
      labels: { confirm: t('app.confirm'), cancel: t('app.cancel') },
      confirmProps: { 'data-testid': 'logout-confirm' } as Record<string, string>,
      onConfirm: () => void signOut('/guide'),
    });

  return (
    <Menu position="bottom-end" width={190} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label={t('shell.userMenu')}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={user?.headIcon || null} size={30} radius="xl" color="blue">
              {name.slice(0, 1)}
            </Avatar>
            <Text size="sm" fw={500} data-testid="user-name">
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => go('/profile')} data-testid="user-profile">
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileInvoice size={16} />} onClick={() => go('/invoice')} data-testid="user-invoice">
          {t('shell.invoice')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPackage size={16} />} onClick={() => go('/waitGoods')} data-testid="user-wait-goods">
          {t('shell.waitGoods')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => openAbout(t, session?.sysConfig ?? {})} data-testid="user-about">
          {t('about.title')}
        </Menu.Item>
        <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={() => openStatement(t)} data-testid="user-statement">
          {t('statement.title')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLock size={16} />} onClick={() => void lockNow()} data-testid="user-lock">
          {t('shell.lockScreen')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={confirmLogout} data-testid="user-logout">
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
