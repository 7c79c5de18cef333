import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useT } from '../../app/i18n';

/** Shown for pages the menu or the fixed routes name but nobody has built yet. */
export function UnderConstruction({ title, address, kind }: { title: string; address: string; kind?: string }) {
  const t = useT();
  return (
    <Paper withBorder p="xl" m="md" radius="md" data-testid="under-construction">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconBarrierBlock size={32} />
        </ThemeIcon>
        <Title order={3} data-testid="page-title">
          {title}
        </Title>
        <Text fw={500}>{t('construction.title')}</Text>
        <Text c="dimmed">{t('construction.body', { title })}</Text>
        <Text c="dimmed" size="sm" data-testid="page-address">
          {t('construction.address', { address })}
        </Text>
        {kind && (
          <Text c="dimmed" size="sm">
            {t('construction.kind', { kind })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
