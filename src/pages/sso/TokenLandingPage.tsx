import { useEffect } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import { go } from '../../app/router/navigation';
import { adoptToken, setLock } from '../../app/session/session';
import { PublicFrame } from '../customer/PublicFrame';

/** /sso and /auth-redirect: accept a token from the query, store it and go home. */
export default function TokenLandingPage() {
  const t = useT();
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  useEffect(() => {
    if (!token) return;
    setLock(false);
    adoptToken(token);
    go('/home', { replace: true });
  }, [token]);
  if (token) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  return (
    <PublicFrame title={t('sso.title')} testId="sso-page">
      <Alert color="yellow" data-testid="sso-missing">
        {t('sso.tokenMissing')}
      </Alert>
    </PublicFrame>
  );
}
