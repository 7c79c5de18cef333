import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CompiledPortalCard, CompiledPortalPage } from '../../runtime/model/pages';
import { useNavigateTo } from '../context';
import { useAsync } from '../data/hooks';
import { rowsOf, type DataProvider } from '../data/provider';
import { useRT } from '../i18n';
import { Chart } from './Chart';
import { PageState } from './PageState';
import { formatReportValue, reportColumns, RowsTable } from './ReportPage';
import type { PageRendererProps } from './types';

type Row = Record<string, unknown>;
/** Rows of each data interface the cards read, or the message of its failure. */
export type PortalRows = Record<string, { rows: Row[] } | { error: string }>;

/** Cards that read a data interface. */
const READS: ReadonlySet<CompiledPortalCard['kind']> = new Set(['number', 'chart', 'list']);

/** Runs each interface the cards read once (four number cards on one interface make one call); a failure stays on its cards. */
export async function loadPortalRows(provider: DataProvider, page: CompiledPortalPage): Promise<PortalRows> {
  const ids = [...new Set(page.cards.filter((c) => READS.has(c.kind) && c.interfaceId).map((c) => c.interfaceId!))];
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        return [id, { rows: rowsOf(await provider.dataInterface(id, [])) }] as const;
      } catch (error) {
        return [id, { error: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** Where a shortcut goes: an absolute URL as it is, an in-app path as it is, else a menu enCode's route (null: the user has no such entry). */
export function shortcutTarget(to: string, menuPath?: (enCode: string) => string | null): { href: string; external: boolean } | null {
  if (/^https?:\/\//i.test(to)) return { href: to, external: true };
  if (to.startsWith('/')) return { href: to, external: false };
  const path = menuPath?.(to) ?? null;
  return path ? { href: path, external: false } : null;
}

interface CardProps {
  card: CompiledPortalCard;
  rows: Row[];
  menuPath?: (enCode: string) => string | null;
}

function NumberCard({ card, rows }: CardProps) {
  const first = rows[0] ?? {};
  const value = card.field ? first[card.field] : Object.values(first)[0];
  return (
    <Text fz={28} fw={700} data-number>
      {formatReportValue(value ?? '', typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'money') : null)}
      {card.unit ? <Text span fz="sm" c="dimmed" ml={4}>{card.unit}</Text> : null}
    </Text>
  );
}

function ChartCard({ card, rows }: CardProps) {
  const labels = Object.fromEntries(card.columns.map((c) => [c.prop, c.label]));
  return card.chart ? <Chart config={card.chart} rows={rows} labels={labels} title={card.title} width={Math.max(240, card.w * 36)} height={Math.max(160, card.h * 30)} /> : null;
}

function ListCard({ card, rows }: CardProps) {
  const shown = rows.slice(0, card.limit);
  return <RowsTable columns={reportColumns(card.columns, shown)} rows={shown} />;
}

/** Until a message centre exists there are no notices to list: an honest empty state. */
function NoticeCard() {
  const t = useRT();
  return <Text c="dimmed" data-notice-empty>{t('renderers.noNotice')}</Text>;
}

function ShortcutCard({ card, menuPath }: CardProps) {
  const t = useRT();
  const navigate = useNavigateTo();
  return (
    <Stack gap={4}>
      {card.links.map((l) => {
        const target = shortcutTarget(l.to, menuPath);
        if (!target) return <Text key={l.to} c="dimmed" size="sm" data-shortcut={l.to} data-unavailable>{t('renderers.linkUnavailable', { label: l.label })}</Text>;
        return target.external ? (
          <Anchor key={l.to} href={target.href} target="_blank" rel="noopener noreferrer" data-shortcut={l.to}>{l.label}</Anchor>
        ) : (
          <Anchor key={l.to} href={target.href} onClick={(e) => (e.preventDefault(), navigate(target.href))} data-shortcut={l.to}>{l.label}</Anchor>
        );
      })}
    </Stack>
  );
}

const CARDS: Record<CompiledPortalCard['kind'], (p: CardProps) => ReactNode> = {
  number: NumberCard,
  chart: ChartCard,
  list: ListCard,
  notice: NoticeCard,
  shortcut: ShortcutCard,
};

/** The cards on a 24-column grid, each at its x/y with its w/h (rows of 30 px at least). */
export function PortalGrid({ page, data, loading = false, menuPath }: { page: CompiledPortalPage; data: PortalRows | undefined; loading?: boolean; menuPath?: (enCode: string) => string | null }) {
  const t = useRT();
  const body = (card: CompiledPortalCard): ReactNode => {
    if (!READS.has(card.kind)) return CARDS[card.kind]({ card, rows: [], menuPath });
    if (!card.interfaceId) return <Text c="dimmed">{t('renderers.noData')}</Text>;
    const result = data?.[card.interfaceId];
    if (!result) return loading ? <PageState loading error={null} /> : <Text c="dimmed">{t('renderers.noData')}</Text>;
    if ('error' in result) return <Text c="red" size="sm" data-card-error>{result.error || t('renderers.loadFailed')}</Text>;
    return CARDS[card.kind]({ card, rows: result.rows, menuPath });
  };
  return (
    <div className="scp-portal-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', gridAutoRows: 'minmax(30px, auto)', gap: 12 }}>
      {page.cards.map((card) => (
        <Card
          key={card.id}
          withBorder
          data-card={card.kind}
          data-card-id={card.id}
          style={{ gridColumn: `${Math.min(24, card.x) + 1} / span ${Math.max(1, Math.min(24 - Math.min(23, card.x), card.w))}`, gridRow: `${card.y + 1} / span ${Math.max(1, card.h)}`, overflow: 'auto' }}
        >
          {card.title ? <Text fw={600} mb="xs">{card.title}</Text> : null}
          {body(card)}
        </Card>
      ))}
    </div>
  );
}

/** Menu type 8: the compiled portal page's cards (number, chart, list, shortcut links, notice), fed by data interfaces. */
export function PortalPage({ moduleId, title, menuPath }: PageRendererProps) {
  const page = useAsync<CompiledPortalPage>((p) => p.getPortal(moduleId), [moduleId]);
  const rows = useAsync<PortalRows>(page.data ? (p) => loadPortalRows(p, page.data!) : null, [page.data]);
  if (!page.data) return <PageState loading={page.loading} error={page.error} />;
  return (
    <div className="scp-portal-page" data-portal-id={page.data.id}>
      {title ? <Title order={4} mb="sm">{title}</Title> : null}
      <PortalGrid page={page.data} data={rows.data} loading={rows.loading} menuPath={menuPath} />
    </div>
  );
}
