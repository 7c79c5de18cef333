import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsDefinition } from './visualdev-fixture';

/** Form short links: management, the public Open calls, receipts, rate limit and password. */

let server: TestServer;
let admin: ReturnType<typeof client>;
let anon: ReturnType<typeof client>;
let goodsId: string;

const INVALID = '链接无效或已失效';
const link = (modelId: string) => `/api/visualdev/ShortLink/${modelId}`;
const openUrl = (code: string) => `/api/visualdev/ShortLink/Open/${encodeURIComponent(code)}`;

async function setLink(modelId: string, body: Record<string, unknown>): Promise<string> {
  const res = await admin.put(link(modelId), body);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.code;
}

/** A fetch with extra headers (password header, forwarded IP). */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: any } };
}

beforeAll(async () => {
  // The tests play a proxy that names the callers' addresses.
  server = await startTestServer({ trustProxyHops: 1 });
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  anon = client(server.url, null);
  const created = await admin.post('/api/visualdev/Base', goodsDefinition('shortLinkGoods'));
  expect(created.body.code, created.body.msg).toBe(200);
  goodsId = created.body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${goodsId}/Actions/Release`)).body.code).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('managing a short link', () => {
  it('needs visualdev.model:manage; a signed-out caller is refused too', async () => {
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    expect((await staff.get(link(goodsId))).status).toBe(403);
    expect((await staff.put(link(goodsId), { enabled: true })).status).toBe(403);
    expect((await anon.get(link(goodsId))).status).toBe(401);
    expect((await anon.put(link(goodsId), { enabled: true })).status).toBe(401);
  });

  it('creates a link with an unguessable code, reads the settings back, regenerates the code', async () => {
    const before = await admin.get(link(goodsId));
    expect(before.body.data).toMatchObject({ exists: false, code: null, enabled: false });
    const saved = await admin.put(link(goodsId), { allowFill: true, enabled: true });
    expect(saved.body.code).toBe(200);
    const { code, url } = saved.body.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`/formShortLink?code=${code}`);
    const read = await admin.get(link(goodsId));
    expect(read.body.data).toMatchObject({ exists: true, code, allowFill: true, allowView: false, hasPassword: false, enabled: true, submissions: 0 });

    const again = await setLink(goodsId, { regenerate: true });
    expect(again).not.toBe(code);
    expect((await anon.get(openUrl(code))).status).toBe(404);
    expect((await anon.get(openUrl(again))).status).toBe(200);
    expect((await admin.put(link(goodsId), { expiresAt: Date.now() - 1000 })).status).toBe(400);
    expect((await admin.get(link('no-such-model'))).status).toBe(404);
  });
});

describe('opening a link', () => {
  it('gives the form part of the compiled model only, with every field', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true });
    const res = await anon.get(openUrl(code));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['allowView', 'form', 'fullName', 'recordSchema']);
    expect(res.body.data.fullName).toBe('测试商品');
    // The model judges form permissions, but the link publishes its whole form.
    expect(Object.keys(res.body.data.form.fields)).toEqual(expect.arrayContaining(['goodsName', 'goodsCode', 'quantity', 'status', 'costPrice']));
    expect(JSON.stringify(res.body.data)).not.toContain('permissionCodes');
  });

  it('refuses unknown, disabled, expired, fill-off and capped links with one message', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true, maxSubmissions: null });
    const refusals: { status: number; msg: string }[] = [];
    const probe = async (c: string) => {
      const open = await anon.get(openUrl(c));
      const submit = await anon.post(openUrl(c), { data: { goodsName: 'X', quantity: 1 } });
      refusals.push({ status: open.status, msg: open.body.msg }, { status: submit.status, msg: submit.body.msg });
    };
    await probe('x'.repeat(32));
    await setLink(goodsId, { enabled: false });
    await probe(code);
    await setLink(goodsId, { enabled: true, allowFill: false });
    await probe(code);
    await setLink(goodsId, { allowFill: true });
    await server.database.db.updateTable('baseVisualdevShortLink').set({ expiresAt: Date.now() - 1 }).where('code', '=', code).execute();
    await probe(code);
    await setLink(goodsId, { expiresAt: null, maxSubmissions: 1 });
    await server.database.db.updateTable('baseVisualdevShortLink').set({ submissions: 1 }).where('code', '=', code).execute();
    await probe(code);
    expect(refusals).toHaveLength(10);
    for (const r of refusals) expect(r).toEqual({ status: 404, msg: INVALID });
    await server.database.db.updateTable('baseVisualdevShortLink').set({ submissions: 0 }).where('code', '=', code).execute();
    await setLink(goodsId, { maxSubmissions: null });
    expect((await anon.get(openUrl(code))).status).toBe(200);
  });
});

describe('filling through a link', () => {
  it('refuses invalid data with the descriptor’s messages and stores nothing', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true });
    const before = (await admin.post(`/api/visualdev/OnlineDev/${goodsId}/List`, {})).body.data.pagination.total;
    const bad = await anon.post(openUrl(code), { data: { goodsName: 'Bad!', goodsCode: 'X1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual(expect.arrayContaining([
      { field: 'goodsName', message: '商品名称只能包含字母、数字和空格' },
      { field: 'goodsCode', message: '商品编码格式为G加四位数字' },
      expect.objectContaining({ field: 'quantity' }),
    ]));
    const missing = await anon.post(openUrl(code), { data: { quantity: 2 } });
    expect(missing.body.data.errors).toEqual([{ field: 'goodsName', message: '商品名称不能为空' }]);
    expect((await admin.post(`/api/visualdev/OnlineDev/${goodsId}/List`, {})).body.data.pagination.total).toBe(before);
    expect((await admin.get(link(goodsId))).body.data.submissions).toBe(0);
  });

  it('stores a valid record with empty system values, visible to the administrator; no receipt without allowView', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true, allowView: false });
    const res = await anon.post(openUrl(code), { data: { goodsName: 'From link', goodsCode: 'G1234', quantity: 3, status: 'on', creator: 'forged' } });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ receipt: null });
    const list = await admin.post(`/api/visualdev/OnlineDev/${goodsId}/List`, { goodsName: 'From link' });
    expect(list.body.data.pagination.total).toBe(1);
    const id = list.body.data.list[0].id;
    const stored = JSON.parse((await admin.get(`/api/visualdev/OnlineDev/${goodsId}/${id}`)).body.data.data);
    expect(stored).toMatchObject({ goodsName: 'From link', goodsCode: 'G1234', quantity: 3, status: 'on', creator: '' });
    expect(stored.createdTime).toBeGreaterThan(1_600_000_000_000);
    expect((await admin.get(link(goodsId))).body.data.submissions).toBe(1);
  });

  it('gives a receipt that shows that one record read-only while the link allows viewing', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true, allowView: true });
    const opened = await anon.get(openUrl(code));
    expect(opened.body.data.allowView).toBe(true);
    const res = await anon.post(openUrl(code), { data: JSON.stringify({ goodsName: 'Receipt', quantity: 7, status: 'off' }) });
    expect(res.body.code, res.body.msg).toBe(200);
    const receipt = res.body.data.receipt as string;
    expect(receipt).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const view = await anon.get(`${openUrl(code)}/Receipt/${receipt}`);
    expect(view.status).toBe(200);
    expect(JSON.parse(view.body.data.data)).toMatchObject({ goodsName: 'Receipt', quantity: 7, status: 'off' });
    expect(view.body.data.refs).toEqual({});
    expect(view.body.data.form.fields.goodsName).toBeTruthy();

    expect((await anon.get(`${openUrl(code)}/Receipt/${'y'.repeat(32)}`)).body).toMatchObject({ code: 404, msg: INVALID });
    await setLink(goodsId, { allowView: false });
    expect((await anon.get(`${openUrl(code)}/Receipt/${receipt}`)).body).toMatchObject({ code: 404, msg: INVALID });
    await setLink(goodsId, { allowView: true });
    expect((await anon.get(`${openUrl(code)}/Receipt/${receipt}`)).status).toBe(200);
    // A receipt belongs to the link: a new code of the link still shows it, the old code is dead.
    const other = await setLink(goodsId, { regenerate: true });
    expect((await anon.get(`${openUrl(other)}/Receipt/${receipt}`)).status).toBe(200);
    expect((await anon.get(`${openUrl(code)}/Receipt/${receipt}`)).status).toBe(404);
  });

  it('limits submissions per IP and link to 10 a minute, invalid ones included', async () => {
    const code = await setLink('demo-warehouse', { enabled: true, allowFill: true });
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 9; i += 1) {
      const ok = await call('POST', openUrl(code), { data: { warehouseCode: `W${i}`, warehouseName: `仓库${i}`, warehouseType: 'normal' } }, ip);
      expect(ok.body.code, ok.body.msg).toBe(200);
    }
    expect((await call('POST', openUrl(code), { data: {} }, ip)).status).toBe(400); // the tenth, invalid, still counts
    const over = await call('POST', openUrl(code), { data: { warehouseCode: 'W10', warehouseName: '仓库10' } }, ip);
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('操作过于频繁，请稍后再试');
    // Another address is not held back.
    const other = await call('POST', openUrl(code), { data: { warehouseCode: 'W11', warehouseName: '仓库11' } }, { 'x-forwarded-for': '203.0.113.8' });
    expect(other.body.code, other.body.msg).toBe(200);
  });

  it('asks for the access password when set: header or body; wrong answers are counted', async () => {
    const code = await setLink(goodsId, { enabled: true, allowFill: true, password: 'open sesame' });
    expect((await admin.get(link(goodsId))).body.data.hasPassword).toBe(true);
    const none = await anon.get(openUrl(code));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ msg: '请输入访问密码', data: { needPassword: true } });
    const wrong = await call('GET', openUrl(code), undefined, { 'x-link-password': 'nope' });
    expect(wrong.body).toMatchObject({ msg: '访问密码错误', data: { needPassword: true } });
    expect((await call('GET', openUrl(code), undefined, { 'x-link-password': 'open sesame' })).status).toBe(200);
    expect((await anon.post(`${openUrl(code)}/Form`, { password: 'open sesame' })).status).toBe(200);
    expect((await anon.post(`${openUrl(code)}/Form`, { password: 'open' })).status).toBe(400);
    expect((await anon.post(openUrl(code), { data: { goodsName: 'Locked', quantity: 1 } })).body.msg).toBe('请输入访问密码');
    const filled = await anon.post(openUrl(code), { data: { goodsName: 'Unlocked', quantity: 1 }, password: 'open sesame' });
    expect(filled.body.code, filled.body.msg).toBe(200);

    const ip = { 'x-forwarded-for': '198.51.100.9' };
    for (let i = 0; i < 10; i += 1) expect((await call('GET', openUrl(code), undefined, { ...ip, 'x-link-password': `guess${i}` })).body.msg).toBe('访问密码错误');
    const blocked = await call('GET', openUrl(code), undefined, { ...ip, 'x-link-password': 'open sesame' });
    expect(blocked.body.msg).toBe('操作过于频繁，请稍后再试');

    await setLink(goodsId, { password: null });
    expect((await anon.get(openUrl(code))).status).toBe(200);
  });
});
