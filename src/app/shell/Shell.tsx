import { useEffect, useState } from 'react';
import { ActionIcon, AppShell, Burger, Drawer, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { findMenuRoute, type MenuNode } from '../../runtime/menu/routes';
import { useT } from '../i18n';
import { menuRoutesAtom, sessionAtom } from '../session/session';
import { setSidebarOpen, settingsAtom, sidebarOpenAtom } from '../settings/settings';
import { usePersistedTabs } from '../tabs/usePersistedTabs';
import { Logo } from './AboutDialogs';
import { ForcedPasswordDialog } from './ForcedPasswordDialog';
import { FullscreenToggle, MenuSearch, SettingsButton, SizePicker } from './HeaderTools';
import { LanguagePicker } from './LanguagePicker';
import { activeTopItem } from './menu-logic';
import { SettingsDrawer } from './SettingsDrawer';
import { SideMenu } from './SideMenu';
import { SkipLink } from './SkipLink';
import { focusMainContent, MAIN_CONTENT_ID, takeMainFocusRequest } from './mainContent';
import { TagsView } from './TagsView';
import { TopMenu } from './TopMenu';
import { useIsMobile } from './useDevice';
import { UserMenu } from './UserMenu';
import { MessageBell } from './messages/MessageBell';
import { ViewHost } from './ViewHost';
import classes from './shell.module.css';

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
const HEADER_HEIGHT = 56;

/**
 * The layout shell (spec 2.5). The layout-type setting picks classic (sidebar + top bar),
 * functional (top menu only), plain (icon sidebar + top bar) or blend (top menu whose picked
 * item fills the sidebar). On mobile the menu lives in a drawer.
 */
export function Shell() {
  const t = useT();
  const [path] = useLocation();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const { navigation, routes } = useAtomValue(menuRoutesAtom);
  const sidebarOpen = useAtomValue(sidebarOpenAtom);
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  usePersistedTabs();
  // After a sign-in, focus starts on the page, not on the body before the header.
  useEffect(() => {
    if (takeMainFocusRequest()) focusMainContent();
  }, []);

  // The mobile drawer closes on route change; a picked blend item yields to the route.
  useEffect(() => {
    setDrawerOpen(false);
    setPicked(null);
  }, [path]);

  const layout = settings.layoutType;
  const hasSide = !mobile && layout !== 'functional';
  const collapsed = layout === 'plain' || !sidebarOpen;
  const topMenu = !mobile && (layout === 'functional' || layout === 'blend');
  const alt = hasSide && (layout === 'classic' || layout === 'plain');
  const current = findMenuRoute(routes, path);
  const activeTop: MenuNode | undefined = picked ? navigation.find((n) => n.id === picked) : activeTopItem(navigation, path, current?.moduleId);
  const sideNodes = layout === 'blend' ? (activeTop?.children.length ? activeTop.children : activeTop ? [activeTop] : []) : navigation;
  const sysName = session?.sysConfig.sysName || t('app.title');
  // the navigation icon is the shell's; the logo (the sign-in page's) stands in when none is set
  const logoSrc = session?.sysConfig.navigationIcon || session?.sysConfig.logoIcon;

  const logo = (inSidebar: boolean, compact = false) => (
    <UnstyledButton component={Link} href="/" className={inSidebar ? classes.sidebarLogo : undefined} aria-label={sysName} data-testid="shell-logo">
      <Group gap="xs" wrap="nowrap">
        <Logo src={logoSrc} />
        {!compact && (
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} c={inSidebar ? 'inherit' : undefined} data-testid="shell-sys-name">
            {sysName}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );

  return (
    <AppShell
      layout={alt ? 'alt' : 'default'}
      header={{ height: HEADER_HEIGHT }}
      navbar={hasSide ? { width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH, breakpoint: 0 } : undefined}
      padding={0}
      // Not data-layout: Mantine's own data-layout="alt" is what lifts the sidebar to the full
      // height beside the header; overriding it left the sidebar below a full-width header.
      data-shell-layout={layout}
      data-testid="shell"
    >
      <SkipLink />
      <AppShell.Header px="sm" data-testid="shell-header">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          {mobile && <Burger opened={drawerOpen} onClick={() => setDrawerOpen((o) => !o)} size="sm" aria-label={t('layout.menu')} data-testid="sidebar-toggle" />}
          {hasSide && layout !== 'plain' && (
            <ActionIcon variant="subtle" color="gray" onClick={() => setSidebarOpen(!sidebarOpen)} aria-label={t('layout.toggleSidebar')} data-testid="sidebar-toggle">
              {sidebarOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
            </ActionIcon>
          )}
          {!alt && logo(false, mobile)}
          <div style={{ flex: 1, minWidth: 0 }}>
            {topMenu && <TopMenu nodes={navigation} activeId={layout === 'blend' ? activeTop?.id : undefined} onPick={layout === 'blend' ? (n) => setPicked(n.id) : undefined} />}
          </div>
          <Group gap={6} wrap="nowrap">
            {settings.showSearch && !mobile && <MenuSearch />}
            {!mobile && <FullscreenToggle />}
            {!mobile && <SizePicker />}
            {settings.showLanguage && <LanguagePicker />}
            <MessageBell />
            <SettingsButton onClick={() => setSettingsOpen(true)} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {hasSide && (
        <AppShell.Navbar className={`${classes.sidebar} ${classes[settings.slideClass]}`} data-testid="sidebar" data-side={settings.slideClass}>
          {alt && logo(true, collapsed)}
          <ScrollArea style={{ flex: 1 }} type="hover">
            <SideMenu nodes={sideNodes} collapsed={collapsed} side={settings.slideClass} />
          </ScrollArea>
        </AppShell.Navbar>
      )}
      <AppShell.Main bg="gray.0">
        {settings.tagsView && <TagsView />}
        {/* The skip link's target: the page itself, past the tab strip as well. */}
        <div id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.mainContent} data-testid="main-content">
          <ViewHost />
        </div>
      </AppShell.Main>
      <Drawer
        opened={mobile && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        position="left"
        size={SIDEBAR_WIDTH}
        withCloseButton={false}
        padding={0}
        classNames={{ body: `${classes.sidebar} ${classes[settings.slideClass]}`, content: classes[settings.slideClass] }}
        data-testid="mobile-drawer"
      >
        <div className={classes[settings.slideClass]} style={{ minHeight: '100vh', background: 'var(--side-bg)' }}>
          {logo(true)}
          <SideMenu nodes={navigation} collapsed={false} side={settings.slideClass} onNavigate={() => setDrawerOpen(false)} />
        </div>
      </Drawer>
      <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ForcedPasswordDialog />
    </AppShell>
  );
}
