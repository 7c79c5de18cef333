/**
 * Form rendering bench: our ModelForm (rjsf root + per-field store) against plain @rjsf/core
 * with its default theme, in the same headless Chromium run. Times the first render and the
 * latency of a keystroke (p50/p95) at 300 and 1,000 fields, and prints a table with ratios.
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

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const { browser, page } = await openHarness();
  const rows: { size: number; who: string; first: number; p50: number; p95: number }[] = [];
  try {
    for (const size of SIZES) {
      for (const who of ['ours', 'rjsf-core'] as const) {
        const firsts: number[] = [];
        const strokes: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const first = await page.evaluate(([w, n]) => (w === 'ours' ? window.scp.mountOurs(n as number) : window.scp.mountRjsf(n as number)), [who, size] as const);
          firsts.push(first);
          let text = '';
          for (let k = 0; k < KEYSTROKES; k++) {
            text += String.fromCharCode(97 + (k % 26));
            strokes.push(await page.evaluate(([i, t]) => window.scp.keystroke(i as number, t as string), [Math.floor(size / 2) - ((Math.floor(size / 2)) % 5), text] as const));
          }
        }
        rows.push({ size, who, first: pct(firsts, 50), p50: pct(strokes, 50), p95: pct(strokes, 95) });
      }
    }
  } finally {
    await browser.close();
  }
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\nForm render bench (Chromium headless, ${RUNS} mounts × ${KEYSTROKES} keystrokes each; ms, lower is better)\n`);
  console.log('fields | form       | first render | key p50 | key p95');
  console.log('-------|------------|--------------|---------|--------');
  for (const r of rows) console.log(`${String(r.size).padStart(6)} | ${r.who.padEnd(10)} | ${f(r.first)}     | ${f(r.p50)}| ${f(r.p95)}`);
  console.log('\nratio rjsf-core / ours (higher = ours faster)\n');
  console.log('fields | first render | key p50 | key p95');
  for (const size of SIZES) {
    const o = rows.find((r) => r.size === size && r.who === 'ours')!;
    const c = rows.find((r) => r.size === size && r.who === 'rjsf-core')!;
    console.log(`${String(size).padStart(6)} | ${(c.first / o.first).toFixed(2).padStart(11)}x | ${(c.p50 / o.p50).toFixed(2).padStart(6)}x | ${(c.p95 / o.p95).toFixed(2).padStart(6)}x`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
