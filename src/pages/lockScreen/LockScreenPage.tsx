import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Avatar, Box, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useT } from '../../app/i18n';
import { useLockScreen } from '../../app/hooks/useLockScreen';

export default function LockScreenPage() {
  const t = useT();
  const lock = useLockScreen(t('app.requestFailed'));
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return lock.setError(t('lock.passwordRequired'));
    void lock.unlock(password);
    setPassword('');
  };

  const name = lock.state?.userName || lock.state?.account || '';
  return (
    <Box mih="100vh" bg="dark.7">
      <Center mih="100vh">
        <Paper w={360} p="xl" radius="md" data-testid="lock-screen">
          <form onSubmit={onSubmit} noValidate>
            <Stack align="center" gap="sm">
              <IconLock size={28} />
              <Title order={4}>{t('lock.title')}</Title>
              <Avatar src={lock.state?.headIcon || null} size={72} radius="xl" color="blue">
                {name.slice(0, 1)}
              </Avatar>
              {name ? (
                <Text fw={600} data-testid="lock-user">
                  {name}
                </Text>
              ) : (
                <Loader size="xs" />
              )}
              <PasswordInput
                w="100%"
                placeholder={t('lock.passwordPlaceholder')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-testid="lock-password"
                aria-label={t('lock.passwordPlaceholder')}
              />
              {lock.error && (
                <Alert w="100%" color="red" py="xs" data-testid="lock-error" role="alert">
                  {lock.error}
                </Alert>
              )}
              <Button type="submit" fullWidth loading={lock.busy} disabled={!lock.state} data-testid="lock-unlock">
                {t('lock.unlock')}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => void lock.switchUser()} data-testid="lock-switch-user">
                {t('lock.switchUser')}
              </Anchor>
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
