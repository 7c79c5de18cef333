/**
 * The tab-view store of spec 2.5 as pure functions over immutable lists: visited views (the
 * tab strip) and cached views (kept mounted). Affix views cannot close and survive
 * "delete all"; views flagged noCache are never cached. The jotai wiring is in atoms.ts.
 */

export interface TabMeta {
  title: string;
  icon?: string | null;
  affix?: boolean;
  noCache?: boolean;
}

/** A visited page (spec 3 "Tab view"). */
export interface TabView {
  path: string;
  /** Path plus query. */
  fullPath: string;
  name: string;
  query: string;
  meta: TabMeta;
}

export interface TabState {
  visited: TabView[];
  /** Paths of views kept mounted. */
  cached: string[];
}

export const EMPTY_TABS: TabState = { visited: [], cached: [] };

/** Adds a view (or refreshes its fullPath and title when its path is already open). */
export function addVisitedView(visited: readonly TabView[], view: TabView): TabView[] {
  const at = visited.findIndex((v) => v.path === view.path);
  if (at < 0) return [...visited, view];
  const current = visited[at]!;
  if (current.fullPath === view.fullPath && current.meta.title === view.meta.title) return visited as TabView[];
  const next = [...visited];
  next[at] = { ...current, fullPath: view.fullPath, query: view.query, meta: { ...current.meta, title: view.meta.title } };
  return next;
}

export function addCachedView(cached: readonly string[], view: TabView): string[] {
  if (view.meta.noCache || cached.includes(view.path)) return cached as string[];
  return [...cached, view.path];
}

export function addView(state: TabState, view: TabView): TabState {
  return { visited: addVisitedView(state.visited, view), cached: addCachedView(state.cached, view) };
}

/** Removes a view; an affix view stays. */
export function delView(state: TabState, view: Pick<TabView, 'path'>): TabState {
  const target = state.visited.find((v) => v.path === view.path);
  if (target?.meta.affix) return state;
  return { visited: state.visited.filter((v) => v.path !== view.path), cached: state.cached.filter((p) => p !== view.path) };
}

/** Keeps the view and the affix views. */
export function delOthersViews(state: TabState, view: Pick<TabView, 'path'>): TabState {
  const visited = state.visited.filter((v) => v.meta.affix || v.path === view.path);
  const keep = new Set(visited.map((v) => v.path));
  return { visited, cached: state.cached.filter((p) => keep.has(p)) };
}

/** Keeps only the affix views. */
export function delAllViews(state: TabState): TabState {
  const visited = state.visited.filter((v) => v.meta.affix);
  const keep = new Set(visited.map((v) => v.path));
  return { visited, cached: state.cached.filter((p) => keep.has(p)) };
}

/** Drops a view from the cache only (refresh re-mounts it). */
export function delCachedView(state: TabState, view: Pick<TabView, 'path'>): TabState {
  return { ...state, cached: state.cached.filter((p) => p !== view.path) };
}

/** Updates the view open at `view.path` (its fullPath, query, title). */
export function updateVisitedView(state: TabState, view: Pick<TabView, 'path'> & Partial<TabView>): TabState {
  const visited = state.visited.map((v) =>
    v.path === view.path ? { ...v, ...view, meta: { ...v.meta, ...(view.meta ?? {}) } } : v,
  );
  return { ...state, visited };
}

/**
 * Where to go after closing `closed`: the last remaining view, else the dashboard re-renders
 * itself (through /redirect), else the root.
 */
export function afterClose(remaining: readonly TabView[], closed: Pick<TabView, 'path' | 'fullPath'>): string {
  const last = remaining[remaining.length - 1];
  if (last) return last.fullPath;
  if (closed.path === '/dashboard') return '/redirect' + closed.fullPath;
  return '/';
}

/** Tab-strip scroll offset after a wheel event: delta / 4, clamped to the scrollable range. */
export function wheelScroll(current: number, wheelDelta: number, maxScroll: number): number {
  const next = current + wheelDelta / 4;
  return Math.max(0, Math.min(Math.max(0, maxScroll), next));
}

/** Gap between tabs in px (spec 9). */
export const TAB_GAP = 4;

/** Builds a view from a location. */
export function viewOf(path: string, search: string, meta: TabMeta): TabView {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return { path, fullPath: query ? `${path}?${query}` : path, name: path, query, meta };
}

/** What is kept of a tab across reloads (its title is looked up again in the current language). */
export type StoredTab = Pick<TabView, 'path' | 'fullPath' | 'query'> & { affix?: boolean; noCache?: boolean; title: string };

/** Local-storage key of a user's tabs: per user, so a shared browser never shows one user's pages to another. */
export function tabsStorageKey(userId: string): string {
  return `tabs_${userId}`;
}

export function serialiseTabs(visited: readonly TabView[]): string {
  const stored: StoredTab[] = visited.map((v) => ({
    path: v.path,
    fullPath: v.fullPath,
    query: v.query,
    title: v.meta.title,
    ...(v.meta.affix ? { affix: true } : {}),
    ...(v.meta.noCache ? { noCache: true } : {}),
  }));
  return JSON.stringify(stored);
}

/** Reads stored tabs, tolerating anything that is not what serialiseTabs wrote. */
export function parseStoredTabs(text: string | null): TabView[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: Partial<StoredTab> | null) => {
    if (!item || typeof item.path !== 'string' || !item.path.startsWith('/')) return [];
    const query = typeof item.query === 'string' ? item.query : '';
    return [
      {
        ...viewOf(item.path, query, { title: typeof item.title === 'string' ? item.title : item.path, affix: item.affix === true, noCache: item.noCache === true }),
      },
    ];
  });
}

/**
 * Puts the tabs of an earlier visit back: the stored ones the user may still open, in their
 * order, then the ones already open now (home, the page being reloaded) that were not stored.
 * Tabs whose page the user no longer has (menu taken away, /404, /redirect) are dropped.
 * Only the strip is restored: pages mount again when their tab is opened.
 */
export function restoreViews(state: TabState, stored: readonly TabView[], mayOpen: (path: string) => boolean): TabState {
  let visited: TabView[] = [];
  for (const view of stored) {
    if (view.path === '/404' || view.path.startsWith('/redirect') || !mayOpen(view.path)) continue;
    visited = addVisitedView(visited, view);
  }
  for (const view of state.visited) visited = addVisitedView(visited, view);
  return { ...state, visited };
}

/** Tab-strip offset after an arrow click: most of a strip's width that way, clamped, so one tab stays in sight for context. */
export function arrowScroll(current: number, direction: -1 | 1, visibleWidth: number, maxScroll: number): number {
  const next = current + direction * Math.max(1, Math.round(visibleWidth * 0.8));
  return Math.max(0, Math.min(Math.max(0, maxScroll), next));
}

/** Which scroll arrows a strip needs: none when everything fits; each one only while there is more that way. */
export function stripOverflow(scrollLeft: number, visibleWidth: number, contentWidth: number): { left: boolean; right: boolean } {
  const max = contentWidth - visibleWidth;
  if (max <= 1) return { left: false, right: false };
  return { left: scrollLeft > 1, right: scrollLeft < max - 1 };
}
