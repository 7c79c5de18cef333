import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigateTo } from '../context';
import { useAsync } from '../data/hooks';
import { rowsOf, type PortalCardConfig, type PortalConfig } from '../data/provider';
import { useRT } from '../i18n';
import { Chart } from './Chart';
import { PageState } from './PageState';
import { formatReportValue, reportColumns, RowsTable } from './ReportPage';
import type { PageRendererProps } from './types';

function useCardRows(card: PortalCardConfig) {
  return useAsync((p) => p.dataInterface(card.interfaceId!, []).then(rowsOf).catch(() => []), [card.interfaceId]) as { data: Record<string, unknown>[] | undefined; loading: boolean };
}

function NumberCard({ card }: { card: PortalCardConfig }) {
  const rows = useCardRows(card).data ?? [];
  const value = rows[0]?.[card.field ?? ''] ?? Object.values(rows[0] ?? {})[0];
  return <Text fz={28} fw={700} data-number>{formatReportValue(value)}{card.unit ? <Text span fz="sm" c="dimmed"> {card.unit}</Text> : null}</Text>;
}

function ChartCard({ card }: { card: PortalCardConfig }) {
  const rows = useCardRows(card).data ?? [];
  return card.chart ? <Chart config={card.chart} rows={rows} width={Math.max(240, card.w * 40)} height={Math.max(160, card.h * 40)} /> : null;
}

function ListCard({ card }: { card: PortalCardConfig }) {
  const rows = (useCardRows(card).data ?? []).slice(0, card.limit ?? 10);
  return <RowsTable columns={reportColumns({ columns: card.columns ?? [] }, rows)} rows={rows} />;
}

function NoticeCard({ card }: { card: PortalCardConfig }) {
  const t = useRT();
  const rows = (useCardRows(card).data ?? []).slice(0, card.limit ?? 5);
  if (!rows.length) return <Text c="dimmed">{t('renderers.noData')}</Text>;
  return (
    <List spacing={4} size="sm">
      {rows.map((r, i) => <List.Item key={i}>{String(r[card.field ?? 'title'] ?? r.title ?? r.fullName ?? '')}</List.Item>)}
    </List>
  );
}

function ShortcutCard({ card }: { card: PortalCardConfig }) {
  const navigate = useNavigateTo();
  return (
    <Stack gap={4}>
      {(card.links ?? []).map((l) => (
        <Anchor key={l.to} href={l.to} onClick={(e) => (e.preventDefault(), /^https?:/.test(l.to) ? window.open(l.to, '_blank', 'noopener') : navigate(l.to))}>{l.label}</Anchor>
      ))}
    </Stack>
  );
}

const CARDS: Record<PortalCardConfig['kind'], (p: { card: PortalCardConfig }) => React.ReactNode> = {
  number: NumberCard,
  chart: ChartCard,
  list: ListCard,
  notice: NoticeCard,
  shortcut: ShortcutCard,
};

/** Menu type 8: a 24-column grid of cards (number, chart, list, shortcut links, notice), each fed by a data interface. */
export function PortalPage({ moduleId, title }: PageRendererProps) {
  const t = useRT();
  const config = useAsync<PortalConfig>((p) => p.getPortal(moduleId), [moduleId]);
  if (!config.data) return <PageState loading={config.loading} error={config.error} />;
  const cards = [...config.data.layout].sort((a, b) => a.y - b.y || a.x - b.x);
  return (
    <div className="scp-portal-page">
      {title ? <Title order={4} mb="sm">{title}</Title> : null}
      <SimpleGrid cols={24} spacing="sm" verticalSpacing="sm" style={{ gridAutoRows: 'minmax(40px, auto)' }}>
        {cards.map((card, i) => {
          const Body = CARDS[card.kind];
          return (
            <Card key={i} withBorder style={{ gridColumn: `${card.x + 1} / span ${Math.min(24, card.w || 6)}` }} data-card={card.kind}>
              <Text fw={600} mb="xs">{card.title}</Text>
              {Body ? (card.kind !== 'shortcut' && !card.interfaceId ? <Text c="dimmed">{t('renderers.noData')}</Text> : <Body card={card} />) : <Text c="red">{card.kind}</Text>}
            </Card>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
