import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { firstLeaves } from '../../runtime/menu/routes';
import { useT } from '../../app/i18n';
import { menuRoutesAtom, sessionAtom } from '../../app/session/session';
import { useActivateMenu } from '../../app/shell/useActivateMenu';
import { HomeCertificationCard } from '../business/certification/HomeCertificationCard';

/** Welcome: who is signed in, where they belong, and shortcuts to permitted menus. */
export default function HomePage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const { navigation } = useAtomValue(menuRoutesAtom);
  const activate = useActivateMenu();
  if (!session) return null;
  const user = session.userInfo;
  const name = user.realName || user.userName || user.userAccount;
  const shortcuts = firstLeaves(navigation, 8);
  const facts: [string, string | null | undefined][] = [
    [t('home.organisation'), user.organizeName],
    [t('home.department'), user.departmentName],
    [t('home.position'), user.positionName],
  ];
  return (
    <Stack p="md" gap="md" data-testid="home-page">
      <Card withBorder radius="md" p="lg">
        <Group>
          <Avatar src={user.headIcon || null} size={64} radius="xl" color="blue">
            {name.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Title order={3} data-testid="home-welcome">
              {t('home.welcome', { name })}
            </Title>
            <Group gap="lg">
              {facts
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <Text key={label} size="sm" c="dimmed">
                    {label}：{value}
                  </Text>
                ))}
            </Group>
          </Stack>
        </Group>
      </Card>
      {user.userKind === 'customer' ? <HomeCertificationCard /> : null}
      <Card withBorder radius="md" p="lg">
        <Title order={5} mb="sm">
          {t('home.shortcuts')}
        </Title>
        {shortcuts.length === 0 ? (
          <Text c="dimmed">{t('home.noShortcuts')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {shortcuts.map((node) => (
              <Button key={node.id} variant="light" onClick={() => activate(node)} data-testid={`shortcut-${node.enCode}`}>
                {node.title}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </Card>
    </Stack>
  );
}
