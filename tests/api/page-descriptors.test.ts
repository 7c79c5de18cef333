import { bumpAccessVersion } from '../../server/auth/access-version';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { compileDictionaryPage, compilePortalPage, compileReportPage } from '../../src/runtime/compile';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { nextEvent } from '../helpers/sse';

// Copies of the demo page files under a temporary schemas dir, plus a broken one; the watcher is on (development mode).
process.env.SCHEMA_WATCH = '1';

const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-pages-'));
const FOLDERS = ['dictionaries', 'reports', 'portals'] as const;
const demo = (folder: string, id: string) => JSON.parse(fs.readFileSync(path.resolve('schemas', folder, `${id}.json`), 'utf8')) as Record<string, unknown>;

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let adminToken: string;

beforeAll(async () => {
  for (const folder of FOLDERS) fs.cpSync(path.resolve('schemas', folder), path.join(schemasDir, folder), { recursive: true });
  fs.writeFileSync(path.join(schemasDir, 'reports', 'broken.json'), '{ "id": "broken-report", ');
  fs.writeFileSync(path.join(schemasDir, 'portals', 'no-name.json'), JSON.stringify({ id: 'no-name', layout: [] }));
  server = await startTestServer({ schemasDir });
  const db = server.database.db;
  adminToken = await tokenFor(db, 'admin');
  admin = client(server.url, adminToken);
  staff = client(server.url, await tokenFor(db, 'staff'));
  customer = client(server.url, await tokenFor(db, 'customer'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(schemasDir, { recursive: true, force: true });
});

const options = (file: string) => ({ file, strict: true });
const PAGES = [
  { route: 'Dictionary', id: 'demo-dictionary', compiled: () => compileDictionaryPage(demo('dictionaries', 'demo-dictionary'), options('x')).model },
  { route: 'Report', id: 'demo-report', compiled: () => compileReportPage(demo('reports', 'demo-report'), options('x')).model },
  { route: 'Portal', id: 'demo-portal', compiled: () => compilePortalPage(demo('portals', 'demo-portal'), options('x')).model },
];

describe('compiled dictionary, report and portal pages', () => {
  it('administrators get each demo page as the runtime compiles it', async () => {
    for (const page of PAGES) {
      const reply = await admin.get(`/api/visualdev/${page.route}/${page.id}`);
      expect(reply.status, `${page.route} ${reply.body.msg}`).toBe(200);
      expect(reply.body.data).toEqual(page.compiled());
    }
    const dictionary = (await admin.get('/api/visualdev/Dictionary/demo-dictionary')).body.data;
    expect(dictionary).toEqual({ id: 'demo-dictionary', fullName: '商品分类', dictionaryType: 'goodsCategory', isTree: true });
    const report = (await admin.get('/api/visualdev/Report/demo-report')).body.data;
    expect(report.chart).toEqual({ type: 'bar', x: 'month', y: ['amount', 'orders'], title: '月度销售额' });
    expect(report.params[0]).toMatchObject({ field: 'category', kind: 'select', defaultValue: null });
    const portal = (await admin.get('/api/visualdev/Portal/demo-portal')).body.data;
    expect(portal.cards.map((c: { id: string; kind: string }) => c.kind)).toEqual(['number', 'number', 'number', 'number', 'chart', 'shortcut', 'list', 'notice']);
    expect(portal).not.toHaveProperty('layout');
  });

  it('staff, granted the operations menu, get them; a customer is refused with 403', async () => {
    for (const page of PAGES) {
      const mine = await staff.get(`/api/visualdev/${page.route}/${page.id}`);
      expect(mine.status, `${page.route} ${mine.body.msg}`).toBe(200);
      expect(mine.body.data).toEqual(page.compiled());
      const theirs = await customer.get(`/api/visualdev/${page.route}/${page.id}`);
      expect(theirs.status).toBe(403);
      expect(theirs.body.code).toBe(403);
    }
  });

  it('an unknown id is 404 with a message naming it; a broken or incomplete file is skipped, not fatal', async () => {
    for (const route of ['Dictionary', 'Report', 'Portal']) {
      const reply = await admin.get(`/api/visualdev/${route}/no-such-page`);
      expect(reply.status).toBe(404);
      expect(reply.body.msg).toBe('页面 no-such-page 不存在');
    }
    expect((await admin.get('/api/visualdev/Report/broken-report')).status).toBe(404);
    expect((await admin.get('/api/visualdev/Portal/no-name')).status).toBe(404);
    // A page of one kind is not served under another.
    expect((await admin.get('/api/visualdev/Report/demo-portal')).status).toBe(404);
    // Signed-in only.
    expect((await client(server.url, null).get('/api/visualdev/Report/demo-report')).status).toBe(401);
  });

  it('a dictionary category id or enCode stands for a page listing that category', async () => {
    const db = server.database.db;
    const category = await db.selectFrom('baseDictionaryType').selectAll().where('enCode', '=', 'goodsCategory').executeTakeFirstOrThrow();
    const expected = { fullName: category.fullName, dictionaryType: category.id, isTree: category.isTree === 1 };
    expect((await admin.get(`/api/visualdev/Dictionary/${category.id}`)).body.data).toEqual({ id: category.id, ...expected });
    expect((await admin.get('/api/visualdev/Dictionary/goodsCategory')).body.data).toEqual({ id: 'goodsCategory', ...expected });
    // A user reaches it through a type-4 menu entry pointing at the category, and only so.
    const user = await makeUser(db, 'dictReader');
    const reader = client(server.url, user.token);
    expect((await reader.get(`/api/visualdev/Dictionary/${category.id}`)).status).toBe(403);
    const system = await db.selectFrom('baseSystem').select('id').executeTakeFirst();
    const menuId = newId();
    await db.insertInto('baseModule').values({
      id: menuId, parentId: '-1', systemId: system?.id ?? 'main', type: 4, fullName: '分类', enCode: `d${menuId}`, icon: null, urlAddress: `test/${menuId}`,
      linkTarget: null, propertyJson: JSON.stringify({ moduleId: category.id, isTree: 1 }), sortCode: 0, enabledMark: 1, isHidden: 0, description: null, createdAt: Date.now(),
    }).execute();
    await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: user.roleId, itemType: 'module', itemId: menuId }).execute();
    await bumpAccessVersion(db);
    const granted = await reader.get(`/api/visualdev/Dictionary/${category.id}`);
    expect(granted.status, granted.body.msg).toBe(200);
    expect(granted.body.data).toEqual({ id: category.id, ...expected });
    expect((await reader.get('/api/visualdev/Report/demo-report')).status).toBe(403);
  });
});

describe('development reload of page files', () => {
  const events = () => fetch(`${server.url}/api/visualdev/Events`, { headers: { authorization: `Bearer ${adminToken}` } });
  const reportFile = () => path.join(schemasDir, 'reports', 'demo-report.json');

  it('a changed file is recompiled, served, and announced as a "page" event', async () => {
    const stream = await events();
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(reportFile(), JSON.stringify({ ...demo('reports', 'demo-report'), fullName: '销售报表（新）' }));
    const event = await nextEvent(stream, 'page', (d) => d.id === 'demo-report');
    expect(event).toMatchObject({ kind: 'report', id: 'demo-report', file: 'demo-report.json', status: 'loaded' });
    expect((await admin.get('/api/visualdev/Report/demo-report')).body.data.fullName).toBe('销售报表（新）');
  });

  it('a file broken while the server runs keeps the last good page and reports its problems', async () => {
    const stream = await events();
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(reportFile(), JSON.stringify({ ...demo('reports', 'demo-report'), chart: { type: 'bar', x: 'nope', y: 'amount' } }));
    const event = await nextEvent(stream, 'page', (d) => d.id === 'demo-report' && d.status === 'failed');
    expect((event.problems as { path: string }[]).map((p) => p.path)).toContain('chart.x');
    expect((await admin.get('/api/visualdev/Report/demo-report')).body.data.fullName).toBe('销售报表（新）');
  });

  it('a removed file is no longer served', async () => {
    const stream = await events();
    await new Promise((r) => setTimeout(r, 100));
    fs.rmSync(path.join(schemasDir, 'portals', 'demo-portal.json'));
    const event = await nextEvent(stream, 'page', (d) => d.id === 'demo-portal');
    expect(event).toMatchObject({ kind: 'portal', status: 'removed' });
    expect((await admin.get('/api/visualdev/Portal/demo-portal')).status).toBe(404);
  });
});
