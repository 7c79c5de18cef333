import { Badge, Box, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { orderInfo } from '../../app/api/orders';
import type { MessageKey } from '../../runtime/i18n';
import { toChineseAmount } from '../../runtime/format/amount';
import { EntryResourceList, RenderersHost } from '../dynamic/DynamicPages';

/** The list descriptor the page shows when its menu entry names none. */
const ORDERS = 'business-orders';
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
function OrderDetail({ id }: { id: string }) {
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
        <Button variant="default" size="xs" onClick={() => go('/order')}>{t('ordersUi.back')}</Button>
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

/**
 * /order (我的订单): the orders a customer's organisation placed, or every organisation's for staff
 * (descriptor business-orders: 详情, 取消, 确认; the server decides who may). `?id=` shows one
 * order with its lines above the list.
 */
export default function OrderPage({ title, node }: PageProps) {
  const id = new URLSearchParams(useSearch()).get('id');
  return (
    <RenderersHost>
      <Box p="md" data-testid="orders-page">
        <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
        {id ? <Box mb="md"><OrderDetail id={id} /></Box> : null}
        <EntryResourceList node={node} fallback={ORDERS} />
      </Box>
    </RenderersHost>
  );
}
