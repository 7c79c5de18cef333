import { Anchor, Container } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useT } from '../../app/i18n';
import { UnderConstruction } from './UnderConstruction';

/** Public routes of spec 2.1 that have no page yet (/sso, /auth-redirect, /glyGmlogin …). */
export function PublicUnderConstruction() {
  const t = useT();
  const [path] = useLocation();
  return (
    <Container size="sm" py="xl">
      <UnderConstruction title={path} address={path} kind={t('kind.fixed')} />
      <Anchor component={Link} href="/guide">
        {t('login.backToGuide')}
      </Anchor>
    </Container>
  );
}
