import { Box, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { flattenNodes } from '../../app/shell/menu-logic';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { menuRoutesAtom, sessionAtom } from '../../app/session/session';
import { PortalPage } from '../../renderers';
import { RenderersHost, useMenuPath, usePermissionEntryOfDescriptor } from '../dynamic/DynamicPages';

/** /dashboard (portal display): the user's portal, else the first portal of the menu, else an empty state. */
export default function DashboardPage({ title }: PageProps) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const { navigation } = useAtomValue(menuRoutesAtom);
  const own = typeof session?.userInfo.portalId === 'string' ? session.userInfo.portalId : null;
  const firstPortal = flattenNodes(navigation).find((n) => n.kind === 'portal' && n.moduleId);
  const portalId = own || firstPortal?.moduleId || null;
  const permissions = usePermissionEntryOfDescriptor(portalId);
  const menuPath = useMenuPath();
  if (!portalId) {
    return (
      <Center py={80} data-testid="dashboard-empty">
        <Stack align="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconLayoutDashboard size={36} />
          </ThemeIcon>
          <Title order={4}>{t('dashboard.emptyTitle')}</Title>
          <Text c="dimmed">{t('dashboard.emptyBody')}</Text>
          <Button component={Link} href="/home" variant="light">
            {t('notFound.backHome')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <RenderersHost>
      <Box p="md" data-testid="dashboard-portal">
        <PortalPage moduleId={portalId} isTree={false} menuId={firstPortal?.id ?? ''} title={title} permissions={permissions} menuPath={menuPath} />
      </Box>
    </RenderersHost>
  );
}
