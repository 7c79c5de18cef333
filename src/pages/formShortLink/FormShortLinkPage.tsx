import { Alert, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useT } from '../../app/i18n';
import { PublicFrame } from '../customer/PublicFrame';

/**
 * /formShortLink: fills or views a model's form through a short link without signing in,
 * where the model allows it. The server has no short-link call yet, so no link can be
 * honoured: the page says the link is invalid or not allowed.
 */
export default function FormShortLinkPage() {
  const t = useT();
  return (
    <PublicFrame title={t('shortLink.title')} width={480} testId="short-link-page">
      <Stack gap="sm" align="center">
        <IconLinkOff size={40} color="var(--mantine-color-gray-6)" />
        <Alert color="orange" w="100%" data-testid="short-link-invalid">
          {t('shortLink.invalid')}
        </Alert>
        <Text size="sm" c="dimmed" ta="center">
          {t('shortLink.hint')}
        </Text>
      </Stack>
    </PublicFrame>
  );
}
