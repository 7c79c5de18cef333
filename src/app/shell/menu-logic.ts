/**
 * Pure menu helpers of the layout shell (spec 2.5, 9): top-menu overflow into 'more',
 * the active top item of the blend layout, and the fuzzy header search.
 */
import Fuse from 'fuse.js';
import type { MenuNode } from '../../runtime/menu/routes';

/** Width one top-menu entry takes (spec 9). */
export const TOP_MENU_ENTRY_WIDTH = 116;
/** Route of the synthetic 'more' entry. */
export const MORE_PATH = '/menuMore';

/** Splits the top entries into those shown and those under 'more' for a bar `width` px wide. */
export function splitTopMenu<T>(entries: readonly T[], width: number): { shown: T[]; more: T[] } {
  const fits = Math.max(0, Math.floor(width / TOP_MENU_ENTRY_WIDTH));
  if (entries.length <= fits) return { shown: [...entries], more: [] };
  // One slot goes to 'more' itself.
  const keep = Math.max(0, fits - 1);
  return { shown: entries.slice(0, keep), more: entries.slice(keep) };
}

export function containsPath(node: MenuNode, path: string): boolean {
  return (node.path !== '' && node.path === path) || node.children.some((c) => containsPath(c, path));
}

function containsModule(node: MenuNode, moduleId: string): boolean {
  return node.moduleId === moduleId || node.children.some((c) => containsModule(c, moduleId));
}

/**
 * The top item of the blend layout: the one holding the route's model id, else the one
 * holding the path; the first entry on /home and /dashboard (and when nothing matches).
 */
export function activeTopItem(navigation: readonly MenuNode[], path: string, moduleId?: string | null): MenuNode | undefined {
  if (path === '/home' || path === '/dashboard') return navigation[0];
  if (moduleId) {
    const byModule = navigation.find((n) => containsModule(n, moduleId));
    if (byModule) return byModule;
  }
  return navigation.find((n) => containsPath(n, path)) ?? navigation[0];
}

/** Fuse options of the header menu search (spec 9). */
export const MENU_SEARCH_OPTIONS = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export interface SearchEntry {
  id: string;
  title: string;
  path: string;
  node: MenuNode;
}

/** Entries of permitted, non-hidden menu items that lead somewhere. */
export function searchEntries(searchable: readonly MenuNode[]): SearchEntry[] {
  return searchable
    .filter((n) => !n.hidden && n.target.kind !== 'none')
    .map((n) => ({ id: n.id, title: n.title, path: n.path || n.urlAddress, node: n }));
}

export function createMenuSearch(entries: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse([...entries], MENU_SEARCH_OPTIONS);
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}

/** Every node of a tree, depth first. */
export function flattenNodes(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children)]);
}
