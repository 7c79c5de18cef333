import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { findMenuRoute, type MenuNode } from '../../runtime/menu/routes';
import { useT } from '../i18n';
import { menuRoutesAtom } from '../session/session';
import { FIXED_ROUTES } from '../router/pages';

export interface PageInfo {
  title: string;
  node?: MenuNode;
}

/** Resolves a path to its title (menu title, else fixed-route title) in the current language. */
export function usePageInfo(): (path: string) => PageInfo | null {
  const t = useT();
  const { routes } = useAtomValue(menuRoutesAtom);
  return useCallback(
    (path: string) => {
      const node = findMenuRoute(routes, path);
      if (node) return { title: node.title, node };
      const key = FIXED_ROUTES[path];
      return key ? { title: t(key) } : null;
    },
    [routes, t],
  );
}
