import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { Center, Loader } from '@mantine/core';
import { findMenuRoute } from '../../runtime/menu/routes';
import { adoptToken, lockedAtom, menuRoutesAtom, sessionAtom, tokenAtom } from '../session/session';
import { loadSession } from '../session/loader';
import { DATA_V_VIEW_PREFIX, decideNavigation, GUIDE_PATH } from './guard';
import { onMajorIdNavigation } from './hooks';
import { go } from './navigation';
import { FIXED_ROUTES, PUBLIC_PATHS } from './pages';

/** Paths known regardless of the menu. */
function isStaticPath(path: string): boolean {
  return path === '/' || path in FIXED_ROUTES || PUBLIC_PATHS.includes(path) || path.startsWith('/redirect/') || (path.startsWith(DATA_V_VIEW_PREFIX) && path.length > DATA_V_VIEW_PREFIX.length);
}

/**
 * Runs `decideNavigation` on every location or session change and carries the decision out:
 * render, redirect (replace), or load the user info and decide again.
 */
export function Guard({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const token = useAtomValue(tokenAtom);
  const locked = useAtomValue(lockedAtom);
  const session = useAtomValue(sessionAtom);
  const { routes } = useAtomValue(menuRoutesAtom);

  const decision = useMemo(
    () =>
      decideNavigation({
        path,
        search,
        token,
        locked,
        menuLoaded: session !== null,
        isKnownPath: (p) => isStaticPath(p) || findMenuRoute(routes, p) !== undefined,
      }),
    [path, search, token, locked, session, routes],
  );

  const handledMajorId = useRef<string | null>(null);
  useEffect(() => {
    if (decision.adoptToken) adoptToken(decision.adoptToken);
    if (decision.markMessageRead && handledMajorId.current !== decision.markMessageRead) {
      handledMajorId.current = decision.markMessageRead;
      void onMajorIdNavigation(decision.markMessageRead);
    }
    const { outcome } = decision;
    if (outcome.kind === 'redirect') go(outcome.to, { replace: true });
    if (outcome.kind === 'load') {
      void loadSession().then((result) => {
        if (result === 'failed') go(GUIDE_PATH, { replace: true });
      });
    }
  }, [decision]);

  // Scroll resets to the top on navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);

  if (decision.outcome.kind !== 'allow') {
    return (
      <Center h="100vh" data-testid="guard-pending">
        <Loader />
      </Center>
    );
  }
  return <>{children}</>;
}
