import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, Group, SegmentedControl, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { myAlerts, priceHistory, priceMonitor, removeAlert, setAlert, type MonitorRow } from '../../app/api/goods';
import { formatFen } from '../../runtime/money';

/** Chinese markets show a rise in red and a fall in green. */
const trendColor = (change: number | null) => (change === null || change === 0 ? undefined : change > 0 ? 'red.9' : 'green.9');
const day = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function PriceChart({ good }: { good: MonitorRow }) {
  const t = useT();
  const history = useQuery({ queryKey: ['goods', 'price', good.id], queryFn: () => priceHistory(good.id) });
  // yuan for the axis only: the figures people read come from the server as text
  const data = useMemo(() => (history.data?.list ?? []).map((p) => ({ date: day(p.createdAt), price: p.price / 100 })), [history.data]);
  return (
    <Card withBorder padding="sm" data-testid="price-chart" data-points={data.length}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('goodsUi.history')}: {good.fullName}</Text>
        <Text size="sm" c="dimmed">{good.material ?? ''} {good.spec ?? ''} · {good.warehouseName}</Text>
      </Group>
      {data.length ? (
        <LineChart h={260} data={data} dataKey="date" series={[{ name: 'price', label: t('goodsUi.latest'), color: 'blue.6' }]} curveType="linear" yAxisProps={{ domain: ['auto', 'auto'] }} valueFormatter={(v) => formatFen(Math.round(v * 100))} />
      ) : (
        <Text c="dimmed" size="sm">{t('goodsUi.noPrice')}</Text>
      )}
    </Card>
  );
}

function Alerts({ good }: { good: MonitorRow | null }) {
  const t = useT();
  const client = useQueryClient();
  const alerts = useQuery({ queryKey: ['goods', 'alerts'], queryFn: myAlerts });
  const [direction, setDirection] = useState<'above' | 'below'>('above');
  const [threshold, setThreshold] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['goods', 'alerts'] });
  const save = useMutation({
    mutationFn: () => setAlert({ goodsId: good!.id, direction, threshold: threshold.trim() }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('goods.alertSaved'), autoClose: 1500 });
      setThreshold('');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: removeAlert, onSuccess: () => void refresh() });
  return (
    <Card withBorder padding="sm" data-testid="price-alerts">
      <Text fw={600} mb="xs">{t('goodsUi.alerts')}</Text>
      {good ? (
        <Group align="end" mb="sm" wrap="wrap">
          <Text size="sm">{good.fullName}</Text>
          <SegmentedControl size="xs" value={direction} onChange={(v) => setDirection(v as 'above' | 'below')} data={[{ value: 'above', label: t('goodsUi.above') }, { value: 'below', label: t('goodsUi.below') }]} data-testid="alert-direction" />
          <TextInput size="xs" label={t('goodsUi.threshold')} value={threshold} onChange={(e) => setThreshold(e.currentTarget.value)} data-testid="alert-threshold" w={160} />
          <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={!threshold.trim()} data-testid="alert-save">{t('goodsUi.setAlert')}</Button>
        </Group>
      ) : null}
      {alerts.data?.list.length ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('goodsUi.goods')}</Table.Th>
              <Table.Th>{t('goodsUi.direction')}</Table.Th>
              <Table.Th ta="right">{t('goodsUi.threshold')}</Table.Th>
              <Table.Th>{t('goodsUi.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {alerts.data.list.map((a) => (
              <Table.Tr key={a.id} data-testid="alert-row">
                <Table.Td>{a.goodsName}</Table.Td>
                <Table.Td>{t(a.direction === 'above' ? 'goodsUi.above' : 'goodsUi.below')}</Table.Td>
                <Table.Td ta="right" data-cell="threshold">{a.thresholdText}</Table.Td>
                <Table.Td>{t(a.firedAt ? 'goodsUi.fired' : 'goodsUi.active')}</Table.Td>
                <Table.Td><Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(a.id)}>{t('goodsUi.remove')}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">{t('goodsUi.noAlerts')}</Text>
      )}
    </Card>
  );
}

/**
 * /pricemonitor (价格监控): every good's latest price and its change against the previous one
 * (red up, green down), the chosen good's price history as a line, and the caller's price
 * alerts (docs/BUSINESS.md "Goods and prices").
 */
export default function PriceMonitorPage({ title }: PageProps) {
  const t = useT();
  const monitor = useQuery({ queryKey: ['goods', 'monitor'], queryFn: priceMonitor });
  const list = monitor.data?.list ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!chosen && list.length) setChosen(list[0]!.id);
  }, [chosen, list]);
  const good = list.find((g) => g.id === chosen) ?? null;
  return (
    <Box p="md" data-testid="price-monitor">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <Table striped highlightOnHover mb="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('goodsUi.category')}</Table.Th>
            <Table.Th>{t('goodsUi.goods')}</Table.Th>
            <Table.Th>{t('goodsUi.material')}</Table.Th>
            <Table.Th>{t('goodsUi.spec')}</Table.Th>
            <Table.Th>{t('goodsUi.warehouse')}</Table.Th>
            <Table.Th ta="right">{t('goodsUi.latest')}</Table.Th>
            <Table.Th ta="right">{t('goodsUi.change')}</Table.Th>
            <Table.Th ta="right">{t('goodsUi.changePercent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((g) => (
            <Table.Tr key={g.id} data-testid="monitor-row" data-id={g.id} aria-selected={g.id === chosen} onClick={() => setChosen(g.id)} style={{ cursor: 'pointer', boxShadow: g.id === chosen ? 'inset 4px 0 0 var(--mantine-primary-color-filled)' : undefined }}>
              <Table.Td>{g.category}</Table.Td>
              <Table.Td data-cell="fullName">{g.fullName}</Table.Td>
              <Table.Td>{g.material}</Table.Td>
              <Table.Td>{g.spec}</Table.Td>
              <Table.Td>{g.warehouseName}</Table.Td>
              <Table.Td ta="right" fw={600} data-cell="priceText">{g.priceText || '—'}</Table.Td>
              <Table.Td ta="right" c={trendColor(g.change)} data-cell="changeText">{g.changeText}</Table.Td>
              <Table.Td ta="right" c={trendColor(g.change)} data-cell="changePercentText">{g.changePercentText}</Table.Td>
            </Table.Tr>
          ))}
          {!list.length && !monitor.isLoading ? (
            <Table.Tr><Table.Td colSpan={8}><Text c="dimmed" size="sm">{t('goodsUi.empty')}</Text></Table.Td></Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {good ? <PriceChart good={good} /> : <div />}
        <Alerts good={good} />
      </SimpleGrid>
    </Box>
  );
}
