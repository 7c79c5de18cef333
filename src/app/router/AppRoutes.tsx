import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Center, Loader } from '@mantine/core';
import { Shell } from '../shell/Shell';
import { Guard } from './Guard';
import { DATA_V_VIEW_PREFIX } from './guard';

const LoginPage = lazy(() => import('../../pages/login/LoginPage'));
const GuidePage = lazy(() => import('../../pages/guide/GuidePage'));
const LockScreenPage = lazy(() => import('../../pages/lockScreen/LockScreenPage'));
const TokenLandingPage = lazy(() => import('../../pages/sso/TokenLandingPage'));
const FormShortLinkPage = lazy(() => import('../../pages/formShortLink/FormShortLinkPage'));
const CustomerLoginPage = lazy(() => import('../../pages/customer/CustomerLoginPage'));
const CustomerRegisterPage = lazy(() => import('../../pages/customer/CustomerRegisterPage'));
const CustomerSetPassPage = lazy(() => import('../../pages/customer/CustomerSetPassPage'));
const DataVPage = lazy(() => import('../../pages/dataV/DataVPage'));

/** Public routes and the full-window data screens outside the layout; everything else (including /redirect/*) lives in the shell. */
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
          <Route path="/sso" component={TokenLandingPage} />
          <Route path="/auth-redirect" component={TokenLandingPage} />
          <Route path="/formShortLink" component={FormShortLinkPage} />
          <Route path="/glyGmlogin" component={CustomerLoginPage} />
          <Route path="/glyGmlogin/register" component={CustomerRegisterPage} />
          <Route path="/glyGmlogin/setPass" component={CustomerSetPassPage} />
          <Route path={`${DATA_V_VIEW_PREFIX}:id`} component={DataVPage} />
          <Route path="/">
            <Redirect to="/home" replace />
          </Route>
          <Route>
            <Shell />
          </Route>
        </Switch>
      </Suspense>
    </Guard>
  );
}
