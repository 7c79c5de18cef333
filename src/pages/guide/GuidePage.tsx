import { Box, Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLogin, IconTruckDelivery } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { useT } from '../../app/i18n';
import { tokenAtom } from '../../app/session/session';
import { LanguagePicker } from '../../app/shell/LanguagePicker';

/** Public landing page: system name, a short introduction, and the way to sign in. */
export default function GuidePage() {
  const t = useT();
  const token = useAtomValue(tokenAtom);
  return (
    <Box mih="100vh" style={{ background: 'linear-gradient(160deg, var(--mantine-color-blue-0), var(--mantine-color-white))' }}>
      <Group justify="space-between" px="xl" py="md">
        <Group gap="xs">
          <ThemeIcon size="lg" radius="md">
            <IconTruckDelivery size={20} />
          </ThemeIcon>
          <Text fw={700}>{t('app.title')}</Text>
        </Group>
        <LanguagePicker />
      </Group>
      <Container size="md" py={80}>
        <Stack gap="lg">
          <Title order={1} data-testid="guide-title">
            {t('app.title')}
          </Title>
          <Text size="lg" c="dimmed">
            {t('guide.intro')}
          </Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>{t('guide.feature1')}</List.Item>
            <List.Item>{t('guide.feature2')}</List.Item>
            <List.Item>{t('guide.feature3')}</List.Item>
          </List>
          <Group>
            {token ? (
              <Button size="md" component={Link} href="/home" data-testid="guide-enter">
                {t('guide.enter')}
              </Button>
            ) : (
              <Button size="md" leftSection={<IconLogin size={18} />} component={Link} href="/login" data-testid="guide-sign-in">
                {t('guide.signIn')}
              </Button>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
