import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import { go } from '../../app/router/navigation';
import { orderInfo } from '../../app/api/orders';
import type { MessageKey } from '../../runtime/i18n';
import { toChineseAmount } from '../../runtime/format/amount';

const STATUS_COLOR = { 1: 'blue', 2: 'teal', 3: 'gray', 4: 'violet' } as const;

function Figure({ label, text, testId }: { label: string; text: string; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} data-testid={testId}>{text ? `¥ ${text}` : '—'}</Text>
    </Card>
  );
}

/** One order with its lines (goods, tonnes, price, amount) and the total in Chinese capitals. */
export function OrderDetail({ id, back = '/order', extra }: { id: string; back?: string; extra?: ReactNode }) {
  const t = useT();
  const order = useQuery({ queryKey: ['orders', 'info', id], queryFn: () => orderInfo(id), retry: false });
  const o = order.data;
  const capitals = o ? toChineseAmount(o.amount / 100) : null;
  return (
    <Box data-testid="order-detail">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={700}>{t('ordersUi.detail')}</Text>
          {o ? <Text data-testid="order-detail-no">{o.orderNo}</Text> : null}
          {o ? <Badge color={STATUS_COLOR[o.status]} data-testid="order-detail-status">{t(`ordersUi.status${o.status}` as MessageKey)}</Badge> : null}
          {o ? <Text c="dimmed" size="sm">{o.organizeName}</Text> : null}
        </Group>
        <Group gap="xs">
          {extra}
          <Button variant="default" size="xs" onClick={() => go(back)}>{t('ordersUi.back')}</Button>
        </Group>
      </Group>
      {order.isError ? <Text c="red">{t('orders.notFound')}</Text> : null}
      {o ? (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">{t('ordersUi.total')}</Text>
              <Text fw={700} data-testid="order-detail-total">¥ {o.amountText}</Text>
              {capitals?.ok ? <Text size="xs" c="dimmed">{capitals.text}</Text> : null}
            </Card>
            <Figure label={t('ordersUi.poolPart')} text={o.poolAmountText} />
            <Figure label={t('ordersUi.creditPart')} text={o.creditAmountText} />
            <Figure label={t('ordersUi.settled')} text={o.settledAmountText} />
          </SimpleGrid>
          <Table withTableBorder data-testid="order-detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ordersUi.goods')}</Table.Th>
                <Table.Th>{t('ordersUi.warehouse')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('ordersUi.tonnes')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('ordersUi.price')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('ordersUi.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{[l.goodsName, l.spec].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{l.warehouseName}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{l.tonnes}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{l.priceText}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{l.amountText}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {o.note ? <Text size="sm" mt="sm">{t('ordersUi.note')}: {o.note}</Text> : null}
        </>
      ) : null}
    </Box>
  );
}
