/**
 * The user picker's first page in Chromium (issue 12, item 10): the front end built with Vite,
 * the server in this process (SQLite) with 10,000 users inserted in bulk under 20 departments of
 * 运营部; as administrator on 客户订单 (demo-order), from the click on 业务员 until the dialog
 * shows the first root opened (its departments drawn), median of RUNS openings. The server part of
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
  const page = await context.newPage();
  await page.goto('/business/customerOrder');
  await page.locator('table.scp-model-list').waitFor();
  await page.locator('[data-button="btn_add"]').click();
  const field = page.locator('.scp-model-form [data-field-key="salesman"] [data-picker-field]');
  await field.waitFor();
  const times: number[] = [];
  const steps: Record<string, number[]> = { dialog: [], roots: [], firstCallSent: [], firstCallAnswered: [], secondCallSent: [], secondCallAnswered: [] };
  let start = 0;
  let calls: number[] = [];
  page.on('request', (r) => r.url().includes('getOrganization') && calls.push(Date.now() - start));
  page.on('requestfinished', (r) => r.url().includes('getOrganization') && calls.push(Date.now() - start));
  for (let i = 0; i < RUNS + 2; i++) {
    const dialog = page.getByRole('dialog', { name: '选择用户' });
    calls = [];
    start = Date.now();
    await field.click();
    await dialog.waitFor();
    const dialogAt = Date.now() - start;
    await dialog.getByText('供应链管理有限公司', { exact: true }).first().waitFor();
    const rootsAt = Date.now() - start;
    // the first root (供应链管理有限公司) opened: its departments drawn
    await dialog.getByText('运营部', { exact: true }).waitFor();
    if (i >= 2) {
      times.push(Date.now() - start);
      steps.dialog!.push(dialogAt);
      steps.roots!.push(rootsAt);
      const [a, b, c, d] = calls;
      steps.firstCallSent!.push(a ?? NaN);
      steps.firstCallAnswered!.push(b ?? NaN);
      steps.secondCallSent!.push(c ?? NaN);
      steps.secondCallAnswered!.push(d ?? NaN);
    }
    await dialog.locator('button.mantine-Modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  }
  times.sort((a, b) => a - b);
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`steps after the click (median ms): ${Object.entries(steps).map(([k, v]) => `${k} ${mid(v)}`).join(', ')}`);
  console.log(`Chromium, 10,000 users, administrator: click to the first page drawn, median ${times[Math.floor(times.length / 2)]} ms, max ${times.at(-1)} ms (${RUNS} openings after 2; load average ${os.loadavg()[0]!.toFixed(1)})`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
