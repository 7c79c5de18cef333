import { useState } from 'react';
import { Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { SysConfigInfo } from '../api/types';
import type { TFunction } from '../i18n';

/** The configured logo; the default mark when there is none or it fails to load. */
export function Logo({ src, size = 28 }: { src?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  return src && !broken ? (
    <Image src={src} h={size} w={size} fit="contain" alt="" onError={() => setBroken(true)} />
  ) : (
    <ThemeIcon size={size + 4} radius="md">
      <IconTruckDelivery size={size - 8} />
    </ThemeIcon>
  );
}

/** About: system name, version, logo. */
export function openAbout(t: TFunction, config: SysConfigInfo) {
  modals.open({
    title: t('about.title'),
    centered: true,
    children: (
      <Stack align="center" gap="xs" py="md" data-testid="about-dialog">
        <Logo src={config.logoIcon} size={48} />
        <Title order={4} data-testid="about-name">
          {config.sysName || t('app.title')}
        </Title>
        <Text c="dimmed" data-testid="about-version">
          {t('about.version', { version: config.sysVersion || '-' })}
        </Text>
        {config.copyright && (
          <Text size="xs" c="dimmed">
            {config.copyright}
          </Text>
        )}
      </Stack>
    ),
  });
}

/** The official statement: the demo data is fictitious. */
export function openStatement(t: TFunction) {
  modals.open({
    title: t('statement.title'),
    centered: true,
    children: (
      <Text size="sm" data-testid="statement-dialog">
        {t('statement.body')}
      </Text>
    ),
  });
}
