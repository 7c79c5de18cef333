import { useState } from 'react';
import { Alert, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileCheck } from '@tabler/icons-react';
import { useSearch } from 'wouter';
import { ApiError } from '../../app/api/client';
import { confirmScanTicket } from '../../app/api/oauth';
import { useT } from '../../app/i18n';

/** /scanConfirm?ticket=…: a signed-in user confirms a scan-login ticket shown on another screen. */
export default function ScanConfirmPage() {
  const t = useT();
  const ticket = new URLSearchParams(useSearch()).get('ticket') ?? '';
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setState('busy');
    setError(null);
    try {
      await confirmScanTicket(ticket);
      setState('done');
    } catch (e) {
      setError(e instanceof ApiError && e.msg ? e.msg : t('app.requestFailed'));
      setState('idle');
    }
  };
  return (
    <Center py={60}>
      <Paper withBorder p="xl" w={380} radius="md" data-testid="scan-confirm">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconDeviceMobileCheck size={32} />
          </ThemeIcon>
          <Title order={4}>{t('scan.confirmTitle')}</Title>
          {!ticket ? (
            <Alert color="yellow">{t('scan.ticketMissing')}</Alert>
          ) : state === 'done' ? (
            <Alert color="green" data-testid="scan-confirm-done">{t('profile.scanConfirmed')}</Alert>
          ) : (
            <>
              <Text c="dimmed" ta="center">{t('scan.confirmBody')}</Text>
              {error && <Alert color="red" w="100%" data-testid="scan-confirm-error">{error}</Alert>}
              <Button fullWidth loading={state === 'busy'} onClick={() => void confirm()} data-testid="scan-confirm-button">
                {t('scan.confirmButton')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
