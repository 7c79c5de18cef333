import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Center, Loader } from '@mantine/core';
import { Shell } from '../shell/Shell';
import { ShellPage } from '../shell/ShellPage';
import { Guard } from './Guard';
import { PublicUnderConstruction } from '../../pages/construction/PublicUnderConstruction';

const LoginPage = lazy(() => import('../../pages/login/LoginPage'));
const GuidePage = lazy(() => import('../../pages/guide/GuidePage'));
const LockScreenPage = lazy(() => import('../../pages/lockScreen/LockScreenPage'));
const RedirectPage = lazy(() => import('../../pages/redirect/RedirectPage'));

/** Public routes outside the layout; everything else lives in the shell. */
export function AppRoutes() {
  return (
    <Guard>
      <Suspense
        fallback={
          <Center h="100vh">
            <Loader />
          </Center>
        }
      >
        <Switch>
          <Route path="/login" component={LoginPage} />
          <Route path="/guide" component={GuidePage} />
          <Route path="/lockScreen" component={LockScreenPage} />
          <Route path="/redirect/*" component={RedirectPage} />
          <Route path="/sso" component={PublicUnderConstruction} />
          <Route path="/auth-redirect" component={PublicUnderConstruction} />
          <Route path="/formShortLink" component={PublicUnderConstruction} />
          <Route path="/glyGmlogin" component={PublicUnderConstruction} />
          <Route path="/glyGmlogin/register" component={PublicUnderConstruction} />
          <Route path="/glyGmlogin/setPass" component={PublicUnderConstruction} />
          <Route path="/">
            <Redirect to="/home" replace />
          </Route>
          <Route>
            <Shell>
              <ShellPage />
            </Shell>
          </Route>
        </Switch>
      </Suspense>
    </Guard>
  );
}
