import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../app/i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <Center py={80} data-testid="not-found">
      <Stack align="center">
        <Title order={1} c="dimmed">
          {t('notFound.title')}
        </Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} href="/home">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
