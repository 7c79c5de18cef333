import type { CompiledChart } from '../../runtime/model/pages';
import { useRT } from '../i18n';

/** What the chart draws from a compiled chart (the title is the caller's). */
export type ChartConfig = Pick<CompiledChart, 'type' | 'x' | 'y'>;

const PALETTE = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'];

export interface ChartProps {
  config: ChartConfig;
  rows: Record<string, unknown>[];
  /** Legend text of each y field (e.g. the report's column labels); the field name otherwise. */
  labels?: Record<string, string>;
  /** What the chart shows (the report's or card's title): with the chart type, its accessible name. */
  title: string;
  width?: number;
  height?: number;
}

/** Values of the chart: one label per distinct x value and one number per series (non-numbers count as 0). */
export function chartSeries(config: ChartConfig, rows: Record<string, unknown>[]): { labels: string[]; series: { name: string; values: number[] }[] } {
  // Rows sharing an x value (e.g. one row per month and category) are summed into one point.
  const labels: string[] = [];
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const label = String(row[config.x] ?? '');
    let values = sums.get(label);
    if (!values) {
      values = config.y.map(() => 0);
      sums.set(label, values);
      labels.push(label);
    }
    config.y.forEach((y, i) => {
      const n = Number(row[y]);
      if (Number.isFinite(n)) values![i] += n;
    });
  }
  return { labels, series: config.y.map((name, i) => ({ name, values: labels.map((l) => sums.get(l)![i]!) })) };
}

/** A small bar, line or pie chart drawn as SVG (no chart library); bar and line draw one series per y field, pie the first. */
export function Chart({ config, rows, labels: names = {}, title, width = 560, height = 260 }: ChartProps) {
  const t = useRT();
  const { labels, series } = chartSeries(config, rows);
  const type = t(config.type === 'pie' ? 'renderers.chartPie' : config.type === 'line' ? 'renderers.chartLine' : 'renderers.chartBar');
  // role img hides the drawing's parts from assistive technology: the name says what it is
  const img = { role: 'img', 'aria-label': title ? t('a11y.chartName', { title, type }) : type } as const;
  if (!labels.length || !series.length) return <svg width={width} height={height} data-chart={config.type} {...img} />;
  if (config.type === 'pie') {
    const values = series[0]!.values.map((v) => Math.max(0, v));
    const sum = values.reduce((a, b) => a + b, 0) || 1;
    const r = Math.min(width, height) / 2 - 20;
    const cx = r + 20;
    const cy = height / 2;
    let angle = -Math.PI / 2;
    return (
      <svg width={width} height={height} data-chart="pie" {...img}>
        {values.map((v, i) => {
          const a = (v / sum) * Math.PI * 2;
          const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
          angle += a;
          const [x2, y2] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
          const d = a >= Math.PI * 2 - 1e-9 ? `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0` : `M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${a > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`;
          return <path key={i} d={d} fill={PALETTE[i % PALETTE.length]} data-slice={labels[i]}><title>{`${labels[i]}: ${v}`}</title></path>;
        })}
        {labels.map((l, i) => (
          <g key={l + i} transform={`translate(${cx + r + 30}, ${20 + i * 18})`}>
            <rect width={10} height={10} fill={PALETTE[i % PALETTE.length]} />
            <text x={14} y={9} fontSize={11}>{`${l} (${((values[i]! / sum) * 100).toFixed(1)}%)`}</text>
          </g>
        ))}
      </svg>
    );
  }
  const pad = { l: 44, r: 10, t: series.length > 1 ? 24 : 10, b: 30 };
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const min = Math.min(0, ...series.flatMap((s) => s.values));
  const yOf = (v: number) => pad.t + h - ((v - min) / (max - min)) * h;
  const step = w / labels.length;
  return (
    <svg width={width} height={height} data-chart={config.type} {...img}>
      {series.length > 1
        ? series.map((s, si) => (
            <g key={s.name} transform={`translate(${pad.l + si * 110}, 4)`} data-legend={s.name}>
              <rect width={10} height={10} fill={PALETTE[si % PALETTE.length]} />
              <text x={14} y={9} fontSize={11}>{names[s.name] ?? s.name}</text>
            </g>
          ))
        : null}
      <line x1={pad.l} y1={yOf(0)} x2={pad.l + w} y2={yOf(0)} stroke="#adb5bd" />
      <line x1={pad.l} y1={pad.t} x2={pad.l} y2={pad.t + h} stroke="#adb5bd" />
      {[0, 0.5, 1].map((f) => (
        <text key={f} x={pad.l - 4} y={yOf(min + (max - min) * f) + 4} fontSize={10} textAnchor="end">{+(min + (max - min) * f).toFixed(2)}</text>
      ))}
      {labels.map((l, i) => (
        <text key={i} x={pad.l + step * (i + 0.5)} y={height - 10} fontSize={10} textAnchor="middle">{l.length > 8 ? `${l.slice(0, 8)}…` : l}</text>
      ))}
      {series.map((s, si) =>
        config.type === 'line' ? (
          <polyline key={s.name} fill="none" stroke={PALETTE[si % PALETTE.length]} strokeWidth={2} points={s.values.map((v, i) => `${pad.l + step * (i + 0.5)},${yOf(v)}`).join(' ')} data-series={s.name} />
        ) : (
          <g key={s.name} data-series={s.name}>
            {s.values.map((v, i) => {
              const bw = (step * 0.7) / series.length;
              const x = pad.l + step * i + step * 0.15 + bw * si;
              return <rect key={i} x={x} width={bw} y={Math.min(yOf(v), yOf(0))} height={Math.abs(yOf(v) - yOf(0))} fill={PALETTE[si % PALETTE.length]}><title>{`${labels[i]}: ${v}`}</title></rect>;
            })}
          </g>
        ),
      )}
    </svg>
  );
}
