import { Button, Card, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../app/i18n';
import { go } from '../../../app/router/navigation';
import { ownCertificationQuietly } from '../../../app/api/certification';
import { StatusBadge, statusKey } from './CertificationStatus';

/** The customer's home: where the enterprise certification stands, and a way to /authentication until certified. */
export function HomeCertificationCard() {
  const t = useT();
  const cert = useQuery({ queryKey: ['certification-home'], queryFn: ownCertificationQuietly, retry: false });
  const c = cert.data;
  if (!c) return null;
  return (
    <Card withBorder radius="md" p="lg" data-testid="home-certification">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={500}>{t('certification.title')}</Text>
          <StatusBadge certification={c} />
          {c.status === 3 && c.reason ? <Text size="sm" c="red">{c.reason}</Text> : null}
        </Group>
        {!c.certified ? (
          <Button variant="light" onClick={() => go('/authentication')} data-testid="home-go-certify" aria-label={`${t('certification.goCertify')} (${t(statusKey(c))})`}>
            {t('certification.goCertify')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
