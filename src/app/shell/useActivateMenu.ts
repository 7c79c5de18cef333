import { useCallback } from 'react';
import type { MenuNode } from '../../runtime/menu/routes';
import { openWindow, useGo } from '../router/navigation';

/**
 * What a click on a menu entry does (spec 2.4 "In the shell"): type 6 and type 7 _blank open
 * a new window, directories and groups do nothing (they open their children), anything else
 * navigates in-app.
 */
export function useActivateMenu(): (node: MenuNode) => void {
  const go = useGo();
  return useCallback(
    (node: MenuNode) => {
      const target = node.target;
      if (target.kind === 'window') openWindow(target.url);
      else if (target.kind === 'route') go(target.to);
    },
    [go],
  );
}
