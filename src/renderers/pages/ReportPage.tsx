import { Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../runtime/format/amount';
import type { CompiledReportColumn, CompiledReportPage, CompiledReportParam } from '../../runtime/model/pages';
import { useAsync } from '../data/hooks';
import { rowsOf, type DataProvider } from '../data/provider';
import { useRT } from '../i18n';
import { Chart } from './Chart';
import { PageState } from './PageState';
import type { PageRendererProps } from './types';

type Row = Record<string, unknown>;
export type ParamValues = Record<string, unknown>;

/** A report cell with the column's number format (integer, decimal2, percent, money). */
export function formatReportValue(value: unknown, format?: CompiledReportColumn['format'] | string | null): string {
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

export function RowsTable({ columns, rows }: { columns: CompiledReportColumn[]; rows: Row[] }) {
  const t = useRT();
  return (
    <Table striped withTableBorder className="scp-report-table">
      <Table.Thead>
        <Table.Tr>{columns.map((c) => <Table.Th key={c.prop} style={{ textAlign: c.align, width: c.width ?? undefined }}>{c.label}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length ? rows.map((r, i) => (
          <Table.Tr key={i} data-row={i}>{columns.map((c) => <Table.Td key={c.prop} style={{ textAlign: c.align }} data-cell={c.prop}>{formatReportValue(r[c.prop], c.format)}</Table.Td>)}</Table.Tr>
        )) : <Table.Tr><Table.Td colSpan={columns.length || 1}><Text ta="center" c="dimmed">{t('renderers.noData')}</Text></Table.Td></Table.Tr>}
      </Table.Tbody>
    </Table>
  );
}

/** The page's columns, or, when it names none, one plain column per key of the first row. */
export function reportColumns(columns: CompiledReportColumn[], rows: Row[]): CompiledReportColumn[] {
  if (columns.length) return columns;
  return Object.keys(rows[0] ?? {}).map((prop) => ({ prop, label: prop, align: 'left', width: null, format: null }));
}

/** Initial parameter values: each parameter's default (a date range: [start, end]). */
export function initialParams(params: CompiledReportParam[]): ParamValues {
  return Object.fromEntries(params.map((p) => [p.field, p.defaultValue ?? (p.kind === 'dateRange' ? ['', ''] : '')]));
}

/** What the data interface receives: `{ field, defaultValue }` per parameter; empty values (and half a range) go as null. */
export function paramListOf(params: CompiledReportParam[], values: ParamValues): { field: string; defaultValue: unknown }[] {
  return params.map((p) => {
    const v = values[p.field];
    if (p.kind === 'dateRange') {
      const [start, end] = Array.isArray(v) ? v : [];
      return { field: p.field, defaultValue: start && end ? [start, end] : null };
    }
    return { field: p.field, defaultValue: v === '' || v === undefined ? null : v };
  });
}

/** One input per parameter: select (with its options), date, date range (two dates) or text. */
export function ReportParams({ params, values, onChange }: { params: CompiledReportParam[]; values: ParamValues; onChange(field: string, value: unknown): void }) {
  const t = useRT();
  return (
    <>
      {params.map((p) => {
        const v = values[p.field];
        if (p.kind === 'select' || p.options.length) {
          return (
            <Select key={p.field} label={p.label} size="sm" clearable data={p.options.map((o) => ({ value: String(o.value), label: o.label }))}
              value={v === null || v === undefined ? null : String(v)} onChange={(next) => onChange(p.field, next ?? '')} data-param={p.field} data-param-kind="select" />
          );
        }
        if (p.kind === 'datePicker') {
          return <TextInput key={p.field} type="date" label={p.label} size="sm" value={String(v ?? '')} onChange={(e) => onChange(p.field, e.currentTarget.value)} data-param={p.field} data-param-kind="date" />;
        }
        if (p.kind === 'dateRange') {
          const [start = '', end = ''] = Array.isArray(v) ? (v as string[]) : [];
          return (
            <Group key={p.field} gap={4} align="flex-end" data-param={p.field} data-param-kind="dateRange">
              <TextInput type="date" label={p.label} size="sm" aria-label={t('renderers.startDate')} value={start} onChange={(e) => onChange(p.field, [e.currentTarget.value, end])} />
              <Text size="sm" pb={6}>~</Text>
              <TextInput type="date" size="sm" aria-label={t('renderers.endDate')} value={end} onChange={(e) => onChange(p.field, [start, e.currentTarget.value])} />
            </Group>
          );
        }
        return <TextInput key={p.field} label={p.label} size="sm" value={String(v ?? '')} onChange={(e) => onChange(p.field, e.currentTarget.value)} data-param={p.field} data-param-kind="input" />;
      })}
    </>
  );
}

/** The rows: chart (with a bar/line/pie switch) above the formatted table. */
export function ReportResult({ page, rows }: { page: CompiledReportPage; rows: Row[] }) {
  const t = useRT();
  const [chartType, setChartType] = useState(page.chart?.type ?? 'bar');
  const labels = useMemo(() => Object.fromEntries(page.columns.map((c) => [c.prop, c.label])), [page.columns]);
  return (
    <>
      {page.chart ? (
        <Card withBorder mb="sm" data-report-chart>
          <Group justify="space-between">
            <Text fw={600}>{page.chart.title ?? page.fullName}</Text>
            <Select size="xs" w={100} allowDeselect={false} aria-label={t('a11y.chartType')}
              data={[{ value: 'bar', label: t('renderers.chartBar') }, { value: 'line', label: t('renderers.chartLine') }, { value: 'pie', label: t('renderers.chartPie') }]}
              value={chartType} onChange={(v) => v && setChartType(v as typeof chartType)} />
          </Group>
          <Chart config={{ ...page.chart, type: chartType }} rows={rows} labels={labels} title={page.chart.title ?? page.fullName} />
        </Card>
      ) : null}
      <RowsTable columns={reportColumns(page.columns, rows)} rows={rows} />
    </>
  );
}

/** Runs the page's data interface with the parameters. */
export function runReport(provider: DataProvider, page: CompiledReportPage, values: ParamValues): Promise<Row[]> {
  return provider.dataInterface(page.interfaceId, paramListOf(page.params, values)).then(rowsOf);
}

/** Parameters, search/reset, and the result of the last search (the defaults when the page opens). */
export function ReportView({ page }: { page: CompiledReportPage }) {
  const t = useRT();
  const initial = useMemo(() => initialParams(page.params), [page]);
  const [draft, setDraft] = useState<ParamValues>(initial);
  const [applied, setApplied] = useState<ParamValues>(initial);
  const data = useAsync((p) => runReport(p, page, applied), [page, applied]);
  const rows = data.data ?? [];
  return (
    <>
      {page.params.length ? (
        <Group gap="sm" mb="sm" align="flex-end">
          <ReportParams params={page.params} values={draft} onChange={(field, value) => setDraft((d) => ({ ...d, [field]: value }))} />
          <Button size="sm" onClick={() => setApplied(draft)} data-action="search">{t('renderers.search')}</Button>
          <Button size="sm" variant="default" onClick={() => (setDraft(initial), setApplied(initial))} data-action="reset">{t('renderers.reset')}</Button>
        </Group>
      ) : null}
      {data.error ? <PageState loading={false} error={data.error} /> : data.loading && !rows.length ? <PageState loading error={null} /> : <ReportResult page={page} rows={rows} />}
    </>
  );
}

/** Menu type 5: the compiled report page's interface rows as a chart and a table, its parameters as inputs. */
export function ReportPage({ moduleId, title }: PageRendererProps) {
  const page = useAsync<CompiledReportPage>((p) => p.getReport(moduleId), [moduleId]);
  if (!page.data) return <PageState loading={page.loading} error={page.error} />;
  return (
    <div className="scp-report-page" data-report-id={page.data.id}>
      {title ? <Title order={4} mb="sm">{title}</Title> : null}
      <ReportView page={page.data} />
    </div>
  );
}
