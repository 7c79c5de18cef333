import { MantineProvider } from '@mantine/core';
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileDictionaryPage, compilePortalPage, compileReportPage } from '../../src/runtime/compile';
import type { CompiledPortalPage, CompiledReportPage } from '../../src/runtime/model/pages';
import { RenderersProvider } from '../../src/renderers/context';
import { createHttpDataProvider, createPartialDataProvider, type DataProvider, type DictionaryEntry, type HttpLike } from '../../src/renderers/data/provider';
import { Chart } from '../../src/renderers/pages/Chart';
import { DictionaryTable, filterEntries, loadDictionaryPage } from '../../src/renderers/pages/DictionaryPage';
import { loadPortalRows, PortalGrid, shortcutTarget } from '../../src/renderers/pages/PortalPage';
import { formatReportValue, initialParams, paramListOf, ReportParams, ReportResult, runReport } from '../../src/renderers/pages/ReportPage';

function render(node: ReactNode, data: DataProvider = createPartialDataProvider({})): string {
  return renderToString(
    <MantineProvider>
      <RenderersProvider data={data}>{node}</RenderersProvider>
    </MantineProvider>,
  );
}

const file = (folder: string, id: string) => JSON.parse(fs.readFileSync(path.resolve('schemas', folder, `${id}.json`), 'utf8')) as unknown;
const demoDictionary = compileDictionaryPage(file('dictionaries', 'demo-dictionary'), { file: 'x' }).model!;
const demoReport = compileReportPage(file('reports', 'demo-report'), { file: 'x' }).model!;
const demoPortal = compilePortalPage(file('portals', 'demo-portal'), { file: 'x' }).model!;

const ENTRIES: DictionaryEntry[] = [
  { id: 'e1', fullName: '钢材', enCode: 'steel', sortCode: 1, children: [{ id: 'e11', fullName: '螺纹钢', enCode: 'rebar', sortCode: 1, enabledMark: 0, children: [] }] },
  { id: 'e2', fullName: '煤炭', enCode: 'coal', sortCode: 2, children: [] },
];

describe('HTTP data provider', () => {
  it('reads the compiled pages from /api/visualdev/{Dictionary,Report,Portal}/{id}', async () => {
    const calls: string[] = [];
    const http = { get: async (url: string) => (calls.push(url), {}) } as unknown as HttpLike;
    const provider = createHttpDataProvider(http);
    await provider.getDictionaryPage('demo-dictionary');
    await provider.getReport('demo report');
    await provider.getPortal('demo-portal');
    expect(calls).toEqual(['/api/visualdev/Dictionary/demo-dictionary', '/api/visualdev/Report/demo%20report', '/api/visualdev/Portal/demo-portal']);
  });

  it('asks the client to stay silent when the caller says so (option sources show their own note)', async () => {
    const calls: unknown[][] = [];
    const record = async (...args: unknown[]) => (calls.push(args), { list: [] });
    const provider = createHttpDataProvider({ get: record, post: record } as unknown as HttpLike);
    await provider.dictionary('goodsCategory', true, { silent: true });
    await provider.dataInterface('todayStats', [], { silent: true });
    await provider.dictionary('goodsCategory', false);
    expect(calls).toEqual([
      ['/api/system/DictionaryData/goodsCategory', { isTree: 1 }, { silent: true }],
      ['/api/system/DataInterface/todayStats/Actions/Preview', { paramList: [] }, { silent: true }],
      ['/api/system/DictionaryData/goodsCategory', { isTree: 0 }, undefined],
    ]);
  });
});

describe('DictionaryPage', () => {
  it('loads the compiled page named by the menu, then the entries of the category it names', async () => {
    const asked: unknown[] = [];
    const provider = createPartialDataProvider({
      getDictionaryPage: async (id) => (asked.push(['page', id]), demoDictionary),
      dictionary: async (type, isTree) => (asked.push(['entries', type, isTree]), ENTRIES),
    });
    const data = await loadDictionaryPage(provider, 'demo-dictionary');
    expect(asked).toEqual([['page', 'demo-dictionary'], ['entries', 'goodsCategory', true]]);
    expect(data.page).toEqual({ id: 'demo-dictionary', fullName: '商品分类', dictionaryType: 'goodsCategory', isTree: true });
  });

  it('draws a tree table (children indented) or a flat one, as the page says', () => {
    const tree = render(<DictionaryTable page={demoDictionary} entries={ENTRIES} />);
    expect(tree).toContain('data-tree="true"');
    expect(tree.match(/data-entry="[^"]+" data-depth="\d"/g)).toEqual(['data-entry="e1" data-depth="0"', 'data-entry="e11" data-depth="1"', 'data-entry="e2" data-depth="0"']);
    expect(tree).toContain('禁用');
    const flat = render(<DictionaryTable page={{ ...demoDictionary, isTree: false }} entries={ENTRIES} />);
    expect(flat).toContain('data-tree="false"');
    expect(flat.match(/data-entry="[^"]+"/g)).toEqual(['data-entry="e1"', 'data-entry="e2"']);
    expect(render(<DictionaryTable page={demoDictionary} entries={[]} />)).toContain('暂无数据');
  });

  it('the keyword keeps matching entries with their ancestors', () => {
    expect(filterEntries(ENTRIES, 'rebar').map((e) => [e.id, e.children?.map((c) => c.id)])).toEqual([['e1', ['e11']]]);
    expect(filterEntries(ENTRIES, '煤').map((e) => e.id)).toEqual(['e2']);
    expect(filterEntries(ENTRIES, '')).toBe(ENTRIES);
  });
});

describe('ReportPage', () => {
  const params: CompiledReportPage['params'] = [
    { field: 'category', label: '分类', kind: 'select', defaultValue: null, options: [{ label: '钢材', value: 'steel' }] },
    { field: 'day', label: '日期', kind: 'datePicker', defaultValue: null, options: [] },
    { field: 'period', label: '期间', kind: 'dateRange', defaultValue: null, options: [] },
    { field: 'customer', label: '客户', kind: 'input', defaultValue: 'ACME', options: [] },
  ];

  it('renders each parameter as its input: select with options, date, date range, text', () => {
    const html = render(<ReportParams params={params} values={{ ...initialParams(params), period: ['2026-01-01', '2026-02-01'] }} onChange={() => {}} />);
    expect(html.match(/data-param="[^"]+" data-param-kind="[^"]+"|data-param-kind="[^"]+"[^>]*data-param="[^"]+"/g)?.length).toBe(4);
    for (const [field, kind] of [['category', 'select'], ['day', 'date'], ['period', 'dateRange'], ['customer', 'input']]) {
      expect(html).toMatch(new RegExp(`data-param="${field}"[^>]*data-param-kind="${kind}"|data-param-kind="${kind}"[^>]*data-param="${field}"`));
    }
    expect(html.match(/type="date"/g)).toHaveLength(3);
    expect(html).toContain('value="2026-01-01"');
    expect(html).toContain('value="ACME"');
  });

  it('sends {field, defaultValue} per parameter to the interface; empty values and half a range go as null', async () => {
    const values = { ...initialParams(params), category: 'steel', period: ['2026-01-01', ''] };
    expect(paramListOf(params, values)).toEqual([
      { field: 'category', defaultValue: 'steel' },
      { field: 'day', defaultValue: null },
      { field: 'period', defaultValue: null },
      { field: 'customer', defaultValue: 'ACME' },
    ]);
    expect(paramListOf(params, { ...values, period: ['2026-01-01', '2026-03-31'] })[2]).toEqual({ field: 'period', defaultValue: ['2026-01-01', '2026-03-31'] });
    const sent: unknown[] = [];
    const provider = createPartialDataProvider({ dataInterface: async (id, list) => (sent.push([id, list]), { list: [{ month: '2026-01' }] }) });
    expect(await runReport(provider, demoReport, { category: 'coal' })).toEqual([{ month: '2026-01' }]);
    expect(sent).toEqual([['salesByMonth', [{ field: 'category', defaultValue: 'coal' }]]]);
  });

  it('shows the rows with the column formats and a chart with one series per y field', () => {
    const rows = [
      { month: '2026-01', categoryName: '钢材', orders: 1234, amount: 1234567.891, growth: 0.1234 },
      { month: '2026-02', categoryName: '钢材', orders: 40, amount: 2000, growth: -0.05 },
    ];
    const html = render(<ReportResult page={demoReport} rows={rows} />);
    expect(html).toContain('1,234');
    expect(html).toContain('1,234,567.89');
    expect(html).toContain('12.34%');
    expect(html).toContain('-5.00%');
    expect(html).toContain('data-chart="bar"');
    expect(html.match(/data-series="[^"]+"/g)).toEqual(['data-series="amount"', 'data-series="orders"']);
    // The legend names the series by their column labels.
    expect(html).toContain('销售额');
    expect(html).toContain('月度销售额');
    expect(formatReportValue(3.14159, 'decimal2')).toBe('3.14');
    expect(formatReportValue(null, 'money')).toBe('');
  });

  it('without columns, the first row gives plain columns; a line chart draws a polyline per series', () => {
    const html = render(<ReportResult page={{ ...demoReport, columns: [], chart: null }} rows={[{ a: 1, b: 'x' }]} />);
    expect(html).toContain('>a<');
    expect(html).not.toContain('data-chart');
    const line = render(<Chart config={{ type: 'line', x: 'm', y: ['a', 'b'] }} rows={[{ m: 'Jan', a: 1, b: 2 }, { m: 'Feb', a: 3, b: 4 }]} title="月度趋势" />);
    expect(line.match(/<polyline/g)).toHaveLength(2);
    // role img with a name in the user's language: what it shows and the chart type
    expect(line).toContain('role="img" aria-label="月度趋势（折线图）"');
  });
});

describe('PortalPage', () => {
  const menu: Record<string, string> = { goods: '/operations/goods', salesReport: '/operations/salesReport' };
  const menuPath = (code: string) => menu[code] ?? null;

  it('runs each interface the cards read once; a failing interface stays on its cards', async () => {
    const calls: string[] = [];
    const provider = createPartialDataProvider({
      dataInterface: async (id) => {
        calls.push(id);
        if (id === 'latestOrders') throw new Error('接口不存在');
        return id === 'todayStats' ? [{ orders: 128, amount: 356800, toShip: 17, lowStock: 5 }] : { list: [{ month: '2026-01', amount: 1 }] };
      },
    });
    const data = await loadPortalRows(provider, demoPortal);
    expect(calls.sort()).toEqual(['latestOrders', 'salesByMonth', 'todayStats']);
    expect(data.latestOrders).toEqual({ error: '接口不存在' });
    expect(data.todayStats).toEqual({ rows: [{ orders: 128, amount: 356800, toShip: 17, lowStock: 5 }] });
  });

  it('lays the cards on the 24-column grid and fills them: numbers with units, chart, list up to its limit, shortcuts, notice', () => {
    const orders = Array.from({ length: 12 }, (_, i) => ({ orderNo: `SO${i}`, customer: 'c', amount: i }));
    const html = render(
      <PortalGrid page={demoPortal} menuPath={menuPath} data={{ todayStats: { rows: [{ orders: 128, amount: 356800, toShip: 17, lowStock: 5 }] }, salesByMonth: { rows: [{ month: '2026-01', amount: 10 }] }, latestOrders: { rows: orders } }} />,
    );
    expect(html).toContain('grid-template-columns:repeat(24, minmax(0, 1fr))');
    expect(html).toMatch(/style="grid-column:1 \/ span 6;grid-row:1 \/ span 3;[^>]*data-card-id="card-0"/);
    expect(html).toMatch(/style="grid-column:17 \/ span 8;grid-row:4 \/ span 8;[^>]*data-card-id="card-5"/);
    expect(html.match(/data-card="[a-z]+"/g)).toEqual(['number', 'number', 'number', 'number', 'chart', 'shortcut', 'list', 'notice'].map((k) => `data-card="${k}"`));
    expect(html).toMatch(/data-number="true">128<span[^>]*>单<\/span>/);
    expect(html).toMatch(/data-number="true">356,800<span[^>]*>元<\/span>/);
    expect(html).toContain('data-chart="line"');
    expect(html.match(/SO\d+/g)).toEqual(['SO0', 'SO1', 'SO2', 'SO3', 'SO4', 'SO5', 'SO6', 'SO7']);
    expect(html).toMatch(/href="\/operations\/goods"[^>]*data-shortcut="goods"/);
    expect(html).toMatch(/href="\/operations\/salesReport"[^>]*data-shortcut="salesReport"/);
    // goodsCategory is not in this user's menu: no dead link, a plain text saying so.
    expect(html).toMatch(/data-shortcut="goodsCategory" data-unavailable="true"[^>]*>商品分类（无权限或不存在）/);
    expect(html).toContain('暂无公告');
  });

  it('an interface failure shows on its card only; loading shows a loader; shortcut targets', () => {
    const page: CompiledPortalPage = { ...demoPortal, cards: demoPortal.cards.filter((c) => c.kind === 'list' || c.kind === 'notice') };
    const html = render(<PortalGrid page={page} data={{ latestOrders: { error: '接口不存在' } }} />);
    expect(html).toContain('data-card-error="true">接口不存在');
    expect(html).toContain('暂无公告');
    expect(render(<PortalGrid page={page} data={undefined} loading />)).toContain('mantine-Loader');
    expect(shortcutTarget('https://example.com/a')).toEqual({ href: 'https://example.com/a', external: true });
    expect(shortcutTarget('/home')).toEqual({ href: '/home', external: false });
    expect(shortcutTarget('goods', menuPath)).toEqual({ href: '/operations/goods', external: false });
    expect(shortcutTarget('goods')).toBeNull();
  });
});
