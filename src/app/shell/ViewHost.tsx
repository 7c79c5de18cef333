import { useEffect, useMemo, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Router, useLocation, useSearch } from 'wouter';
import { navigate, useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { settingsAtom } from '../settings/settings';
import { tabs } from '../tabs/atoms';
import { tabsAtom } from '../tabs/atoms';
import { viewOf } from '../tabs/tabs';
import { NO_CACHE_PATHS, pageAt } from '../router/pages';
import { ShellPage } from './ShellPage';
import { usePageInfo } from './pageTitle';

/** The home page is pinned (affix): its tab cannot close. */
export const AFFIX_PATHS: readonly string[] = ['/home'];

/**
 * Shows the page of the current location and keeps cached views mounted (hidden) so a tab
 * keeps its state: each view sees its own frozen location while inactive. Views flagged
 * no-cache, placeholders, and everything when the cache switch is off render only while active.
 */
export function ViewHost() {
  const [path] = useLocation();
  const search = useSearch();
  const info = usePageInfo();
  const settings = useAtomValue(settingsAtom);
  const { cached } = useAtomValue(tabsAtom);

  const current = info(path);
  // Affix views are always in the strip, from the first render on.
  const homeTitle = info('/home')?.title;
  useEffect(() => {
    for (const affix of AFFIX_PATHS) {
      const found = info(affix);
      if (found) tabs.add(viewOf(affix, '', { title: found.title, affix: true, noCache: false }));
    }
  }, [homeTitle]); // eslint-disable-line react-hooks/exhaustive-deps

  const isRedirect = path.startsWith('/redirect/');
  useEffect(() => {
    if (!current || isRedirect || path === '/404') return;
    const realPage = Boolean(pageAt(path, current.node));
    tabs.add(
      viewOf(path, search, {
        title: current.title,
        icon: current.node?.icon ?? null,
        affix: AFFIX_PATHS.includes(path),
        noCache: !realPage || NO_CACHE_PATHS.includes(path),
      }),
    );
  }, [path, search, current?.title, isRedirect]); // eslint-disable-line react-hooks/exhaustive-deps

  const kept = settings.useCache ? cached : [];
  const activeCached = kept.includes(path);
  return (
    <>
      {kept.map((p) => (
        <CachedView key={p} path={p} active={p === path} />
      ))}
      {!activeCached && <ShellPage />}
    </>
  );
}

function CachedView({ path, active }: { path: string; active: boolean }) {
  const activeRef = useRef(active);
  activeRef.current = active;
  const frozen = useRef<{ path: string; search: string }>({ path, search: '' });
  const hooks = useMemo(() => {
    const hook = () => {
      const [livePath] = useBrowserLocation();
      if (activeRef.current) frozen.current.path = livePath;
      return [activeRef.current ? livePath : frozen.current.path, navigate] as [string, typeof navigate];
    };
    const searchHook = () => {
      const live = useBrowserSearch();
      if (activeRef.current) frozen.current.search = live;
      return activeRef.current ? live : frozen.current.search;
    };
    return { hook, searchHook };
  }, []);
  return (
    <div style={active ? undefined : { display: 'none' }} data-cached-view={path} data-active={active ? '1' : '0'}>
      <Router hook={hooks.hook} searchHook={hooks.searchHook}>
        <ShellPage />
      </Router>
    </div>
  );
}
