import { useState } from 'react';
import { Box, Button, Card, Group, Pagination, Select, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import type { MessageKey } from '../../runtime/i18n';
import type { PageProps } from '../../app/router/pages';
import { goodsList, recordReceipt, stockLedger, stockList, warehouses, type StockRow } from '../../app/api/goods';
import { useManagesGoods } from './useManagesGoods';

const PAGE = 20;
const when = (ms: number) => new Date(ms).toLocaleString();

function Receipt({ onDone }: { onDone: () => void }) {
  const t = useT();
  const houses = useQuery({ queryKey: ['goods', 'warehouses'], queryFn: warehouses });
  const goods = useQuery({ queryKey: ['goods', 'all'], queryFn: () => goodsList({}) });
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [goodsId, setGoodsId] = useState<string | null>(null);
  const [tonnes, setTonnes] = useState('');
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => recordReceipt({ warehouseId: warehouseId!, goodsId: goodsId!, tonnes: tonnes.trim(), note: note.trim() || undefined }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('goods.received'), autoClose: 1500 });
      setTonnes('');
      setNote('');
      onDone();
    },
  });
  return (
    <Card withBorder padding="sm" mb="md" data-testid="stock-receipt">
      <Text fw={600} mb="xs">{t('goodsUi.receipt')}</Text>
      <Group align="end" wrap="wrap">
        <Select size="xs" label={t('goodsUi.warehouse')} data={(houses.data?.list ?? []).map((w) => ({ value: w.id, label: w.fullName }))} value={warehouseId} onChange={setWarehouseId} w={180} data-testid="receipt-warehouse" />
        <Select size="xs" label={t('goodsUi.goods')} searchable data={(goods.data?.list ?? []).map((g) => ({ value: g.id, label: g.fullName }))} value={goodsId} onChange={setGoodsId} w={240} data-testid="receipt-goods" />
        <TextInput size="xs" label={t('goodsUi.tonnes')} value={tonnes} onChange={(e) => setTonnes(e.currentTarget.value)} w={140} data-testid="receipt-tonnes" />
        <TextInput size="xs" label={t('goodsUi.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} w={220} />
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={!warehouseId || !goodsId || !tonnes.trim()} data-testid="receipt-save">{t('goodsUi.save')}</Button>
      </Group>
    </Card>
  );
}

function Ledger({ place }: { place: StockRow }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const ledger = useQuery({ queryKey: ['goods', 'ledger', place.id, place.kg, page], queryFn: () => stockLedger(place.id, page), placeholderData: keepPreviousData });
  const total = ledger.data?.pagination.total ?? 0;
  return (
    <Card withBorder padding="sm" data-testid="stock-ledger">
      <Text fw={600} mb="xs">{t('goodsUi.ledger')}: {place.warehouseName} · {place.goodsName}</Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('goodsUi.time')}</Table.Th>
            <Table.Th>{t('goodsUi.kind')}</Table.Th>
            <Table.Th ta="right">{t('goodsUi.delta')}</Table.Th>
            <Table.Th ta="right">{t('goodsUi.after')}</Table.Th>
            <Table.Th>{t('goodsUi.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(ledger.data?.list ?? []).map((r) => (
            <Table.Tr key={r.id} data-testid="ledger-row">
              <Table.Td>{when(r.createdAt)}</Table.Td>
              <Table.Td>{t(`goodsUi.kind.${r.kind}` as MessageKey)}</Table.Td>
              <Table.Td ta="right" data-cell="deltaText">{r.deltaText}</Table.Td>
              <Table.Td ta="right" data-cell="afterText">{r.afterText}</Table.Td>
              <Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > 50 ? <Pagination mt="xs" size="sm" total={Math.ceil(total / 50)} value={page} onChange={setPage} /> : null}
    </Card>
  );
}

/**
 * /inventory (库存): what each warehouse holds of each good, in tonnes, and the chosen place's
 * ledger; staff with business.goods:manage record receipts (docs/BUSINESS.md "Inventory").
 */
export default function InventoryPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const manages = useManagesGoods();
  const houses = useQuery({ queryKey: ['goods', 'warehouses'], queryFn: warehouses });
  const [keyword, setKeyword] = useState('');
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const stock = useQuery({
    queryKey: ['goods', 'stock', keyword, warehouseId, page],
    queryFn: () => stockList({ keyword: keyword.trim() || undefined, warehouseId: warehouseId ?? undefined, currentPage: page, pageSize: PAGE }),
    placeholderData: keepPreviousData,
  });
  const list = stock.data?.list ?? [];
  const place = list.find((s) => s.id === chosen) ?? null;
  const total = stock.data?.pagination.total ?? 0;
  return (
    <Box p="md" data-testid="inventory">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      {manages ? <Receipt onDone={() => void client.invalidateQueries({ queryKey: ['goods', 'stock'] })} /> : null}
      <Group mb="sm" align="end">
        <TextInput size="xs" label={t('goodsUi.keyword')} value={keyword} onChange={(e) => (setKeyword(e.currentTarget.value), setPage(1))} w={200} data-testid="stock-keyword" />
        <Select size="xs" label={t('goodsUi.warehouse')} placeholder={t('goodsUi.all')} clearable data={(houses.data?.list ?? []).map((w) => ({ value: w.id, label: w.fullName }))} value={warehouseId} onChange={(v) => (setWarehouseId(v), setPage(1))} w={180} />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Box>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('goodsUi.warehouse')}</Table.Th>
                <Table.Th>{t('goodsUi.category')}</Table.Th>
                <Table.Th>{t('goodsUi.goods')}</Table.Th>
                <Table.Th>{t('goodsUi.spec')}</Table.Th>
                <Table.Th ta="right">{t('goodsUi.stock')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={s.id} data-testid="stock-row" aria-selected={s.id === chosen} onClick={() => setChosen(s.id)} style={{ cursor: 'pointer', boxShadow: s.id === chosen ? 'inset 4px 0 0 var(--mantine-primary-color-filled)' : undefined }}>
                  <Table.Td>{s.warehouseName}</Table.Td>
                  <Table.Td>{s.category}</Table.Td>
                  <Table.Td data-cell="goodsName">{s.goodsName}</Table.Td>
                  <Table.Td>{s.spec}</Table.Td>
                  <Table.Td ta="right" fw={600} data-cell="tonnesText">{s.tonnesText}</Table.Td>
                </Table.Tr>
              ))}
              {!list.length && !stock.isLoading ? (
                <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" size="sm">{t('goodsUi.empty')}</Text></Table.Td></Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          {total > PAGE ? <Pagination mt="xs" size="sm" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} /> : null}
        </Box>
        {place ? <Ledger place={place} /> : <Text c="dimmed" size="sm">{t('goodsUi.chooseRow')}</Text>}
      </SimpleGrid>
    </Box>
  );
}
