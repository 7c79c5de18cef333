import { useState } from 'react';
import { Box, Button, Card, Checkbox, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { requestPickup, waitGoods, type PoolRow } from '../../../app/api/pickup';
import { HeadFields, said, useHead } from './parts';

/**
 * /waitGoods (待提货池): the organisation's goods awaiting pickup (staff with outbound management:
 * everyone's); a customer ticks rows and 提货 opens the pickup form with a weight per chosen row.
 */
export default function WaitGoodsPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const pool = useQuery({ queryKey: ['pickup', 'pool'], queryFn: waitGoods });
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  const head = useHead();
  const rows = pool.data?.list ?? [];
  const picked = rows.filter((r) => chosen[r.id] !== undefined);
  const toggle = (r: PoolRow) => setChosen((c) => {
    const next = { ...c };
    if (next[r.id] === undefined) next[r.id] = r.leftText;
    else delete next[r.id];
    return next;
  });
  const submit = useMutation({
    mutationFn: () => requestPickup(head.value(), picked.map((r) => ({ waitGoodsId: r.id, tonnes: chosen[r.id] ?? '' }))),
    onSuccess: (msg) => {
      said(msg);
      setChosen({});
      setOpen(false);
      void client.invalidateQueries({ queryKey: ['pickup'] });
    },
  });
  return (
    <Box p="md" data-testid="wait-goods">
      <Group justify="space-between" mb="sm">
        <Title order={4} data-testid="page-title">{title}</Title>
        <Button disabled={picked.length === 0} onClick={() => setOpen(true)} data-testid="pickup-open">{t('pickupUi.pickupSelected', { n: picked.length })}</Button>
      </Group>
      {open && picked.length > 0 ? (
        <Card withBorder mb="md" data-testid="pickup-form">
          <HeadFields state={head} />
          <Table mt="sm">
            <Table.Tbody>
              {picked.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{`${r.orderNo} ${r.goodsName} ${r.spec} · ${r.warehouseName}`}</Table.Td>
                  <Table.Td>{t('pickupUi.left')}: {r.leftText}</Table.Td>
                  <Table.Td><TextInput aria-label={t('pickupUi.tonnes')} placeholder={t('pickupUi.tonnes')} value={chosen[r.id] ?? ''} data-testid={`pickup-tonnes-${r.id}`} onChange={(e) => setChosen({ ...chosen, [r.id]: e.currentTarget.value })} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setOpen(false)}>{t('pickupUi.cancel')}</Button>
            <Button loading={submit.isPending} onClick={() => submit.mutate()} data-testid="pickup-submit">{t('pickupUi.submit')}</Button>
          </Group>
        </Card>
      ) : null}
      {pool.isPending ? null : rows.length === 0 ? <Text c="dimmed" data-testid="wait-goods-empty">{t('pickupUi.empty')}</Text> : (
        <Table striped withTableBorder data-testid="wait-goods-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th /><Table.Th>{t('pickupUi.orderNo')}</Table.Th><Table.Th>{t('pickupUi.goods')}</Table.Th><Table.Th>{t('pickupUi.category')}</Table.Th>
              <Table.Th>{t('pickupUi.spec')}</Table.Th><Table.Th>{t('pickupUi.warehouse')}</Table.Th><Table.Th>{t('pickupUi.organisation')}</Table.Th>
              <Table.Th>{t('pickupUi.total')}</Table.Th><Table.Th>{t('pickupUi.reserved')}</Table.Th><Table.Th>{t('pickupUi.left')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid={`pool-row-${r.orderNo}`}>
                <Table.Td>{r.mine && r.kgLeft > 0 ? <Checkbox aria-label={t('pickupUi.pickup')} checked={chosen[r.id] !== undefined} onChange={() => toggle(r)} data-testid={`pool-pick-${r.id}`} /> : null}</Table.Td>
                <Table.Td>{r.orderNo}</Table.Td><Table.Td>{r.goodsName}</Table.Td><Table.Td>{r.category}</Table.Td><Table.Td>{r.spec}</Table.Td>
                <Table.Td>{r.warehouseName}</Table.Td><Table.Td>{r.organizeName}</Table.Td>
                <Table.Td>{r.totalText}</Table.Td><Table.Td data-cell="reserved">{r.reservedText}</Table.Td><Table.Td data-cell="left">{r.leftText}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
