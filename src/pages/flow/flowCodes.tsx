import { Badge } from '@mantine/core';
import { useT } from '../../app/i18n';
import type { MessageKey } from '../../runtime/i18n';

/** Spec 3's codes as words: urgency 1–3, flow status 1–5, approval handle 0–9. */
const URGENT_COLOR: Record<number, string> = { 1: 'gray', 2: 'orange', 3: 'red' };
const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'teal', 3: 'red', 4: 'gray', 5: 'dark' };

export const urgentKey = (urgent: number) => `flowUi.urgent${[1, 2, 3].includes(urgent) ? urgent : 1}` as MessageKey;
export const handleKey = (handle: number) => `flowUi.handle${handle}` as MessageKey;

/**
 * A waiting flow with no active step was returned to its initiator (status stays 1, spec 3
 * has no code of its own for it): shown as 已退回.
 */
export function statusKey(status: number, returned = false): MessageKey {
  if (status === 1 && returned) return 'flowUi.returned';
  return `flowUi.status${[1, 2, 3, 4, 5].includes(status) ? status : 1}` as MessageKey;
}

export function UrgentBadge({ urgent }: { urgent: number }) {
  const t = useT();
  return (
    <Badge color={URGENT_COLOR[urgent] ?? 'gray'} variant="light" data-urgent={urgent}>
      {t(urgentKey(urgent))}
    </Badge>
  );
}

export function StatusBadge({ status, returned }: { status: number; returned?: boolean }) {
  const t = useT();
  return (
    <Badge color={returned ? 'orange' : (STATUS_COLOR[status] ?? 'gray')} variant="filled" data-status={status} data-testid="flow-status">
      {t(statusKey(status, returned))}
    </Badge>
  );
}

/** Dates as the shell writes them: local, to the minute. */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
