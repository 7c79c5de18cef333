/**
 * The user picker's first page in Chromium (issue 12, item 10): the front end built with Vite,
 * the server in this process (SQLite) with 10,000 users inserted in bulk under 20 departments of
 * 运营部; as administrator on 客户订单 (demo-order), from the press on 业务员 (pointerdown, in the
 * page's clock) until the frame that shows the first root opened (运营部 drawn), median of RUNS openings. The server part of
 * the same calls is in bench/pickers.ts.
 *
 *   node --import tsx bench/pickers-browser.ts [--runs 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { tokenFor } from '../tests/helpers/access';
import { startTestServer } from '../tests/helpers/server';

const ROOT = path.resolve(import.meta.dirname, '..');
const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 10;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-pickers-build-'));
await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await startTestServer({ staticDir: outDir, seedPassword: 'demo1234' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
try {
  const db = server.database.db;
  const ops = (await db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.operations').executeTakeFirstOrThrow()).id;
  const now = Date.now();
  const deps = Array.from({ length: 20 }, (_, i) => ({ id: `bench-d${i}`, parentId: ops, category: 'department' as const, fullName: `部门${i}`, enCode: `bench.d${i}`, managerId: null, sortCode: i, enabledMark: 1, description: null, createdAt: now }));
  await db.insertInto('baseOrganize').values(deps).execute();
  const users = Array.from({ length: 10_000 }, (_, i) => ({
    id: `bench-u${i}`, account: `u${String(i).padStart(5, '0')}`, realName: `用户${i}`, passwordHash: 'x', mobile: null, email: null, gender: 1, headIcon: null, signImg: null,
    organizeId: deps[i % 20]!.id, positionId: null, managerId: null, isAdministrator: 0, userKind: 'staff', enabledMark: 1, theme: null, language: null, portalId: null,
    changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
  }));
  for (let i = 0; i < users.length; i += 500) await db.insertInto('baseUser').values(users.slice(i, i + 500)).execute();
  const token = await tokenFor(db, 'admin');
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
  await context.addInitScript((t) => localStorage.setItem('scp_token', t), token);
  await context.addInitScript(() => addEventListener('pointerdown', () => ((window as unknown as { __pressedAt: number }).__pressedAt = performance.now()), true));
  const page = await context.newPage();
  await page.goto('/business/customerOrder');
  await page.locator('table.scp-model-list').waitFor();
  await page.locator('[data-button="btn_add"]').click();
  const field = page.locator('.scp-model-form [data-field-key="salesman"] [data-picker-field]');
  await field.waitFor();
  // Times in the page's own clock, from the press (pointerdown) on the field: Playwright's click
  // first checks the field is visible and stable (two frames or more on a loaded machine), which is
  // not the page's time; the old outer measurement (from the call to click()) is kept beside it.
  const outer: number[] = [];
  const steps: Record<string, number[]> = { dialog: [], drawn: [], callSent: [], callAnswered: [] };
  let cold = NaN; // the session's first opening: the first root's id is not known yet, its level is asked after the top
  for (let i = 0; i < RUNS + 2; i++) {
    const dialog = page.getByRole('dialog', { name: '选择用户' });
    await page.evaluate(() => {
      performance.clearResourceTimings();
      delete (window as unknown as { __dialogAt?: number }).__dialogAt;
    });
    // checked every frame, just before it is painted: the first root's level (运营部) drawn in the dialog
    const drawn = page.waitForFunction(
      () => {
        const d = document.querySelector('[data-picker-dialog] [data-picker-left], .mantine-Modal-content [data-picker-left]');
        const w = window as unknown as { __dialogAt?: number };
        if (d && w.__dialogAt === undefined) w.__dialogAt = performance.now(); // the first frame with the dialog
        const hit = d && [...d.querySelectorAll('button')].some((b) => b.textContent === '运营部');
        return hit ? performance.now() : false;
      },
      undefined,
      { polling: 'raf' },
    );
    const start = Date.now();
    await field.click();
    const drawnAt = (await (await drawn).jsonValue()) as number;
    const outerAt = Date.now() - start;
    const { pressedAt, dialogAt, calls } = await page.evaluate(() => ({
      pressedAt: (window as unknown as { __pressedAt: number }).__pressedAt,
      dialogAt: (window as unknown as { __dialogAt: number }).__dialogAt,
      calls: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('getOrganization'))
        .map((e) => [e.startTime, (e as PerformanceResourceTiming).responseEnd]),
    }));
    if (i === 0) cold = Math.round(drawnAt - pressedAt);
    if (i >= 2) {
      outer.push(outerAt);
      steps.dialog!.push(Math.round(dialogAt - pressedAt));
      steps.drawn!.push(Math.round(drawnAt - pressedAt));
      const [a] = calls; // the opening's one call (openFirst; the buffer is cleared before each press)
      steps.callSent!.push(Math.round((a?.[0] ?? NaN) - pressedAt));
      steps.callAnswered!.push(Math.round((a?.[1] ?? NaN) - pressedAt));
    }
    await dialog.locator('button.mantine-Modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const mid = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
  console.log(`steps after the press (median ms, page clock): ${Object.entries(steps).map(([k, v]) => `${k} ${mid(v)}`).join(', ')}`);
  console.log(`Chromium, 10,000 users, administrator: press to the first page drawn, median ${mid(steps.drawn!)} ms, max ${sorted(steps.drawn!).at(-1)} ms; from Playwright's click() call, median ${mid(outer)} ms; the session's first opening ${cold} ms (${RUNS} openings after 2; load average ${os.loadavg()[0]!.toFixed(1)})`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
