import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsDefinition } from './visualdev-fixture';
import { BODY_LIMIT_BYTES } from '../../server/http/failures';

/** Bad input gets a clear refusal in the caller's language, never a 500 (issue 9 item 7). */
let server: TestServer;
let admin: ReturnType<typeof client>;
let token: string;
let modelId: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
  modelId = (await admin.post('/api/visualdev/Base', goodsDefinition('badInputGoods'))).body.data.id;
  await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`);
});
afterAll(async () => {
  await server?.close();
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe('a page number past any table', () => {
  it('is refused with a 400 on every paged route', async () => {
    const interfaceId = (await admin.get('/api/system/DataInterface?pageSize=1')).body.data.list[0].id as string;
    const huge = '100000000000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/visualdev/Base?currentPage=${huge}`],
      ['GET', `/api/system/DataInterface?currentPage=${huge}`],
      ['GET', `/api/system/DataInterfaceLog/${interfaceId}?currentPage=${huge}`],
      ['GET', `/api/permission/Users/Pending?currentPage=${huge}`],
      ['GET', `/api/permission/Users/Current/SystemLog?currentPage=${huge}`],
      ['POST', `/api/visualdev/OnlineDev/${modelId}/List`, { currentPage: 1e20 }],
      ['POST', `/api/visualdev/OnlineDev/${modelId}/Actions/Export`, { currentPage: 1e20, dataType: '0', selectKey: ['goodsName'] }],
    ];
    for (const [method, path, body] of calls) {
      const reply = await send(method, path, body, { 'x-language': 'en' });
      expect(reply.status, path).toBe(400);
      expect(reply.body.code, path).toBe(400);
      expect(reply.body.msg, path).toMatch(/currentPage/);
    }
    // The last page a caller may ask for still answers (an empty page).
    const last = await send('POST', `/api/visualdev/OnlineDev/${modelId}/List`, { currentPage: 1_000_000 });
    expect(last.status).toBe(200);
  });
});

describe('a body over the limit', () => {
  it('is refused with 413 and a message before it is parsed, and nothing is stored', async () => {
    const before = (await send('POST', `/api/visualdev/OnlineDev/${modelId}/List`, {})).body as unknown as { data: { pagination: { total: number } } };
    const big = JSON.stringify({ data: { goodsName: 'x'.repeat(BODY_LIMIT_BYTES) } });
    const reply = await send('POST', `/api/visualdev/OnlineDev/${modelId}`, big);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ code: 400, msg: '请求内容过大，不能超过20MB' });
    const after = (await send('POST', `/api/visualdev/OnlineDev/${modelId}/List`, {})).body as unknown as { data: { pagination: { total: number } } };
    expect(after.data.pagination.total).toBe(before.data.pagination.total);
  });
});

describe('a select fed from a dictionary', () => {
  const GOODS = '/api/visualdev/OnlineDev/demo-model';
  const goods = (category: unknown) => ({ data: { goodsCode: 'G.77', goodsName: 'Checked', category, unit: 't', price: 1 } });

  it('stores only what the dictionary offers, as static options do; nothing is written when refused', async () => {
    const count = async () => (await admin.post(`${GOODS}/List`, { currentPage: 1, pageSize: 20 })).body.data.pagination.total as number;
    const before = await count();
    for (const bad of ['<img src=x onerror=alert(1)>', 'gold', 'steel.rebar ']) {
      const reply = await admin.post(GOODS, goods(bad));
      expect(reply.status, bad).toBe(400);
      expect(reply.body.data.errors, bad).toEqual([{ field: 'category', message: '商品分类的值不在可选范围内' }]);
    }
    expect(await count()).toBe(before);
    // A child entry of the tree dictionary is offered, so it is accepted; so is leaving it to a required check.
    expect((await admin.post(GOODS, goods('steel.rebar'))).body.code).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('refuses the same on update and keeps the stored value', async () => {
    const list = (await admin.post(`${GOODS}/List`, { currentPage: 1, pageSize: 20 })).body.data.list as { id: string }[];
    const id = list[0]!.id;
    const read = async () => JSON.parse((await admin.get(`${GOODS}/${id}`)).body.data.data) as Record<string, unknown>;
    const stored = await read();
    const reply = await admin.put(`${GOODS}/${id}`, { data: { ...stored, category: 'gold' } });
    expect(reply.body.data.errors).toEqual([{ field: 'category', message: '商品分类的值不在可选范围内' }]);
    expect((await read()).category).toBe(stored.category);
    expect(stored.category).toBeTruthy();
  });
});

describe('text with a NUL character', () => {
  it('is refused with a 400 in the caller’s language wherever it comes, on both databases (PostgreSQL cannot hold it: it was a 500)', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/visualdev/ShortLink/Open/%00a', { data: {} }],
      ['POST', `/api/visualdev/OnlineDev/${modelId}/List`, { keyword: 'a\u0000b' }],
      ['GET', '/api/system/DictionaryType?keyword=%00'],
      ['POST', '/api/visualdev/OnlineDev/demo-model', { data: { goodsCode: 'G.1', goodsName: 'N\u0000', category: 'steel.rebar', unit: 't', price: 1 } }],
    ];
    for (const [method, path, body] of calls) {
      const reply = await send(method, path, body, { 'x-language': 'en' });
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toEqual({ code: 400, msg: 'Invalid input: text must not contain the NUL character (U+0000)' });
    }
  });
});
