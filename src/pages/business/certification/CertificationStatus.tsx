import { Alert, Badge } from '@mantine/core';
import { useT } from '../../../app/i18n';
import type { Certification } from '../../../app/api/certification';
import type { MessageKey } from '../../../runtime/i18n';

const COLORS: Record<string, string> = { none: 'gray', '0': 'gray', '1': 'blue', '2': 'green', '3': 'red' };

/** 未认证 / 审核中 / 已认证 / 已驳回: the status's name (a certified organisation reads 已认证 while a change waits). */
export function statusKey(c: Pick<Certification, 'status' | 'certified'>): MessageKey {
  if (c.certified && c.status !== 3) return c.status === 1 ? 'certification.status.1' : 'certification.status.2';
  return c.status === null ? 'certification.status.none' : (`certification.status.${c.status}` as MessageKey);
}

export function StatusBadge({ certification }: { certification: Pick<Certification, 'status' | 'certified'> }) {
  const t = useT();
  const key = statusKey(certification);
  return <Badge color={COLORS[key.split('.').pop()!] ?? 'gray'} variant="light" data-testid="certification-status">{t(key)}</Badge>;
}

/** The banner above the customer's form: where the certification stands and what to do next. */
export function StatusBanner({ certification: c }: { certification: Certification }) {
  const t = useT();
  const [color, text] =
    c.status === 3 ? ['red', t('certification.banner.rejected', { reason: c.reason ?? '' })]
    : c.certified && c.status !== 2 ? ['green', t('certification.banner.changing')]
    : c.status === 2 ? ['green', t('certification.banner.approved')]
    : c.status === 1 ? ['blue', t('certification.banner.pending')]
    : c.status === 0 ? ['gray', t('certification.banner.draft')]
    : ['yellow', t('certification.banner.none')];
  return (
    <Alert color={color} title={<StatusBadge certification={c} />} data-testid="certification-banner">
      {text}
    </Alert>
  );
}
