import { Anchor, Alert, Box, Group, Text } from '@mantine/core';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';

/** /externalLink?href=<encoded>: shows an external address inside the app (type 7, _self). */
export default function ExternalLinkPage({ title }: PageProps) {
  const t = useT();
  const href = new URLSearchParams(useSearch()).get('href') ?? '';
  const safe = /^https?:\/\//i.test(href) ? href : '';
  if (!safe) return <Alert m="md" color="yellow">{t('externalLink.missing')}</Alert>;
  return (
    <Box p="md" data-testid="external-link">
      <Group justify="space-between" mb="xs">
        <Text fw={500}>{title}</Text>
        <Anchor href={safe} target="_blank" rel="noopener noreferrer">
          {t('externalLink.openInNewWindow')}
        </Anchor>
      </Group>
      <iframe title={title} src={safe} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />
    </Box>
  );
}
