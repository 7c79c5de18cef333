/**
 * The inline sub-table in Chromium (issue 13 item 10): a form with one sub-table of 200 rows ×
 * 8 columns (src/renderers/testing/sub-table-harness.tsx, bundled like the form bench's
 * harness). Times, in the page's clock: a keystroke in a cell (input event until React has
 * committed, p50/p95 over KEYSTROKES, rows spread over the table) and adding a row (click until
 * the row is in the document). Prints the rows for bench/results.md with the load average.
 *
 *   node --import tsx bench/sub-table-browser.ts [--rows 200] [--keystrokes 100] [--adds 40]
 */
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildHarness, CHROMIUM_ARGS, openHarnessPage } from '../src/renderers/testing/browser';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = opt('rows', 200);
const KEYSTROKES = opt('keystrokes', 100);
const ADDS = opt('adds', 40);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await openHarnessPage(browser, await buildHarness(join(import.meta.dirname, '../src/renderers/testing/sub-table-harness.tsx')), 'subTable');
  // the same measures on a 10-row table in the same run: the ratio shows what grows with the rows
  const measure = async (rows: number) => {
    const mounted = await page.evaluate((n) => window.subTable.mount(n), rows);
    const strokes: number[] = [];
    for (let k = 0; k < KEYSTROKES; k++) {
      const row = (k * 37) % rows;
      strokes.push(await page.evaluate(([r, t]) => window.subTable.keystroke(r as number, t as string), [row, `行${row}x${k}`] as const));
    }
    const adds: number[] = [];
    for (let k = 0; k < ADDS; k++) adds.push(await page.evaluate(() => window.subTable.addRow()));
    return { mounted, strokes, adds };
  };
  const small = await measure(10);
  const { mounted, strokes, adds } = await measure(ROWS);
  const load = os.loadavg()[0]!.toFixed(1);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`sub-table ${ROWS} rows × 8 columns, Chromium headless: mount ${ms(mounted)}; keystroke p50 ${ms(pct(strokes, 50))}, p95 ${ms(pct(strokes, 95))} (${KEYSTROKES}); add row p50 ${ms(pct(adds, 50))}, p95 ${ms(pct(adds, 95))}, max ${ms(Math.max(...adds))} (${ADDS}); load average ${load} on ${os.cpus().length} cores`);
  console.log(`10 rows in the same run: keystroke p50 ${ms(pct(small.strokes, 50))}, p95 ${ms(pct(small.strokes, 95))}; add row p50 ${ms(pct(small.adds, 50))}; ${ROWS} ÷ 10 rows: keystroke p50 ${ratio(pct(strokes, 50), pct(small.strokes, 50))}, add row p50 ${ratio(pct(adds, 50), pct(small.adds, 50))}`);
  console.log(`| 13 (10) | sub-table, ${ROWS} rows × 8 columns, Chromium: keystroke in a cell, p95 | ${ms(pct(strokes, 95))} (p50 ${ms(pct(strokes, 50))}; 10 rows in the same run p50 ${ms(pct(small.strokes, 50))}, ratio ${ratio(pct(strokes, 50), pct(small.strokes, 50))}; ${KEYSTROKES} keystrokes over the rows; load average ${load} on ${os.cpus().length} cores) | ≤ 16 ms | ${pct(strokes, 95) <= 16 ? 'met' : 'missed'} |`);
  console.log(`| 13 (10) | sub-table, ${ROWS} rows × 8 columns, Chromium: adding a row | p95 ${ms(pct(adds, 95))} (p50 ${ms(pct(adds, 50))}; 10 rows in the same run p50 ${ms(pct(small.adds, 50))}; ${ADDS} adds; load average ${load} on ${os.cpus().length} cores) | ≤ 50 ms | ${pct(adds, 95) <= 50 ? 'met' : 'missed'} |`);
} finally {
  await browser.close();
}
