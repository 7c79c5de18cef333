import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Image, Paper, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../app/i18n';
import { LanguagePicker } from '../../app/shell/LanguagePicker';

/** The frame of the public pages: language picker, a centred card, a way back. */
export function PublicFrame({ title, logo, children, width = 420, back = '/guide', testId, titleTestId = 'public-title' }: { title: string; logo?: string | null; children: ReactNode; width?: number; back?: string; testId?: string; titleTestId?: string }) {
  const t = useT();
  return (
    <Box mih="100vh" style={{ background: 'linear-gradient(135deg, var(--mantine-color-blue-7), var(--mantine-color-cyan-5))' }}>
      <Group justify="flex-end" p="md">
        <LanguagePicker variant="default" />
      </Group>
      <Center pb={80}>
        <Paper w={width} maw="94vw" p="xl" radius="md" shadow="lg" data-testid={testId}>
          {logo && <Image src={logo} h={56} fit="contain" alt="" mb="sm" data-testid="public-logo" />}
          <Title order={3} ta="center" mb="lg" data-testid={titleTestId}>
            {title}
          </Title>
          {children}
          <Group justify="center" mt="md">
            <Anchor component={Link} href={back} size="sm">
              {t(back === '/guide' ? 'login.backToGuide' : 'customer.backToLogin')}
            </Anchor>
          </Group>
        </Paper>
      </Center>
    </Box>
  );
}
