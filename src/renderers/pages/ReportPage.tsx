import { Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../runtime/format/amount';
import { useAsync } from '../data/hooks';
import { rowsOf, type ReportColumnConfig, type ReportConfig } from '../data/provider';
import { useRT } from '../i18n';
import { Chart } from './Chart';
import { PageState } from './PageState';
import type { PageRendererProps } from './types';

/** A report cell with the column's number format (integer, decimal2, percent, money). */
export function formatReportValue(value: unknown, format?: string): string {
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'integer':
      return formatNumber(value, { precision: 0, thousands: true }) || String(value);
    case 'decimal2':
      return formatNumber(value, { precision: 2 }) || String(value);
    case 'money':
      return formatNumber(value, { precision: 2, thousands: true }) || String(value);
    case 'percent':
      return Number.isFinite(Number(value)) ? `${(Number(value) * 100).toFixed(2)}%` : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function RowsTable({ columns, rows }: { columns: ReportColumnConfig[]; rows: Record<string, unknown>[] }) {
  const t = useRT();
  return (
    <Table striped withTableBorder className="scp-report-table">
      <Table.Thead>
        <Table.Tr>{columns.map((c) => <Table.Th key={c.prop} style={{ textAlign: c.align, width: c.width }}>{c.label}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length ? rows.map((r, i) => (
          <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c.prop} style={{ textAlign: c.align }}>{formatReportValue(r[c.prop], c.format)}</Table.Td>)}</Table.Tr>
        )) : <Table.Tr><Table.Td colSpan={columns.length || 1}><Text ta="center" c="dimmed">{t('renderers.noData')}</Text></Table.Td></Table.Tr>}
      </Table.Tbody>
    </Table>
  );
}

/** Columns from the report, or from the first row's keys when the report names none. */
export function reportColumns(config: Pick<ReportConfig, 'columns'>, rows: Record<string, unknown>[]): ReportColumnConfig[] {
  if (config.columns?.length) return config.columns;
  return Object.keys(rows[0] ?? {}).map((prop) => ({ prop, label: prop }));
}

function ReportBody({ config }: { config: ReportConfig }) {
  const t = useRT();
  const initial = useMemo(() => Object.fromEntries((config.params ?? []).map((p) => [p.field, p.defaultValue ?? ''])), [config]);
  const [draft, setDraft] = useState<Record<string, unknown>>(initial);
  const [applied, setApplied] = useState<Record<string, unknown>>(initial);
  const paramList = Object.entries(applied).map(([field, defaultValue]) => ({ field, defaultValue }));
  const data = useAsync((p) => p.dataInterface(config.interfaceId, paramList).then(rowsOf), [config.interfaceId, JSON.stringify(applied)]);
  const rows = data.data ?? [];
  const [chartType, setChartType] = useState(config.chart?.type ?? 'bar');
  return (
    <>
      {config.params?.length ? (
        <Group gap="sm" mb="sm" align="flex-end">
          {config.params.map((p) =>
            p.options?.length ? (
              <Select key={p.field} label={p.label} size="sm" clearable data={p.options.map((o) => ({ value: String(o.value), label: o.label }))} value={draft[p.field] ? String(draft[p.field]) : null} onChange={(v) => setDraft((d) => ({ ...d, [p.field]: v ?? '' }))} data-param={p.field} />
            ) : (
              <TextInput key={p.field} label={p.label} size="sm" value={String(draft[p.field] ?? '')} onChange={(e) => setDraft((d) => ({ ...d, [p.field]: e.currentTarget.value }))} data-param={p.field} />
            ),
          )}
          <Button size="sm" onClick={() => setApplied(draft)} data-action="search">{t('renderers.search')}</Button>
          <Button size="sm" variant="default" onClick={() => (setDraft(initial), setApplied(initial))} data-action="reset">{t('renderers.reset')}</Button>
        </Group>
      ) : null}
      {config.chart ? (
        <Card withBorder mb="sm">
          <Group justify="space-between">
            <Text fw={600}>{config.chart.title ?? config.fullName}</Text>
            <Select size="xs" w={100} allowDeselect={false} data={[{ value: 'bar', label: t('renderers.chartBar') }, { value: 'line', label: t('renderers.chartLine') }, { value: 'pie', label: t('renderers.chartPie') }]} value={chartType} onChange={(v) => v && setChartType(v as 'bar')} />
          </Group>
          <Chart config={{ ...config.chart, type: chartType }} rows={rows} />
        </Card>
      ) : null}
      {data.loading && !rows.length ? <PageState loading error={null} /> : <RowsTable columns={reportColumns(config, rows)} rows={rows} />}
    </>
  );
}

/** Menu type 5: a data interface's rows as a table and a chart, with its query parameters as inputs. */
export function ReportPage({ moduleId, title }: PageRendererProps) {
  const config = useAsync<ReportConfig>((p) => p.getReport(moduleId), [moduleId]);
  if (!config.data) return <PageState loading={config.loading} error={config.error} />;
  return (
    <div className="scp-report-page" data-report-id={config.data.id}>
      <Title order={4} mb="sm">{title || config.data.fullName}</Title>
      <ReportBody config={config.data} />
    </div>
  );
}
