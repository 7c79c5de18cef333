import { ActionIcon, Alert, Box, Button, Card, Group, Select, SimpleGrid, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { myFunds } from '../../app/api/funds';
import { orderableGoods, placeOrder } from '../../app/api/orders';
import { formatFen, parseYuan } from '../../runtime/money';
import { parseTonnes } from '../../runtime/weight';
import { toChineseAmount } from '../../runtime/format/amount';

interface CartLine {
  key: number;
  goodsId: string | null;
  tonnes: string;
}

/** kg × fen per tonne, half up: the server's amountOf, for the figures shown before submitting. */
const amountOf = (kg: number, price: number) => Math.round((kg * price) / 1000);

/**
 * /addOrder (发起订单): the order cart. Goods with their current price, a weight per line, the
 * line amounts and the total; the pool and credit the organisation has, and how much of the
 * total to take from credit (empty: the pool first). The server prices the order again and
 * refuses what the pool and credit cannot pay (docs/BUSINESS.md "Orders").
 */
export default function AddOrderPage({ title }: PageProps) {
  const t = useT();
  const goods = useQuery({ queryKey: ['orders', 'goods'], queryFn: orderableGoods });
  const funds = useQuery({ queryKey: ['funds', 'mine'], queryFn: myFunds });
  const [lines, setLines] = useState<CartLine[]>([{ key: 1, goodsId: null, tonnes: '' }]);
  const [credit, setCredit] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const byId = useMemo(() => new Map((goods.data ?? []).map((g) => [g.id, g])), [goods.data]);
  const options = useMemo(() => (goods.data ?? []).map((g) => ({ value: g.id, label: [g.fullName, g.spec, g.warehouseName].filter(Boolean).join(' · ') })), [goods.data]);

  const priced = lines.map((l) => {
    const g = l.goodsId ? byId.get(l.goodsId) : undefined;
    const kg = parseTonnes(l.tonnes);
    return { ...l, goods: g, kg, amount: g && kg ? amountOf(kg, g.price) : null };
  });
  const total = priced.reduce((sum, l) => sum + (l.amount ?? 0), 0);
  const available = funds.data?.available ?? 0;
  const creditAvailable = funds.data?.creditAvailable ?? 0;
  const creditFen = credit.trim() ? parseYuan(credit) : null;
  const creditPart = creditFen ?? Math.max(0, total - Math.min(total, available));
  const poolPart = total - creditPart;
  const short = total > 0 && (poolPart > available || creditPart > creditAvailable || poolPart < 0);
  const ready = total > 0 && priced.every((l) => l.goods && l.kg) && (credit.trim() === '' || creditFen !== null);
  const capitals = total > 0 ? toChineseAmount(total / 100) : null;

  const change = (key: number, patch: Partial<CartLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const submit = async () => {
    setBusy(true);
    try {
      const order = await placeOrder({
        lines: priced.map((l) => ({ goodsId: l.goodsId!, tonnes: l.tonnes.trim() })),
        ...(credit.trim() ? { creditAmount: credit.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      notifications.show({ color: 'green', message: t('orders.placed', { orderNo: order.orderNo }), autoClose: 2000 });
      go('/order');
    } catch {
      /* the client has shown the server's reason */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box p="md" data-testid="add-order">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('ordersUi.available')}</Text>
          <Text fw={700} data-testid="cart-available">¥ {formatFen(available)}</Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('ordersUi.creditAvailable')}</Text>
          <Text fw={700} data-testid="cart-credit-available">¥ {formatFen(creditAvailable)}</Text>
        </Card>
      </SimpleGrid>
      {goods.data && goods.data.length === 0 ? <Alert color="gray" mb="sm">{t('ordersUi.noGoods')}</Alert> : null}
      <Table withTableBorder mb="sm" data-testid="cart-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ordersUi.goods')}</Table.Th>
            <Table.Th w={150} style={{ textAlign: 'right' }}>{t('ordersUi.price')}</Table.Th>
            <Table.Th w={160}>{t('ordersUi.tonnes')}</Table.Th>
            <Table.Th w={160} style={{ textAlign: 'right' }}>{t('ordersUi.amount')}</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {priced.map((l, i) => (
            <Table.Tr key={l.key} data-cart-line={i}>
              <Table.Td>
                <Select data={options} value={l.goodsId} searchable placeholder={t('ordersUi.chooseGoods')} aria-label={t('ordersUi.goods')} data-cart="goods"
                  onChange={(v) => change(l.key, { goodsId: v })} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-cart="price">{l.goods ? l.goods.priceText : '—'}</Table.Td>
              <Table.Td>
                <TextInput value={l.tonnes} onChange={(e) => change(l.key, { tonnes: e.currentTarget.value })} aria-label={t('ordersUi.tonnes')} data-cart="tonnes"
                  error={l.tonnes.trim() && !l.kg ? t('orders.badWeight') : undefined} inputMode="decimal" />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} data-cart="amount">{l.amount === null ? '—' : formatFen(l.amount)}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t('ordersUi.removeLine')} disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}>×</ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button variant="default" size="xs" mb="md" disabled={lines.length >= 50} data-cart="add-line"
        onClick={() => setLines((all) => [...all, { key: Math.max(...all.map((l) => l.key)) + 1, goodsId: null, tonnes: '' }])}>
        {t('ordersUi.addLine')}
      </Button>
      <Card withBorder padding="sm" mb="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed">{t('ordersUi.total')}</Text>
            <Text fw={700} size="xl" data-testid="cart-total" data-fen={total}>¥ {formatFen(total)}</Text>
            {capitals?.ok ? <Text size="sm" c="dimmed" data-testid="cart-total-capitals">{capitals.text}</Text> : null}
          </div>
          <div style={{ minWidth: 260 }}>
            <TextInput label={t('ordersUi.creditPart')} description={t('ordersUi.creditHint')} value={credit} onChange={(e) => setCredit(e.currentTarget.value)} data-cart="credit"
              error={credit.trim() && creditFen === null ? t('orders.badCredit') : undefined} inputMode="decimal" />
            <Text size="sm" mt={4} data-testid="cart-pool-part">{t('ordersUi.poolPart')}: ¥ {formatFen(Math.max(0, poolPart))}</Text>
          </div>
        </Group>
      </Card>
      <Textarea label={t('ordersUi.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} mb="md" />
      {short ? <Alert color="orange" mb="sm" data-testid="cart-short">{t('ordersUi.short')}</Alert> : null}
      <Button onClick={() => void submit()} loading={busy} disabled={!ready} data-cart="submit">{t('ordersUi.submit')}</Button>
    </Box>
  );
}
