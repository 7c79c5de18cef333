import { lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Title } from '@mantine/core';
import { createHttpDataProvider, DictionaryPage, ModelPage, SelectorsContext, type SelectorsHost, PortalPage, RenderersProvider, ReportPage, ResourcePage, type PageRendererProps, type PermissionEntry } from '../../renderers';
import { http } from '../../app/api/client';
import { useLocale } from '../../app/i18n';
import { go } from '../../app/router/navigation';
import type { PageProps } from '../../app/router/pages';
import { menuRoutesAtom, sessionAtom } from '../../app/session/session';
import { flattenNodes } from '../../app/shell/menu-logic';

const dataProvider = createHttpDataProvider(http);

/** Dictionary management as the dictionary selectors' add dialog shows it (loaded on first open). */
const DictionaryManagement = lazy(() => import('../system/dictionary/DictionaryPage'));
function DictionaryManager({ category }: { category: string }) {
  return <DictionaryManagement path="/systemData/dictionary" title="" category={category} />;
}

/** The selectors' host: the dictionary screen, offered to those who may manage dictionaries (the server's rule for its writes). */
function useSelectorsHost(previewMode: boolean): SelectorsHost {
  const session = useAtomValue(sessionAtom);
  const info = session?.userInfo;
  const canManageDictionary = !!info && (!!info.isAdministrator || (info.permissionCodes ?? []).includes('system.dictionary:manage'));
  const mapTileUrl = typeof session?.sysConfig?.mapTileUrl === 'string' ? session.sysConfig.mapTileUrl : '';
  return useMemo(() => ({ DictionaryManager, canManageDictionary, previewMode, mapTileUrl }), [canManageDictionary, previewMode, mapTileUrl]);
}

/**
 * What every renderer needs from the shell: data through the app's API client, language, navigation, the selectors' host.
 * `previewMode`: a function preview of an unreleased model (printing is refused there, spec 5).
 */
export function RenderersHost({ children, previewMode = false }: { children: ReactNode; previewMode?: boolean }) {
  const locale = useLocale();
  const selectors = useSelectorsHost(previewMode);
  return (
    <RenderersProvider data={dataProvider} locale={locale} navigate={(to) => go(to)}>
      <SelectorsContext.Provider value={selectors}>{children}</SelectorsContext.Provider>
    </RenderersProvider>
  );
}

/**
 * The permission entry of the menu entry the page was opened from: CurrentUser keys
 * permissionList by the menu's id (its modelId), not by the descriptor id. A page without
 * one denies all (spec 6).
 */
export function usePermissionEntry(menuId: string | null | undefined): PermissionEntry | null {
  const session = useAtomValue(sessionAtom);
  return useMemo(() => (session?.permissionList.find((p) => p.modelId === menuId) as PermissionEntry | undefined) ?? null, [session, menuId]);
}

/** For pages reached without a menu entry (preview, dashboard): the first menu entry showing that descriptor. */
export function usePermissionEntryOfDescriptor(moduleId: string | null | undefined): PermissionEntry | null {
  const { navigation } = useAtomValue(menuRoutesAtom);
  const menuId = useMemo(() => (moduleId ? (flattenNodes(navigation).find((n) => n.moduleId === moduleId)?.id ?? null) : null), [navigation, moduleId]);
  return usePermissionEntry(menuId);
}

/** The route of the user's menu entry with an enCode (portal shortcuts name entries by enCode). */
export function useMenuPath(): (enCode: string) => string | null {
  const { routes } = useAtomValue(menuRoutesAtom);
  return useMemo(() => {
    const byCode = new Map(routes.flatMap((n) => (n.target.kind === 'route' ? [[n.enCode, n.target.to] as const] : [])));
    return (enCode: string) => byCode.get(enCode) ?? null;
  }, [routes]);
}

/**
 * The descriptor list a hand-written page embeds under its own header (资金池, 添加商品, 我的订单):
 * its menu entry's descriptor, or `fallback` when the entry names none, with the entry's
 * permissions. Render inside RenderersHost.
 */
export function EntryResourceList({ node, fallback }: { node: PageProps['node']; fallback: string }) {
  const permissions = usePermissionEntry(node?.id);
  const menuPath = useMenuPath();
  return <ResourcePage moduleId={node?.moduleId ?? fallback} isTree={false} menuId={node?.id ?? ''} title="" permissions={permissions} menuPath={menuPath} />;
}

function kindPage(Renderer: ComponentType<PageRendererProps>) {
  return function KindPage({ node, title }: PageProps) {
    const permissions = usePermissionEntry(node?.id);
    const menuPath = useMenuPath();
    // The shell draws the page title (one header for every kind); the renderer draws the rest.
    return (
      <RenderersHost>
        <Box p="md">
          <Title order={4} mb="sm" data-testid="page-title">
            {title}
          </Title>
          <Renderer moduleId={node?.moduleId ?? ''} isTree={node?.isTree ?? false} menuId={node?.id ?? ''} title="" permissions={permissions} menuPath={menuPath} />
        </Box>
      </RenderersHost>
    );
  };
}

export const ModelKindPage = kindPage(ModelPage);
export const DictionaryKindPage = kindPage(DictionaryPage);
export const ReportKindPage = kindPage(ReportPage);
export const PortalKindPage = kindPage(PortalPage);
export const ResourceKindPage = kindPage(ResourcePage);
