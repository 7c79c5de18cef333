import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useT } from '../../app/i18n';
import { useScanLogin } from '../../app/hooks/useScanLogin';

/** The scan-login tab: a QR code of a one-time ticket, its expiry, and a refresh. */
export function ScanLogin() {
  const t = useT();
  const scan = useScanLogin();
  const expired = scan.phase === 'expired' || scan.phase === 'failed';
  return (
    <Stack align="center" gap="xs" data-testid="scan-login" data-phase={scan.phase} data-ticket={scan.ticket ?? ''}>
      <Center w={200} h={200} pos="relative" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
        {scan.qr ? <Image src={scan.qr} w={196} h={196} alt={t('scan.tab')} style={{ opacity: expired ? 0.15 : 1 }} data-testid="scan-qr" /> : scan.phase === 'loading' ? <Loader /> : null}
        {expired && (
          <Button pos="absolute" leftSection={<IconRefresh size={16} />} onClick={() => void scan.refresh()} data-testid="scan-refresh">
            {t('scan.refresh')}
          </Button>
        )}
      </Center>
      <Text size="sm" c={expired ? 'red' : 'dimmed'} data-testid="scan-status">
        {scan.phase === 'expired'
          ? t('profile.scanTicketInvalid')
          : scan.phase === 'failed'
            ? t('app.requestFailed')
            : scan.phase === 'scanned'
              ? t('profile.scanScanned')
              : t('scan.hint')}
      </Text>
      {(scan.phase === 'waiting' || scan.phase === 'scanned') && (
        <Text size="xs" c="dimmed" data-testid="scan-expiry">
          {t('scan.expiresIn', { seconds: scan.secondsLeft })}
        </Text>
      )}
      {!expired && scan.phase !== 'loading' && (
        <Button variant="subtle" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void scan.refresh()}>
          {t('scan.refresh')}
        </Button>
      )}
    </Stack>
  );
}
