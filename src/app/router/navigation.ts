import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { isDuplicateNavigation } from './guard';

/** Navigates unless the target is where we already are (duplicate navigation is ignored). */
export function go(to: string, options?: { replace?: boolean }): void {
  const current = window.location.pathname + window.location.search;
  if (isDuplicateNavigation(current, to)) return;
  browserNavigate(to, options);
}

/** Hook form of `go`, re-created when the location changes. */
export function useGo(): (to: string, options?: { replace?: boolean }) => void {
  const [location] = useLocation();
  const search = useSearch();
  return useCallback(
    (to: string, options?: { replace?: boolean }) => {
      if (isDuplicateNavigation(search ? `${location}?${search}` : location, to)) return;
      browserNavigate(to, options);
    },
    [location, search],
  );
}

/** Opens an address in a new window. */
export function openWindow(url: string): void {
  window.open(url, '_blank', 'noopener');
}
