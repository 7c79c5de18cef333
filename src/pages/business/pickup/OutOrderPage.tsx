import { useState } from 'react';
import { Box, Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { confirmOutbound, pickups, receivers, transfer, transfers, waitGoods, type Pickup } from '../../../app/api/pickup';
import { PickupTable, said, useHasCode } from './parts';

/** Staff: the actual weight of each line of one requested pickup (prefilled with the planned). */
function ConfirmForm({ pickup, onDone }: { pickup: Pickup; onDone: () => void }) {
  const t = useT();
  const [actual, setActual] = useState<Record<string, string>>(Object.fromEntries(pickup.lines.map((l) => [l.id, l.plannedText])));
  const submit = useMutation({ mutationFn: () => confirmOutbound(pickup.id, pickup.lines.map((l) => ({ id: l.id, tonnes: actual[l.id] ?? '' }))), onSuccess: (msg) => { said(msg); onDone(); } });
  return (
    <Card withBorder mb="md" data-testid="confirm-form">
      <Text fw={600} mb="xs">{t('pickupUi.confirmOutbound')} {pickup.pickupNo}</Text>
      {pickup.lines.map((l) => (
        <Group key={l.id} mb={4}>
          <Text size="sm" w={360}>{`${l.orderNo} ${l.goodsName} ${l.spec} · ${l.warehouseName} · ${t('pickupUi.planned')} ${l.plannedText}`}</Text>
          <TextInput aria-label={t('pickupUi.actualTonnes')} placeholder={t('pickupUi.actualTonnes')} value={actual[l.id] ?? ''} data-testid={`actual-${l.id}`} onChange={(e) => setActual({ ...actual, [l.id]: e.currentTarget.value })} />
        </Group>
      ))}
      <Group justify="flex-end"><Button loading={submit.isPending} onClick={() => submit.mutate()} data-testid="confirm-submit">{t('pickupUi.confirmOutbound')}</Button></Group>
    </Card>
  );
}

/** Customers: transfer undrawn goods of one pool row to another customer organisation. */
function TransferForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const pool = useQuery({ queryKey: ['pickup', 'pool'], queryFn: waitGoods });
  const others = useQuery({ queryKey: ['pickup', 'receivers'], queryFn: receivers });
  const [row, setRow] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [weight, setWeight] = useState('');
  const submit = useMutation({ mutationFn: () => transfer(row ?? '', to ?? '', weight), onSuccess: (msg) => { said(msg); setWeight(''); onDone(); } });
  if (!others.data) return null;
  return (
    <Card withBorder mb="md" data-testid="transfer-form">
      <Text fw={600} mb="xs">{t('pickupUi.transfer')}</Text>
      <Group grow align="flex-end">
        <Select label={t('pickupUi.goods')} value={row} onChange={setRow} data-testid="transfer-row" data={(pool.data?.list ?? []).filter((r) => r.mine && r.kgLeft > 0).map((r) => ({ value: r.id, label: `${r.orderNo} ${r.goodsName} ${r.spec}（${t('pickupUi.left')} ${r.leftText}）` }))} />
        <Select label={t('pickupUi.receiver')} value={to} onChange={setTo} data-testid="transfer-receiver" data={others.data.map((o) => ({ value: o.id, label: o.fullName }))} />
        <TextInput label={t('pickupUi.tonnes')} value={weight} onChange={(e) => setWeight(e.currentTarget.value)} data-testid="transfer-tonnes" />
        <Button disabled={!row || !to} loading={submit.isPending} onClick={() => submit.mutate()} data-testid="transfer-submit">{t('pickupUi.transfer')}</Button>
      </Group>
    </Card>
  );
}

/**
 * /outOrder (出库/货转): staff with outbound management confirm requested pickups with the actual
 * weights; everyone sees the outbound history and the transfers sent and received; customers transfer.
 */
export default function OutOrderPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const staff = useHasCode('business.outbound:manage');
  const waiting = useQuery({ queryKey: ['pickup', 'list', 1], queryFn: () => pickups(1), enabled: staff });
  const history = useQuery({ queryKey: ['pickup', 'list', 2], queryFn: () => pickups(2) });
  const moved = useQuery({ queryKey: ['pickup', 'transfers'], queryFn: transfers });
  const [confirming, setConfirming] = useState<Pickup | null>(null);
  const refresh = () => { setConfirming(null); void client.invalidateQueries({ queryKey: ['pickup'] }); };
  return (
    <Box p="md" data-testid="out-order">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      {staff ? (
        <>
          <Title order={5} mb="xs">{t('pickupUi.outbound')}</Title>
          {confirming ? <ConfirmForm key={confirming.id} pickup={confirming} onDone={refresh} /> : null}
          <PickupTable testId="outbound-waiting" list={waiting.data?.list ?? []} action={(p) => <Button size="xs" onClick={() => setConfirming(p)} data-testid={`confirm-open-${p.pickupNo}`}>{t('pickupUi.confirmOutbound')}</Button>} />
        </>
      ) : null}
      <Title order={5} mt="md" mb="xs">{t('pickupUi.history')}</Title>
      <PickupTable testId="outbound-history" list={history.data?.list ?? []} />
      <Title order={5} mt="md" mb="xs">{t('pickupUi.transfers')}</Title>
      <TransferForm onDone={refresh} />
      {(moved.data?.list ?? []).length === 0 ? <Text c="dimmed" size="sm">{t('pickupUi.empty')}</Text> : (
        <Table striped withTableBorder data-testid="transfers">
          <Table.Thead><Table.Tr>
            <Table.Th>{t('pickupUi.direction')}</Table.Th><Table.Th>{t('pickupUi.sender')}</Table.Th><Table.Th>{t('pickupUi.receiver')}</Table.Th>
            <Table.Th>{t('pickupUi.orderNo')}</Table.Th><Table.Th>{t('pickupUi.goods')}</Table.Th><Table.Th>{t('pickupUi.tonnes')}</Table.Th><Table.Th>{t('pickupUi.time')}</Table.Th>
          </Table.Tr></Table.Thead>
          <Table.Tbody>
            {(moved.data?.list ?? []).map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{t(x.direction === 'sent' ? 'pickupUi.sent' : 'pickupUi.received')}</Table.Td><Table.Td>{x.senderName}</Table.Td><Table.Td>{x.receiverName}</Table.Td>
                <Table.Td>{x.orderNo}</Table.Td><Table.Td>{`${x.goodsName} ${x.spec}`}</Table.Td><Table.Td>{x.tonnesText}</Table.Td><Table.Td>{new Date(x.createdAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
