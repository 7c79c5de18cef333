import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

/**
 * /redirect/:path* re-renders a page: it replaces itself with the target, so the target
 * mounts afresh (used by "refresh" on a tab). It lives inside the shell, so the shell and
 * the other tabs stay as they are.
 */
export default function RedirectPage() {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = '/' + path.replace(/^\/redirect\/?/, '').replace(/^\/+/, '');
    navigate(search ? `${target}?${search}` : target, { replace: true });
  }, [path, search]);
  return null;
}
