import { checkDescriptorShape, DESCRIPTOR_TOP_KEYS, type DescriptorKind } from '../../schemas';
import type { CompiledChart, CompiledDictionaryPage, CompiledPortalCard, CompiledPortalPage, CompiledReportColumn, CompiledReportPage } from '../model/pages';
import { CompileContext, isRecord } from './context';
import { str } from './form';
import { checkTopKeys, type CompileOptions, type CompileResult, requireStrings } from './model';
import { localised } from './texts';

/**
 * Dictionary, report and portal pages are small and closed: their meta-schema is the
 * whole contract, so the compiler runs it, resolves the texts for the compile's language,
 * then maps to the compiled shape with defaults.
 */
export function start(kind: DescriptorKind, descriptor: unknown, options: CompileOptions, required: string[]): { ctx: CompileContext; d: Record<string, unknown> | null } {
  const ctx = new CompileContext(options.file, options.locale);
  if (!isRecord(descriptor)) {
    ctx.error('', 'compile.notObject');
    return { ctx, d: null };
  }
  checkTopKeys(descriptor, DESCRIPTOR_TOP_KEYS[kind], ctx, options.strict ?? false);
  requireStrings(descriptor, required, ctx);
  const unknownKeyPaths = new Set(ctx.problems.map((p) => p.path));
  for (const problem of checkDescriptorShape(kind, descriptor, options.file, options.locale)) {
    // unknown top-level keys were reported above, with the strictness the caller asked for
    if (unknownKeyPaths.has(problem.path) || required.includes(problem.path)) continue;
    ctx.problems.push(problem);
  }
  return { ctx, d: localised(descriptor, ctx, options.translations) };
}

export function compileDictionaryPage(descriptor: unknown, options: CompileOptions): CompileResult<CompiledDictionaryPage> {
  const { ctx, d } = start('dictionary', descriptor, options, ['id', 'fullName', 'dictionaryType']);
  if (!d) return { model: null, problems: ctx.problems };
  return {
    model: { id: str(d.id) ?? '', fullName: str(d.fullName) ?? '', dictionaryType: str(d.dictionaryType) ?? '', isTree: d.isTree === true },
    problems: ctx.problems,
  };
}

function columnsOf(list: unknown): CompiledReportColumn[] {
  return (Array.isArray(list) ? list : []).filter(isRecord).map((c) => ({
    prop: str(c.prop) ?? '',
    label: str(c.label) ?? '',
    align: c.align === 'center' || c.align === 'right' ? c.align : 'left',
    width: typeof c.width === 'number' ? c.width : null,
    format: c.format === 'integer' || c.format === 'decimal2' || c.format === 'percent' || c.format === 'money' ? c.format : null,
  }));
}

function chartOf(chart: unknown): CompiledChart | null {
  if (!isRecord(chart)) return null;
  const type = chart.type === 'line' || chart.type === 'pie' ? chart.type : 'bar';
  const y = Array.isArray(chart.y) ? chart.y.filter((v): v is string => typeof v === 'string') : typeof chart.y === 'string' ? [chart.y] : [];
  return { type, x: str(chart.x) ?? '', y, title: str(chart.title) };
}

export function compileReportPage(descriptor: unknown, options: CompileOptions): CompileResult<CompiledReportPage> {
  const { ctx, d } = start('report', descriptor, options, ['id', 'fullName', 'interfaceId']);
  if (!d) return { model: null, problems: ctx.problems };
  const columns = columnsOf(d.columns);
  const chart = chartOf(d.chart);
  if (chart) {
    const props = new Set(columns.map((c) => c.prop));
    if (!props.has(chart.x)) ctx.error('chart.x', 'compile.brokenRef', { what: 'chart.x', prop: chart.x });
    chart.y.forEach((y, i) => {
      if (!props.has(y)) ctx.error(Array.isArray(d.chart && (d.chart as Record<string, unknown>).y) ? `chart.y[${i}]` : 'chart.y', 'compile.brokenRef', { what: 'chart.y', prop: y });
    });
  }
  const params = (Array.isArray(d.params) ? d.params : []).filter(isRecord).map((p) => ({
    field: str(p.field) ?? '',
    label: str(p.label) ?? '',
    kind: (p.jnpfKey === 'select' || p.jnpfKey === 'datePicker' || p.jnpfKey === 'dateRange' ? p.jnpfKey : 'input') as CompiledReportPage['params'][number]['kind'],
    defaultValue: p.defaultValue ?? null,
    options: Array.isArray(p.options) ? (p.options as { label: string; value: string | number }[]) : [],
  }));
  return { model: { id: str(d.id) ?? '', fullName: str(d.fullName) ?? '', interfaceId: str(d.interfaceId) ?? '', columns, chart, params }, problems: ctx.problems };
}

export function compilePortalPage(descriptor: unknown, options: CompileOptions): CompileResult<CompiledPortalPage> {
  const { ctx, d } = start('portal', descriptor, options, ['id', 'fullName']);
  if (!d) return { model: null, problems: ctx.problems };
  const cards: CompiledPortalCard[] = (Array.isArray(d.layout) ? d.layout : []).filter(isRecord).map((c, i) => ({
    id: `card-${i}`,
    kind: (['number', 'chart', 'list', 'shortcut', 'notice'].includes(c.kind as string) ? c.kind : 'notice') as CompiledPortalCard['kind'],
    x: typeof c.x === 'number' ? c.x : 0,
    y: typeof c.y === 'number' ? c.y : 0,
    w: typeof c.w === 'number' ? c.w : 6,
    h: typeof c.h === 'number' ? c.h : 4,
    title: str(c.title) ?? '',
    interfaceId: str(c.interfaceId),
    field: str(c.field),
    unit: str(c.unit),
    chart: chartOf(c.chart),
    columns: columnsOf(c.columns),
    links: (Array.isArray(c.links) ? c.links : []).filter(isRecord).map((l) => ({ label: str(l.label) ?? '', to: str(l.to) ?? '', icon: str(l.icon) })),
    limit: typeof c.limit === 'number' ? c.limit : 5,
  }));
  cards.sort((a, b) => a.y - b.y || a.x - b.x);
  return { model: { id: str(d.id) ?? '', fullName: str(d.fullName) ?? '', cards }, problems: ctx.problems };
}
