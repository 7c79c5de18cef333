/**
 * Form rendering bench: our ModelForm (rjsf root + per-field store) against plain @rjsf/core
 * with its default theme and plain @rjsf/mantine, in the same headless Chromium run. Times the
 * first render, the first render plus the style/layout it forces, the time until every field is
 * mounted, and the latency of a keystroke (p50/p95) at 300 and 1,000 fields; prints a table
 * with ratios.
 *
 *   node --import tsx bench/form-render.ts [--keystrokes 60] [--runs 3]
 */
import { openHarness } from '../src/renderers/testing/browser';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const KEYSTROKES = opt('keystrokes', 60);
const RUNS = opt('runs', 3);
const SIZES = [300, 1000];
const FORMS = ['ours', 'rjsf-core', 'rjsf-mantine'] as const;
type Who = (typeof FORMS)[number];

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Row {
  size: number;
  who: Who;
  render: number;
  paint: number;
  complete: number;
  p50: number;
  p95: number;
}

async function main() {
  const { browser, page } = await openHarness();
  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      // Interleaved runs (ours, core, mantine, ours, …) so the container's noise hits all alike.
      const timings = new Map<Who, { render: number[]; paint: number[]; complete: number[]; strokes: number[] }>();
      for (const who of FORMS) timings.set(who, { render: [], paint: [], complete: [], strokes: [] });
      for (let run = 0; run < RUNS; run++) {
        for (const who of FORMS) {
          const t = timings.get(who)!;
          const m = await page.evaluate(
            ([w, n]) => (w === 'ours' ? window.scp.mountOurs(n as number) : w === 'rjsf-core' ? window.scp.mountRjsf(n as number) : window.scp.mountRjsfMantine(n as number)),
            [who, size] as const,
          );
          t.render.push(m.render);
          t.paint.push(m.firstPaint);
          t.complete.push(m.complete);
          let text = '';
          const index = Math.floor(size / 2) - (Math.floor(size / 2) % 5);
          for (let k = 0; k < KEYSTROKES; k++) {
            text += String.fromCharCode(97 + (k % 26));
            t.strokes.push(await page.evaluate(([i, s]) => window.scp.keystroke(i as number, s as string), [index, text] as const));
          }
        }
      }
      for (const who of FORMS) {
        const t = timings.get(who)!;
        rows.push({ size, who, render: pct(t.render, 50), paint: pct(t.paint, 50), complete: pct(t.complete, 50), p50: pct(t.strokes, 50), p95: pct(t.strokes, 95) });
      }
    }
  } finally {
    await browser.close();
  }
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\nForm render bench (Chromium headless, ${RUNS} mounts × ${KEYSTROKES} keystrokes each; medians, ms, lower is better)\n`);
  console.log('render = committed first render; +layout = with the style/layout it forces; all fields = every field mounted\n');
  console.log('fields | form         |   render |  +layout | all fields | key p50 | key p95');
  console.log('-------|--------------|----------|----------|------------|---------|--------');
  for (const r of rows) console.log(`${String(r.size).padStart(6)} | ${r.who.padEnd(12)} | ${f(r.render)} | ${f(r.paint)} | ${f(r.complete)}   | ${f(r.p50)}| ${f(r.p95)}`);
  console.log('\nratio other / ours (higher = ours faster)\n');
  console.log('fields | vs           |   render |  +layout | all fields | key p50 | key p95');
  for (const size of SIZES) {
    const o = rows.find((r) => r.size === size && r.who === 'ours')!;
    for (const who of FORMS.slice(1)) {
      const c = rows.find((r) => r.size === size && r.who === who)!;
      const x = (a: number, b: number) => `${(a / b).toFixed(2).padStart(7)}x`;
      console.log(`${String(size).padStart(6)} | ${who.padEnd(12)} | ${x(c.render, o.render)} | ${x(c.paint, o.paint)} | ${x(c.complete, o.complete)}   | ${x(c.p50, o.p50)}| ${x(c.p95, o.p95)}`);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
