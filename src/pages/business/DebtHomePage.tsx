import { Alert, Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { debtOf } from '../../app/api/debts';
import type { MessageKey } from '../../runtime/i18n';

const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD');

/**
 * /debtHome (我的欠款, issue 21 item 3): what the caller's organisation owes on its credit line:
 * used and available, the bills still owed by due date with the overdue ones in red, and the
 * repayments. The spec lets it be opened with ?token= (the guard takes it, as for /home).
 */
export default function DebtHomePage({ title }: PageProps) {
  const t = useT();
  const debt = useQuery({ queryKey: ['debts'], queryFn: debtOf, retry: false });
  const d = debt.data;
  const figures: [MessageKey, string, string?][] = d ? [
    ['debts.used', d.creditUsedText], ['debts.available', d.creditAvailableText], ['debts.limit', d.creditLimitText],
    ['debts.overdue', d.overdueText, d.overdue > 0 ? 'red' : undefined], ['debts.dueSoon', d.dueSoonText],
  ] : [];
  return (
    <Box p="md" data-testid="debt-home-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      {debt.isError ? <Text c="red">{(debt.error as Error).message}</Text> : null}
      {d ? (
        <Stack gap="lg">
          <Text c="dimmed" size="sm">{t('debts.termNote', { organisation: d.organizeName, days: d.termDays })}</Text>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {figures.map(([k, v, color]) => (
              <Card withBorder padding="sm" key={k}>
                <Text size="xs" c="dimmed">{t(k)}</Text>
                <Text fw={700} c={color} data-testid={`debt-${k.split('.')[1]}`}>¥ {v}</Text>
              </Card>
            ))}
          </SimpleGrid>
          {d.overdueCount > 0 ? <Alert color="red" data-testid="debt-overdue-alert">{t('debts.overdueAlert', { count: d.overdueCount, amount: d.overdueText })}</Alert> : null}
          <Box component="section" aria-label={t('debts.bills')}>
            <Title order={5} mb="xs">{t('debts.bills')}</Title>
            {d.bills.length === 0 ? <Text c="dimmed" size="sm" data-testid="debt-no-bills">{t('debts.noBills')}</Text> : (
              <Table withTableBorder striped data-testid="debt-bills">
                <Table.Thead>
                  <Table.Tr>
                    {(['debts.orderNo', 'debts.date', 'debts.dueAt', 'debts.amount', 'debts.repaid', 'debts.outstanding', 'debts.state'] as MessageKey[]).map((k) => <Table.Th key={k}>{t(k)}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.bills.map((b, i) => (
                    <Table.Tr key={`${b.orderId}-${i}`} data-overdue={b.overdue ? 'true' : undefined} style={b.overdue ? { color: 'var(--mantine-color-red-7)' } : undefined}>
                      <Table.Td>{b.orderId ? <Anchor component="button" size="sm" onClick={() => go(`/info?id=${encodeURIComponent(b.orderId!)}`)}>{b.orderNo}</Anchor> : '—'}</Table.Td>
                      <Table.Td>{day(b.date)}</Table.Td>
                      <Table.Td>{day(b.dueAt)}</Table.Td>
                      <Table.Td>{b.amountText}</Table.Td>
                      <Table.Td>{b.repaidText}</Table.Td>
                      <Table.Td fw={600}>{b.outstandingText}</Table.Td>
                      <Table.Td>{b.overdue ? <Badge color="red">{t('debts.overdueDays', { days: b.daysOverdue })}</Badge> : <Badge color="gray" variant="light">{t('debts.notDue')}</Badge>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Box>
          <Box component="section" aria-label={t('debts.repayments')}>
            <Title order={5} mb="xs">{t('debts.repayments')}</Title>
            {d.repayments.length === 0 ? <Text c="dimmed" size="sm">{t('debts.noRepayments')}</Text> : (
              <Table withTableBorder data-testid="debt-repayments">
                <Table.Tbody>
                  {d.repayments.map((r, i) => (
                    <Table.Tr key={i}><Table.Td>{dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss')}</Table.Td><Table.Td>¥ {r.amountText}</Table.Td><Table.Td>{r.note ?? ''}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Box>
          <Group><Anchor component="button" size="sm" onClick={() => go('/credit')}>{t('debts.toCredit')}</Anchor></Group>
        </Stack>
      ) : null}
    </Box>
  );
}
