/**
 * Form rendering bench: our ModelForm (rjsf root + per-field store) against plain @rjsf/core
 * with its default theme and plain @rjsf/mantine, in the same headless Chromium run, and
 * optionally against our own form as it is on another git ref (`--baseline main`: that ref's
 * src/ is extracted to a temporary folder and its harness bundled beside ours). Times the first
 * render, the first render plus the style/layout it forces, the time until every field is
 * mounted, and the latency of a keystroke (p50/p95) at 300 and 1,000 fields; prints a table
 * with ratios and, with `--results`, writes the form rows of bench/results.md.
 *
 *   node --import tsx bench/form-render.ts [--baseline main] [--results] [--keystrokes 60] [--runs 3]
 *                                          [--sizes 300,1000] [--forms ours,rjsf-core]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildHarness, CHROMIUM_ARGS, openHarnessPage } from '../src/renderers/testing/browser';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const KEYSTROKES = Number(opt('keystrokes', '60'));
const RUNS = Number(opt('runs', '3'));
const SIZES = opt('sizes', '300,1000').split(',').map(Number);
const BASELINE = opt('baseline', '');
const WRITE_RESULTS = args.includes('--results');
type Who = 'ours' | 'before' | 'rjsf-core' | 'rjsf-mantine';
const FORMS = opt('forms', ['ours', ...(BASELINE ? ['before'] : []), 'rjsf-core', 'rjsf-mantine'].join(',')).split(',') as Who[];
const ROOT = join(import.meta.dirname, '..');

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

/** The harness of another git ref: its src/ extracted into a temporary folder and bundled. */
async function baselineHarness(ref: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'scp-baseline-'));
  const archive = execFileSync('git', ['archive', ref, 'src'], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return buildHarness(join(dir, 'src/renderers/testing/harness.tsx'));
}

async function measure(pages: Record<'ours' | 'before', Page | null>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of SIZES) {
    // Interleaved runs (ours, before, core, mantine, ours, …) so the container's noise hits all alike.
    const timings = new Map(FORMS.map((who) => [who, { render: [] as number[], paint: [] as number[], complete: [] as number[], strokes: [] as number[] }]));
    for (let run = 0; run < RUNS; run++) {
      for (const who of FORMS) {
        const page = who === 'before' ? pages.before! : pages.ours!;
        const t = timings.get(who)!;
        await page.bringToFront();
        const m = await page.evaluate(
          ([w, n]) => (w === 'ours' || w === 'before' ? window.scp.mountOurs(n as number) : w === 'rjsf-core' ? window.scp.mountRjsf(n as number) : window.scp.mountRjsfMantine(n as number)),
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
  return rows;
}

function print(rows: Row[]): void {
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\nForm render bench (Chromium headless, ${RUNS} mounts × ${KEYSTROKES} keystrokes each; medians, ms, lower is better)${BASELINE ? `; before = ours at ${BASELINE}` : ''}\n`);
  console.log('render = committed first render; +layout = with the style/layout it forces; all fields = every field mounted\n');
  console.log('fields | form         |   render |  +layout | all fields | key p50 | key p95');
  console.log('-------|--------------|----------|----------|------------|---------|--------');
  for (const r of rows) console.log(`${String(r.size).padStart(6)} | ${r.who.padEnd(12)} | ${f(r.render)} | ${f(r.paint)} | ${f(r.complete)}   | ${f(r.p50)}| ${f(r.p95)}`);
  console.log('\nratio other / ours (higher = ours faster)\n');
  console.log('fields | vs           |   render |  +layout | all fields | key p50 | key p95');
  for (const size of SIZES) {
    const o = rows.find((r) => r.size === size && r.who === 'ours');
    if (!o) continue;
    for (const c of rows.filter((r) => r.size === size && r.who !== 'ours')) {
      const x = (a: number, b: number) => `${(a / b).toFixed(2).padStart(7)}x`;
      console.log(`${String(size).padStart(6)} | ${c.who.padEnd(12)} | ${x(c.render, o.render)} | ${x(c.paint, o.paint)} | ${x(c.complete, o.complete)}   | ${x(c.p50, o.p50)}| ${x(c.p95, o.p95)}`);
    }
  }
}

const RESULTS = join(ROOT, 'bench/results.md');
const HEADER = '| issue | target | measured | target value | met/missed |\n|---|---|---|---|---|\n';
const ROW_MARK = '| 8 (13) | form';

/** The form rows of bench/results.md (issue 8, item 13): replaced in place, other rows kept. */
function writeResults(rows: Row[]): void {
  const at = (who: Who, size: number) => rows.find((r) => r.who === who && r.size === size);
  const [ours300, ours, core, before] = [at('ours', 300), at('ours', 1000), at('rjsf-core', 1000), at('before', 1000)];
  if (!ours300 || !ours || !core) throw new Error('--results needs --sizes 300,1000 and the forms ours and rjsf-core');
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const x = (n: number) => `${n.toFixed(2)}×`;
  const lines: [string, string, string, boolean][] = [
    ['form, 1,000 fields: all fields mounted no later than plain @rjsf/core', `rjsf-core ÷ ours, all fields mounted: ${x(core.complete / ours.complete)} (${ms(core.complete)} / ${ms(ours.complete)})`, '≥ 1.00×', core.complete / ours.complete >= 1],
    ['form: keystroke p50 flat in field count', `ours, p50 at 1,000 ÷ at 300 fields: ${x(ours.p50 / ours300.p50)} (${ms(ours.p50)} / ${ms(ours300.p50)})`, '≤ 1.50×', ours.p50 / ours300.p50 <= 1.5],
  ];
  if (before) {
    lines.push(
      ['form, 1,000 fields: first render kept', `ours at ${BASELINE} ÷ ours, first render: ${x(before.render / ours.render)} (${ms(before.render)} / ${ms(ours.render)})`, '≥ 0.90×', before.render / ours.render >= 0.9],
      ['form, 1,000 fields: keystroke p95 kept', `ours at ${BASELINE} ÷ ours, keystroke p95: ${x(before.p95 / ours.p95)} (${ms(before.p95)} / ${ms(ours.p95)})`, '≥ 0.90×', before.p95 / ours.p95 >= 0.9],
    );
  }
  const kept = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').split('\n').filter((l) => l && !l.startsWith(ROW_MARK)) : HEADER.trim().split('\n');
  const ours8 = lines.map(([target, measured, value, met]) => `| 8 (13) | ${target} | ${measured} | ${value} | ${met ? 'met' : 'missed'} |`);
  writeFileSync(RESULTS, `${[...kept, ...ours8].join('\n')}\n`);
  console.log(`\n${ours8.join('\n')}\n(written to bench/results.md)`);
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const pages = {
      ours: await openHarnessPage(browser, await buildHarness()),
      before: BASELINE ? await openHarnessPage(browser, await baselineHarness(BASELINE)) : null,
    };
    const rows = await measure(pages);
    print(rows);
    if (WRITE_RESULTS) writeResults(rows);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
