/**
 * Menu tree → routes (spec 2.4). Pure: no React, no DOM, no clock. The shell renders the
 * navigation tree; the router matches `routes`; the header search reads `searchable`.
 */
import type { Locale } from '../i18n';
import { textIn, type Translations } from '../i18n/texts';

/** Menu item as CurrentUser returns it (spec 3 "Menu item"). */
export interface MenuItem {
  id: string;
  parentId?: string | null;
  enCode: string;
  /** The title as written (zh-CN); fullName_i18n holds it in the other languages. */
  fullName: string;
  fullName_i18n?: Translations | null;
  /** 0 directory, 1 menu group, 2 page, 3 model, 4 dictionary, 5 report, 6 visualisation, 7 external link, 8 portal. */
  type: number;
  icon?: string | null;
  urlAddress?: string | null;
  linkTarget?: string | null;
  /** JSON text `{ moduleId, isTree, … }` (types 3, 4, 5, 8; type 2: an admin resource page's descriptor id). */
  propertyJson?: string | null;
  sortCode?: number | null;
  isHidden?: number | boolean | null;
  hasChildren?: boolean | null;
  children?: MenuItem[] | null;
}

export const MENU_KINDS = {
  0: 'directory',
  1: 'group',
  2: 'page',
  3: 'model',
  4: 'dictionary',
  5: 'report',
  6: 'visualisation',
  7: 'externalLink',
  8: 'portal',
} as const;
export type MenuKind = (typeof MENU_KINDS)[keyof typeof MENU_KINDS];
/** The kinds whose page is drawn from a descriptor (module id + isTree from propertyJson). */
export type DynamicKind = 'model' | 'dictionary' | 'report' | 'portal';

/** Where activating an entry takes the user. */
export type MenuTarget =
  | { kind: 'none' } // directories and groups only open their children
  | { kind: 'route'; to: string } // in-app navigation (path + optional query)
  | { kind: 'window'; url: string }; // a new browser window

export interface MenuNode {
  id: string;
  type: number;
  kind: MenuKind | 'unknown';
  enCode: string;
  title: string;
  icon: string | null;
  /** In-app path the entry is routed at ('' when it has none, e.g. a new-window entry). */
  path: string;
  /** Query of a type-2 address, kept for navigation; not part of the route path. */
  query: string;
  target: MenuTarget;
  moduleId: string | null;
  isTree: boolean;
  hidden: boolean;
  /** The address as the menu gave it. */
  urlAddress: string;
  children: MenuNode[];
}

export interface MenuRoutes {
  /** Non-hidden entries, in sort order, for the top menu / sidebar. */
  navigation: MenuNode[];
  /** Every entry with an in-app path, hidden ones included (they stay routable). */
  routes: MenuNode[];
  /** Non-hidden entries that lead somewhere (not directories), for the header search. */
  searchable: MenuNode[];
}

export interface BuildOptions {
  /** Host of the data-visualisation server, substituted for `${dataV}`. */
  dataV?: string;
  /** Session token, substituted for `${jnpfToken}` and appended to visualisation addresses. */
  token?: string | null;
  /** Language of the titles: an entry's fullName_i18n in it, else its fullName. */
  locale?: Locale;
}

export const EXTERNAL_LINK_ROUTE = '/externalLink';

/** Reads `{ moduleId, isTree }` from propertyJson; bad or missing JSON gives nulls. */
export function readProperties(propertyJson: string | null | undefined): { moduleId: string | null; isTree: boolean } {
  if (!propertyJson) return { moduleId: null, isTree: false };
  try {
    const parsed: unknown = JSON.parse(propertyJson);
    if (!parsed || typeof parsed !== 'object') return { moduleId: null, isTree: false };
    const record = parsed as Record<string, unknown>;
    const moduleId = typeof record.moduleId === 'string' || typeof record.moduleId === 'number' ? String(record.moduleId) : null;
    const isTree = record.isTree === 1 || record.isTree === true || record.isTree === '1';
    return { moduleId: moduleId || null, isTree };
  } catch {
    return { moduleId: null, isTree: false };
  }
}

/** `a/b?x=1` → `{ path: '/a/b', query: 'x=1' }`. */
export function splitAddress(address: string): { path: string; query: string } {
  const trimmed = address.trim();
  const at = trimmed.indexOf('?');
  const rawPath = at < 0 ? trimmed : trimmed.slice(0, at);
  const query = at < 0 ? '' : trimmed.slice(at + 1);
  return { path: normalisePath(rawPath), query };
}

/** Entries the app routes itself: a page (2) and the generated pages (3 model, 4 dictionary, 5 report, 8 portal). */
export const IN_APP_TYPES: ReadonlySet<number> = new Set([2, 3, 4, 5, 8]);

/**
 * The address as the menu stores and sends it: in-app pages without a leading slash
 * ("systemData/dictionary"; the product's client builds the route as '/' + address and loads
 * the page module by the address), visualisation (6) and link (7) addresses as written.
 */
export function storedAddress(type: number, address: string | null | undefined): string | null {
  if (address == null) return null;
  const trimmed = address.trim();
  return IN_APP_TYPES.has(type) ? trimmed.replace(/^\/+/, '') : trimmed;
}

export function normalisePath(raw: string): string {
  const path = '/' + raw.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return path.replace(/\/{2,}/g, '/');
}

export function isAbsoluteUrl(address: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim());
}

/** Substitutes `${dataV}` and `${jnpfToken}`, and adds the token to the query when absent. */
export function visualisationUrl(address: string, options: { dataV?: string; token?: string | null }): string {
  const token = options.token ?? '';
  const dataV = (options.dataV ?? '').replace(/\/+$/, '');
  const hadTokenPlaceholder = address.includes('${jnpfToken}');
  let url = address.split('${dataV}').join(dataV).split('${jnpfToken}').join(encodeURIComponent(token));
  if (!hadTokenPlaceholder && token && !/[?&]token=/.test(url)) {
    url += (url.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);
  }
  return url;
}

/** An absolute address: `http(s)://…` kept, `//host` and bare hosts get http:. */
export function absoluteUrl(address: string): string {
  const trimmed = address.trim();
  if (isAbsoluteUrl(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return 'http:' + trimmed;
  return 'http://' + trimmed.replace(/^\/+/, '');
}

export function externalLinkRoute(address: string): string {
  return `${EXTERNAL_LINK_ROUTE}?href=${encodeURIComponent(absoluteUrl(address))}`;
}

function isHidden(item: MenuItem): boolean {
  return item.isHidden === 1 || item.isHidden === true;
}

function dynamicPath(kind: DynamicKind, item: MenuItem): string {
  const address = item.urlAddress?.trim();
  if (address) return splitAddress(address).path;
  return `/${kind}/${item.enCode}`;
}

/** One entry without its children. */
export function toNode(item: MenuItem, options: BuildOptions = {}): MenuNode {
  const kind: MenuKind | 'unknown' = (MENU_KINDS as Record<number, MenuKind | undefined>)[item.type] ?? 'unknown';
  const title = (options.locale ? textIn(options.locale, item.fullName, item.fullName_i18n) : item.fullName) || item.enCode;
  const urlAddress = item.urlAddress?.trim() ?? '';
  const node: MenuNode = {
    id: String(item.id),
    type: item.type,
    kind,
    enCode: item.enCode,
    title,
    icon: item.icon ?? null,
    path: '',
    query: '',
    target: { kind: 'none' },
    moduleId: null,
    isTree: false,
    hidden: isHidden(item),
    urlAddress,
    children: [],
  };
  switch (kind) {
    case 'directory':
      break;
    case 'group':
      node.path = normalisePath(item.enCode);
      break;
    case 'page': {
      if (!urlAddress) break;
      const { path, query } = splitAddress(urlAddress);
      node.path = path;
      node.query = query;
      node.target = { kind: 'route', to: query ? `${path}?${query}` : path };
      // a page entry may name an admin resource descriptor (schemas/admin) that draws it
      node.moduleId = readProperties(item.propertyJson).moduleId;
      break;
    }
    case 'model':
    case 'dictionary':
    case 'report':
    case 'portal': {
      const { moduleId, isTree } = readProperties(item.propertyJson);
      node.moduleId = moduleId;
      node.isTree = isTree;
      node.path = dynamicPath(kind, item);
      node.target = { kind: 'route', to: node.path };
      break;
    }
    case 'visualisation':
      if (urlAddress) node.target = { kind: 'window', url: visualisationUrl(urlAddress, options) };
      break;
    case 'externalLink':
      if (!urlAddress) break;
      if (item.linkTarget === '_self') {
        node.path = EXTERNAL_LINK_ROUTE;
        node.target = { kind: 'route', to: externalLinkRoute(urlAddress) };
      } else {
        node.target = { kind: 'window', url: absoluteUrl(urlAddress) };
      }
      break;
    case 'unknown':
      break;
  }
  return node;
}

function bySort(a: MenuItem, b: MenuItem): number {
  return (a.sortCode ?? 0) - (b.sortCode ?? 0);
}

/** Builds navigation, routes and search entries from the menu tree. */
export function buildMenuRoutes(menu: readonly MenuItem[] | null | undefined, options: BuildOptions = {}): MenuRoutes {
  const routes: MenuNode[] = [];
  const searchable: MenuNode[] = [];

  function walk(items: readonly MenuItem[], parentHidden: boolean): MenuNode[] {
    const visible: MenuNode[] = [];
    for (const item of [...items].sort(bySort)) {
      const node = toNode(item, options);
      const hidden = parentHidden || node.hidden;
      node.hidden = hidden;
      node.children = walk(item.children ?? [], hidden);
      // A type-7 _self link shares /externalLink; the fixed route serves it.
      if (node.path && node.kind !== 'externalLink') routes.push(node);
      if (!hidden && node.target.kind !== 'none') searchable.push(node);
      if (!hidden) visible.push(node);
    }
    return visible;
  }

  const navigation = walk(menu ?? [], false);
  return { navigation, routes, searchable };
}

/** Finds the menu route for a path (exact, then the longest route that is a prefix segment). */
export function findMenuRoute(routes: readonly MenuNode[], path: string): MenuNode | undefined {
  const wanted = normalisePath(path);
  const exact = routes.find((r) => r.path === wanted && r.kind !== 'group');
  if (exact) return exact;
  return routes.find((r) => r.path === wanted);
}

/** Depth-first list of the leaves the user can open, hidden ones excluded. */
export function firstLeaves(navigation: readonly MenuNode[], limit: number): MenuNode[] {
  const out: MenuNode[] = [];
  const visit = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (out.length >= limit) return;
      if (node.target.kind === 'route') out.push(node);
      visit(node.children);
    }
  };
  visit(navigation);
  return out;
}
