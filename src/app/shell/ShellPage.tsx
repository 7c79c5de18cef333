import { Component, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { Alert, Center, Loader } from '@mantine/core';
import { findMenuRoute } from '../../runtime/menu/routes';
import { useT } from '../i18n';
import { menuRoutesAtom } from '../session/session';
import { FIXED_ROUTES, pageAt } from '../router/pages';
import { UnderConstruction } from '../../pages/construction/UnderConstruction';
import NotFoundPage from '../../pages/notFound/NotFoundPage';
import RedirectPage from '../../pages/redirect/RedirectPage';

/** Resolves the current path to a registered page, an under-construction view, or 404. */
export function ShellPage() {
  const [path] = useLocation();
  const t = useT();
  const { routes } = useAtomValue(menuRoutesAtom);
  if (path.startsWith('/redirect/')) return <RedirectPage />;
  const node = findMenuRoute(routes, path);
  const fixedKey = FIXED_ROUTES[path];
  if (path === '/404' || (!node && !fixedKey)) return <NotFoundPage />;
  const title = node?.title ?? t(fixedKey!);
  const Page = pageAt(path, node);
  const kindLabel = node ? t(`kind.${node.kind}`) : t('kind.fixed');
  return (
    <PageBoundary key={path} errorLabel={t('app.hasError')} fallback={<UnderConstruction title={title} address={path} kind={kindLabel} />}>
      {Page ? (
        <Suspense
          fallback={
            <Center p="xl">
              <Loader />
            </Center>
          }
        >
          <Page path={path} title={title} node={node} />
        </Suspense>
      ) : (
        <UnderConstruction title={title} address={node?.urlAddress || path} kind={kindLabel} />
      )}
    </PageBoundary>
  );
}

/** A page that throws (or whose chunk fails to load) shows the fallback, never a blank app. */
class PageBoundary extends Component<{ children: ReactNode; fallback: ReactNode; errorLabel: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <Alert color="red" m="md" data-testid="page-error">
          {this.props.errorLabel}
        </Alert>
        {this.props.fallback}
      </>
    );
  }
}
