import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { client, grantModelMenu, makeUser, tokenFor, type MadeUser } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Who may run a data interface (issue 9 item 2), where an HTTP interface may call (the
 * administrator's allow-list, SSRF), and the save-time check of interface-fed option values
 * (item 6). Runs on SQLite and on PostgreSQL.
 */

let server: TestServer;
let admin: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let clerk: MadeUser;
const ids: Record<string, string> = {};
let modelId = '';
let upstream: http.Server;
let upstreamUrl = '';
let upstreamPort = 0;
const hits: string[] = [];

const setAllowed = (text: string) => admin.put('/api/system/SysConfig', { dataInterfaceAllowedAddresses: text });
const preview = (who: ReturnType<typeof client>, id: string) => who.post(`/api/system/DataInterface/${id}/Actions/Preview`, {});

async function createInterface(enCode: string, body: Record<string, unknown>): Promise<string> {
  const res = await admin.post('/api/system/DataInterface', { fullName: enCode, enCode, ...body });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

const dynamic = (vModel: string, jnpfKey: string, label: string, propsUrl: string, extra: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label, required: false, layout: 'colFormItem', span: 12, regList: [], dataType: 'dynamic', propsUrl, templateJson: [] },
  props: { label: 'fullName', value: 'id' },
  __vModel__: vModel,
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  customer = client(server.url, await tokenFor(db, 'customer'));
  clerk = await makeUser(db, 'ifaceClerk');

  upstream = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const redirect = (to: string) => {
      res.writeHead(302, { location: to });
      res.end();
    };
    if (req.url === '/out') return redirect(`http://localhost:${upstreamPort}/data`);
    if (req.url === '/metadata') return redirect('http://169.254.169.254/latest/meta-data/');
    if (req.url === '/in') return redirect('/data?from=in');
    if (req.url === '/loop') return redirect('/loop');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ id: 'remote1', fullName: '远程' }]));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

  ids.units = await createInterface('gUnits', { type: 2, queryText: JSON.stringify([{ id: 't', fullName: '吨' }, { id: 'kg', fullName: '千克' }]) });
  ids.plain = await createInterface('gPlain', { type: 2, queryText: JSON.stringify([{ id: 1 }]) });
  ids.remote = await createInterface('gRemote', { type: 3, requestMethod: 'GET', path: `${upstreamUrl}/data` });

  const formData = {
    fields: [
      dynamic('unit', 'select', '单位', 'gUnits'),
      dynamic('units', 'checkbox', '多个单位', ids.units!),
      dynamic('remote', 'select', '远程选项', ids.remote!),
      { __config__: { jnpfKey: 'comInput', label: '备注', layout: 'colFormItem', span: 24, regList: [] }, __vModel__: 'note' },
    ],
  };
  const columnData = {
    type: 1, hasPage: true, pageSize: 20, columnList: [{ prop: 'note', label: '备注' }], searchList: [], btnsList: [], columnBtnsList: [],
    useBtnPermission: false, useColumnPermission: false, useFormPermission: false, useDataPermission: false,
  };
  const created = await admin.post('/api/visualdev/Base', { fullName: '接口选项', enCode: 'ifaceOptions', category: '测试', type: 1, webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData), sortCode: 0 });
  expect(created.body.code, created.body.msg).toBe(200);
  modelId = created.body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
});

afterAll(async () => {
  await new Promise<void>((resolve) => upstream?.close(() => resolve()) ?? resolve());
  await server?.close();
});

describe('who may run an interface', () => {
  it('refuses a user without a page that uses it, in three languages', async () => {
    const clerkCalls = client(server.url, clerk.token);
    const zh = await preview(clerkCalls, ids.units!);
    expect(zh.status).toBe(403);
    expect(zh.body.msg).toBe('无权调用该数据接口：需要使用它的页面的权限或该接口的授权');
    expect((await client(server.url, clerk.token, 'zh-TW').post(`/api/system/DataInterface/${ids.units}/Actions/Preview`, {})).body.msg).toBe('無權呼叫該資料介面：需要使用它的頁面的權限或該介面的授權');
    expect((await client(server.url, clerk.token, 'en').post(`/api/system/DataInterface/${ids.units}/Actions/Preview`, {})).body.msg).toMatch(/^You may not run this data interface/);
    for (const [path, body] of [
      [`/api/system/DataInterface/${ids.units}/Action/List`, { currentPage: 1, pageSize: 5 }],
      [`/api/system/DataInterface/${ids.units}/Action/InfoByIds`, { ids: ['t'] }],
      ['/api/system/DataInterface/gUnits/Actions/Preview', {}],
    ] as const) {
      expect((await clerkCalls.post(path, body)).status, path).toBe(403);
    }
    expect((await clerkCalls.get(`/api/system/DataInterface/GetParam/${ids.units}`)).status).toBe(403);
    // The business customer's demo menu has no page using these interfaces either.
    expect((await preview(customer, ids.units!)).status).toBe(403);
  });

  it('lets a user granted a menu entry of a model whose field uses it run it (by id or code), and nothing else', async () => {
    const db = server.database.db;
    await grantModelMenu(db, clerk.roleId, modelId, []);
    const clerkCalls = client(server.url, clerk.token);
    const rows = await preview(clerkCalls, ids.units!);
    expect(rows.status).toBe(200);
    expect(rows.body.data).toEqual([{ id: 't', fullName: '吨' }, { id: 'kg', fullName: '千克' }]);
    expect((await clerkCalls.post('/api/system/DataInterface/gUnits/Action/List', { currentPage: 1, pageSize: 5 })).body.data.pagination.total).toBe(2);
    expect((await clerkCalls.post(`/api/system/DataInterface/${ids.units}/Action/InfoByIds`, { ids: ['kg'] })).body.data).toEqual([{ id: 'kg', fullName: '千克' }]);
    expect((await clerkCalls.get(`/api/system/DataInterface/GetParam/${ids.units}`)).status).toBe(200);
    // GetFields is an authoring tool: interface managers only.
    expect((await clerkCalls.post(`/api/system/DataInterface/${ids.units}/Actions/GetFields`, {})).status).toBe(403);
    // An interface no granted page uses stays closed …
    expect((await preview(clerkCalls, ids.plain!)).status).toBe(403);
    // … until its own grant is given to the role.
    await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: clerk.roleId, itemType: 'dataInterface', itemId: ids.plain! }).execute();
    expect((await preview(clerkCalls, ids.plain!)).body.data).toEqual([{ id: 1 }]);
  });

  it('lets holders of system.dataInterface:manage run and inspect any interface', async () => {
    const manager = await makeUser(server.database.db, 'ifaceManager');
    await server.database.db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: manager.roleId, itemType: 'api', itemId: 'system.dataInterface:manage' }).execute();
    const calls = client(server.url, manager.token);
    expect((await preview(calls, ids.plain!)).status).toBe(200);
    expect((await calls.post(`/api/system/DataInterface/${ids.units}/Actions/GetFields`, {})).body.data).toEqual(['id', 'fullName']);
  });

  it('runs a disabled interface nowhere, not even for its managers or the pages that use it', async () => {
    const off = await createInterface('gOff', { type: 2, queryText: '[]', enabledMark: 0 });
    expect((await preview(admin, off)).body.msg).toBe('数据接口已被禁用');
    expect((await admin.post(`/api/system/DataInterface/${off}/Actions/GetFields`, {})).body.msg).toBe('数据接口已被禁用');
  });
});

describe('interface-fed option values on save', () => {
  const save = (who: ReturnType<typeof client>, data: Record<string, unknown>) => who.post(`/api/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify(data) });

  it('stores values the interface offers and refuses others', async () => {
    const clerkCalls = client(server.url, clerk.token);
    const fine = await save(clerkCalls, { unit: 't', units: ['t', 'kg'], note: 'ok' });
    expect(fine.body.code, fine.body.msg).toBe(200);
    const script = await save(clerkCalls, { unit: '<img src=x onerror=alert(1)>', note: 'x' });
    expect(script.status).toBe(400);
    expect(script.body.data.errors).toEqual([{ field: 'unit', message: expect.stringContaining('单位') }]);
    const oneBad = await save(clerkCalls, { units: ['t', 'nope'] });
    expect(oneBad.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['units']);
    // An update is checked the same way.
    const update = await clerkCalls.put(`/api/visualdev/OnlineDev/${modelId}/${fine.body.data.id}`, { data: JSON.stringify({ unit: 'gram' }) });
    expect(update.status).toBe(400);
    const stored = await server.database.db.selectFrom('visualdevRecord').select('data').where('id', '=', fine.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).unit).toBe('t');
    expect(Number((await server.database.db.selectFrom('visualdevRecord').select((eb) => eb.fn.countAll<number>().as('n')).where('modelId', '=', modelId).executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('refuses the save, in the caller’s language, when the interface cannot answer', async () => {
    await setAllowed('');
    const clerkZh = client(server.url, clerk.token);
    const refused = await save(clerkZh, { remote: 'remote1' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([{ field: 'remote', message: expect.stringMatching(/^远程选项的选项来自数据接口，接口调用失败，无法核对所选的值，请稍后再试：系统未开放任何外部接口地址/) }]);
    const en = await save(client(server.url, clerk.token, 'en'), { remote: 'remote1' });
    expect(en.body.data.errors[0].message).toMatch(/^The options of 远程选项 come from a data interface that failed/);
    const tw = await save(client(server.url, clerk.token, 'zh-TW'), { remote: 'remote1' });
    expect(tw.body.data.errors[0].message).toMatch(/^远程选项的選項來自資料介面，介面呼叫失敗/);
    // An empty value is not checked; an allowed upstream checks the value.
    expect((await save(clerkZh, { note: 'no remote' })).body.code).toBe(200);
    await setAllowed(upstreamUrl);
    expect((await save(clerkZh, { remote: 'remote1' })).body.code).toBe(200);
    expect((await save(clerkZh, { remote: 'remote2' })).status).toBe(400);
    await setAllowed('');
  });

  it('refuses values of a disabled interface', async () => {
    await admin.put(`/api/system/DataInterface/${ids.units}/Actions/State`);
    const res = await save(client(server.url, clerk.token), { unit: 't' });
    expect(res.body.data.errors).toEqual([{ field: 'unit', message: '单位的选项来自数据接口，接口调用失败，无法核对所选的值，请稍后再试：数据接口已被禁用' }]);
    await admin.put(`/api/system/DataInterface/${ids.units}/Actions/State`);
  });
});

describe('where HTTP interfaces may call', () => {
  const run = (path: string) => createInterface(`h${newId().slice(-10)}`, { type: 3, requestMethod: 'GET', path }).then((id) => preview(admin, id));

  it('calls nowhere while the list is empty (the default)', async () => {
    await setAllowed('');
    const res = await run(`${upstreamUrl}/data`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^系统未开放任何外部接口地址/);
  });

  it('refuses loopback unless the address itself is listed', async () => {
    await setAllowed(`localhost:${upstreamPort}`);
    const byName = await run(`http://localhost:${upstreamPort}/data`);
    expect(byName.status).toBe(400);
    expect(byName.body.msg).toMatch(/^接口地址localhost:\d+解析到内部网络地址(127\.0\.0\.1|::1)，该地址未被明确允许$/);
    expect((await run(`${upstreamUrl}/data`)).body.msg).toBe(`接口地址127.0.0.1:${upstreamPort}不在系统允许的地址中`);
    await setAllowed(`${upstreamUrl}/data`);
    const listed = await run(`${upstreamUrl}/data`);
    expect(listed.body.data).toEqual([{ id: 'remote1', fullName: '远程' }]);
    // A prefix allows whole path segments only.
    await setAllowed(`${upstreamUrl}/dat`);
    expect((await run(`${upstreamUrl}/data`)).body.msg).toBe(`接口地址127.0.0.1:${upstreamPort}不在系统允许的地址中`);
  });

  it('follows redirects only to allowed addresses', async () => {
    await setAllowed(upstreamUrl);
    hits.length = 0;
    const inside = await run(`${upstreamUrl}/in`);
    expect(inside.body.data).toEqual([{ id: 'remote1', fullName: '远程' }]);
    expect(hits).toEqual(['/in', '/data?from=in']);
    hits.length = 0;
    const out = await run(`${upstreamUrl}/out`);
    expect(out.status).toBe(400);
    expect(out.body.msg).toBe(`接口地址localhost:${upstreamPort}不在系统允许的地址中`);
    const metadata = await run(`${upstreamUrl}/metadata`);
    expect(metadata.body.msg).toBe('接口地址169.254.169.254不在系统允许的地址中');
    expect(hits).toEqual(['/out', '/metadata']); // nothing was fetched from the refused targets
    expect((await run(`${upstreamUrl}/loop`)).body.msg).toBe('接口重定向次数过多');
  });

  it('only administrators set the list, and unreadable entries are refused', async () => {
    expect((await customer.put('/api/system/SysConfig', { dataInterfaceAllowedAddresses: '*' })).status).toBe(403);
    const bad = await setAllowed('api.example.com\nftp://x.example.com');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^允许的接口地址格式不正确：ftp:\/\/x\.example\.com/);
    const en = await client(server.url, await tokenFor(server.database.db, 'admin'), 'en').put('/api/system/SysConfig', { dataInterfaceAllowedAddresses: 'http://user:pw@x.example.com/' });
    expect(en.body.msg).toMatch(/^Allowed upstream address not understood: http:\/\/user:pw@x\.example\.com\//);
    expect((await setAllowed('api.example.com, https://erp.example.com/api/\n10.0.0.5')).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig')).body.data.dataInterfaceAllowedAddresses).toBe('api.example.com, https://erp.example.com/api/\n10.0.0.5');
  });
});
