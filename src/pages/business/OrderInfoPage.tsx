import { Badge, Box, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { orderTrace, type OrderTrace } from '../../app/api/orders';
import type { MessageKey } from '../../runtime/i18n';
import { OrderDetail } from './OrderDetail';

const when = (ms: number | null) => (ms === null ? '' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));

function Section({ title, testId, empty, children }: { title: string; testId: string; empty: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Title order={5} mb="xs">{title}</Title>
      {empty ? <Text c="dimmed" size="sm">{t('orderInfo.none')}</Text> : children}
    </Box>
  );
}

/** A table with a header row of message keys, and its rows. */
function Grid({ head, rows }: { head: MessageKey[]; rows: ReactNode[][] }) {
  const t = useT();
  return (
    <Table withTableBorder striped>
      <Table.Thead><Table.Tr>{head.map((k) => <Table.Th key={k}>{t(k)}</Table.Th>)}</Table.Tr></Table.Thead>
      <Table.Tbody>{rows.map((r, i) => <Table.Tr key={i}>{r.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>)}</Table.Tbody>
    </Table>
  );
}

function Trace({ trace }: { trace: OrderTrace }) {
  const t = useT();
  const s = trace.settlement;
  return (
    <Stack gap="lg">
      <Section title={t('orderInfo.pickups')} testId="order-info-pickups" empty={trace.pickups.length === 0}>
        <Grid
          head={['orderInfo.pickupNo', 'pickupUi.status', 'orderInfo.vehicle', 'orderInfo.goods', 'orderInfo.tonnes', 'orderInfo.actualTonnes', 'orderInfo.outAt']}
          rows={trace.pickups.flatMap((p) => p.lines.map((l, i) => [
            i === 0 ? p.pickupNo : '', i === 0 ? <Badge variant="light">{t(`pickupUi.status${p.status}` as MessageKey)}</Badge> : '', i === 0 ? `${p.vehicle} ${p.driver}` : '',
            l.goodsName, l.tonnes, l.actualTonnes, i === 0 ? when(p.confirmedAt) : '',
          ]))}
        />
      </Section>
      {trace.transfers.length ? (
        <Section title={t('orderInfo.transfers')} testId="order-info-transfers" empty={false}>
          <Grid head={['orderInfo.goods', 'orderInfo.tonnes', 'orderInfo.transferredTo', 'orderInfo.time']} rows={trace.transfers.map((x) => [x.goodsName, x.tonnes, x.toName, when(x.createdAt)])} />
        </Section>
      ) : null}
      <Section title={t('orderInfo.settlement')} testId="order-info-settlement" empty={!s}>
        {s ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {([
              ['orderInfo.ordered', `¥ ${s.orderedText} / ${s.orderedTonnes} t`], ['orderInfo.actual', `¥ ${s.actualText} / ${s.actualTonnes} t`],
              ['orderInfo.deducted', `¥ ${s.deductedText}`], ['orderInfo.released', `¥ ${s.releasedText}`], ['orderInfo.charged', `¥ ${s.chargedText}`],
              ['orderInfo.creditKept', `¥ ${s.creditKeptText}`], ['orderInfo.creditReleased', `¥ ${s.creditReleasedText}`], ['orderInfo.settledAt', when(s.createdAt)],
            ] as [MessageKey, string][]).map(([k, v]) => (
              <Card withBorder padding="xs" key={k}><Text size="xs" c="dimmed">{t(k)}</Text><Text fw={600} data-testid={`order-info-${k.split('.')[1]}`}>{v}</Text></Card>
            ))}
          </SimpleGrid>
        ) : null}
      </Section>
      <Section title={t('orderInfo.invoices')} testId="order-info-invoices" empty={trace.invoices.length === 0}>
        <Grid
          head={['orderInfo.invoiceNo', 'orderInfo.invoiceTitle', 'orderInfo.amount', 'pickupUi.status', 'orderInfo.time']}
          rows={trace.invoices.map((i) => [i.invoiceNo, i.title, i.amountText, `${t(`orderInfo.invoiceStatus${i.status}` as MessageKey)}${i.reason ? `（${i.reason}）` : ''}`, when(i.createdAt)])}
        />
      </Section>
      <Section title={t('orderInfo.ledger')} testId="order-info-ledger" empty={trace.ledger.length === 0}>
        <Grid
          head={['orderInfo.kind', 'orderInfo.balance', 'orderInfo.frozen', 'orderInfo.creditUsed', 'orderInfo.time']}
          rows={trace.ledger.map((l) => [t(`funds.kind.${l.kind}` as MessageKey), l.balanceDeltaText, l.frozenDeltaText, l.creditUsedDeltaText, when(l.createdAt)])}
        />
      </Section>
    </Stack>
  );
}

/**
 * /info (详情, issue 21 item 4): the full detail of one order (`?id=`): its lines and amounts, then
 * the pickups that drew its goods with the outbound weights, transfers, its settlement, invoices
 * and capital-pool ledger rows. The server limits it to the caller's ordering scope.
 */
export default function OrderInfoPage({ title }: PageProps) {
  const t = useT();
  const id = new URLSearchParams(useSearch()).get('id');
  const trace = useQuery({ queryKey: ['orders', 'trace', id], queryFn: () => orderTrace(id!), enabled: !!id, retry: false });
  return (
    <Box p="md" data-testid="order-info-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      {!id ? <Text c="dimmed">{t('orderInfo.noOrder')}</Text> : (
        <Stack gap="lg">
          <OrderDetail id={id} />
          {trace.data ? <Trace trace={trace.data} /> : null}
        </Stack>
      )}
    </Box>
  );
}
