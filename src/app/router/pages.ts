/**
 * The page registry. A page is added with one line: its path and a lazy import.
 *
 *   '/order': lazy(() => import('../../pages/order/OrderPage')),
 *
 * Paths come from the fixed routes (spec 2.3) or from the menu (type 2 addresses). A path
 * the menu or the fixed routes know but this registry does not renders the 'page under
 * construction' view. Dynamic menu kinds (model, dictionary, report, portal) are drawn by
 * `kindPages` unless a path-specific page exists.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../../runtime/i18n';
import type { DynamicKind, MenuNode } from '../../runtime/menu/routes';

export interface PageProps {
  /** The path the page is routed at. */
  path: string;
  /** Translated title (menu title or fixed-route title). */
  title: string;
  /** The menu entry the page was reached through, when there is one. */
  node?: MenuNode;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Path → page. */
export const pages: Record<string, PageComponent> = {
  '/home': lazy(() => import('../../pages/home/HomePage')),
  '/externalLink': lazy(() => import('../../pages/externalLink/ExternalLinkPage')),
  '/profile': lazy(() => import('../../pages/profile/ProfilePage')),
  '/messageRecord': lazy(() => import('../../pages/messageRecord/MessageRecordPage')),
  '/capitalPool': lazy(() => import('../../pages/business/CapitalPoolPage')),
  '/credit': lazy(() => import('../../pages/business/CapitalPoolPage')),
  '/addGoods': lazy(() => import('../../pages/business/GoodsPage')),
  '/pricemonitor': lazy(() => import('../../pages/business/PriceMonitorPage')),
  '/inventory': lazy(() => import('../../pages/business/InventoryPage')),
  '/addOrder': lazy(() => import('../../pages/business/AddOrderPage')),
  '/order': lazy(() => import('../../pages/business/OrderPage')),
  '/info': lazy(() => import('../../pages/business/OrderInfoPage')),
  '/debtHome': lazy(() => import('../../pages/business/DebtHomePage')),
  '/authentication': lazy(() => import('../../pages/business/certification/CertificationPage')),
  '/operations/certification': lazy(() => import('../../pages/business/certification/CertificationReviewPage')),
  '/mailbox': lazy(() => import('../../pages/mail/MailboxPage')),
  '/emailDetail': lazy(() => import('../../pages/mail/EmailDetailPage')),
  '/waitGoods': lazy(() => import('../../pages/business/pickup/WaitGoodsPage')),
  '/getOrder': lazy(() => import('../../pages/business/pickup/GetOrderPage')),
  '/noSpec': lazy(() => import('../../pages/business/pickup/NoSpecPage')),
  '/outOrder': lazy(() => import('../../pages/business/pickup/OutOrderPage')),
  '/dashboard': lazy(() => import('../../pages/dashboard/DashboardPage')),
  '/previewModel': lazy(() => import('../../pages/previewModel/PreviewModelPage')),
  '/scanConfirm': lazy(() => import('../../pages/scanConfirm/ScanConfirmPage')),
  '/permission/grant': lazy(() => import('../../pages/permission/GrantPage')),
  '/permission/explain': lazy(() => import('../../pages/permission/ExplainPage')),
  '/systemData/dictionary': lazy(() => import('../../pages/system/dictionary/DictionaryPage')),
  '/system/printDev/editor': lazy(() => import('../../pages/system/print-dev/PrintDevEditorPage')),
  '/system/flowEngine': lazy(() => import('../../pages/flow/admin/FlowEnginePage')),
  '/daiban': lazy(() => import('../../pages/flow/daiban/DaibanPage')),
  '/workFlowDetail': lazy(() => import('../../pages/flow/detail/WorkFlowDetailPage')),
  '/workFlow/launch': lazy(() => import('../../pages/flow/launch/LaunchPage')),
  '/workFlow/mine': lazy(() => import('../../pages/flow/launch/MyFlowsPage')),
  '/workFlow/entrust': lazy(() => import('../../pages/flow/entrust/EntrustPage')),
};

/** Page of each dynamic menu kind (types 3, 4, 5, 8): the renderers' page for the entry's module. */
export const kindPages: Partial<Record<DynamicKind, PageComponent>> = {
  model: lazy(() => import('../../pages/dynamic/DynamicPages').then((m) => ({ default: m.ModelKindPage }))),
  dictionary: lazy(() => import('../../pages/dynamic/DynamicPages').then((m) => ({ default: m.DictionaryKindPage }))),
  report: lazy(() => import('../../pages/dynamic/DynamicPages').then((m) => ({ default: m.ReportKindPage }))),
  portal: lazy(() => import('../../pages/dynamic/DynamicPages').then((m) => ({ default: m.PortalKindPage }))),
};

/** A type 2 entry with a moduleId: the admin resource page (schemas/admin) drawn from that descriptor. */
export const resourcePage: PageComponent = lazy(() => import('../../pages/dynamic/DynamicPages').then((m) => ({ default: m.ResourceKindPage })));

/** The page drawn at a path: a hand-written page, else the renderer of the entry's kind, else none (under construction). */
export function pageAt(path: string, node: MenuNode | undefined): PageComponent | undefined {
  if (pages[path]) return pages[path];
  if (!node) return undefined;
  if (isDynamicKind(node.kind)) return kindPages[node.kind];
  return node.kind === 'page' && node.moduleId ? resourcePage : undefined;
}

/** Views never kept mounted when their tab is inactive (the tab strip's no-cache flag). */
export const NO_CACHE_PATHS: readonly string[] = ['/previewModel', '/scanConfirm', '/404'];

/** Fixed routes inside the main layout (spec 2.3) and their title keys. */
export const FIXED_ROUTES: Readonly<Record<string, MessageKey>> = {
  '/home': 'route.home',
  '/authentication': 'route.authentication',
  '/dashboard': 'route.dashboard',
  '/messageRecord': 'route.messageRecord',
  '/previewModel': 'route.previewModel',
  '/profile': 'route.profile',
  '/emailDetail': 'route.emailDetail',
  '/workFlowDetail': 'route.workFlowDetail',
  '/workFlow/entrust': 'route.entrust',
  '/externalLink': 'route.externalLink',
  '/daiban': 'route.daiban',
  '/info': 'route.info',
  '/debtHome': 'route.debtHome',
  '/addOrder': 'route.addOrder',
  '/addGoods': 'route.addGoods',
  '/credit': 'route.credit',
  '/order': 'route.order',
  '/getOrder': 'route.getOrder',
  '/outOrder': 'route.outOrder',
  '/inventory': 'route.inventory',
  '/pricemonitor': 'route.pricemonitor',
  '/settlement': 'route.settlement',
  '/capitalPool': 'route.capitalPool',
  '/invoice': 'route.invoice',
  '/waitGoods': 'route.waitGoods',
  '/noSpec': 'route.noSpec',
  '/scanConfirm': 'route.scanConfirm',
  '/404': 'route.notFound',
};

/** Routes outside the main layout (spec 2.1); those without a page here are under construction. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/guide',
  '/lockScreen',
  '/sso',
  '/auth-redirect',
  '/formShortLink',
  '/glyGmlogin',
  '/glyGmlogin/register',
  '/glyGmlogin/setPass',
];

export function isDynamicKind(kind: string): kind is DynamicKind {
  return kind === 'model' || kind === 'dictionary' || kind === 'report' || kind === 'portal';
}
