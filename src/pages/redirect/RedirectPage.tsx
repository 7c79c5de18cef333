import { useEffect } from 'react';
import { useParams, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

/**
 * /redirect/:path* re-renders a page: it replaces itself with the target, so the target
 * mounts afresh (used by "refresh" on a tab).
 */
export default function RedirectPage() {
  const params = useParams<{ '*': string }>();
  const search = useSearch();
  useEffect(() => {
    const target = '/' + (params['*'] ?? '').replace(/^\/+/, '');
    navigate(search ? `${target}?${search}` : target, { replace: true });
  }, [params, search]);
  return null;
}
