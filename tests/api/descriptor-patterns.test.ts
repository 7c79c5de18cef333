import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { goodsDefinition, goodsForm } from './visualdev-fixture';

/** regList patterns on the server: an unsafe one is refused when the model is saved; short-link input is capped. */
let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

describe('descriptor patterns', () => {
  it('a model with a catastrophic-backtracking pattern is refused with a message naming the field', async () => {
    const fields = structuredClone(goodsForm.fields) as Array<{ __config__: { regList?: unknown[] } }>;
    fields[1]!.__config__.regList = [{ pattern: '/^(G\\d+)+$/', message: '商品编码格式不对' }];
    const res = await admin.post('/api/visualdev/Base', { ...goodsDefinition('evilPattern'), formData: JSON.stringify({ ...goodsForm, fields }) });
    expect(res.status).toBe(400);
    expect(res.body.data.problems).toContainEqual(
      expect.objectContaining({ path: 'formData.fields[1].__config__.regList[0].pattern', severity: 'error' }),
    );
    expect(res.body.msg).toContain('字段“商品编码”的校验正则 /^(G\\d+)+$/');
    expect((await admin.get('/api/visualdev/Base?keyword=evilPattern&currentPage=1&pageSize=20')).body.data.pagination.total).toBe(0);
  });

  it('a pattern with overlapping alternatives in a loop is refused too (the server turns the ambiguity check on)', async () => {
    const fields = structuredClone(goodsForm.fields) as Array<{ __config__: { regList?: unknown[] } }>;
    fields[1]!.__config__.regList = [{ pattern: '/^(\\p{L}|\\p{Lu})+$/u', message: '只能是字母' }];
    const res = await admin.post('/api/visualdev/Base', { ...goodsDefinition('ambiguousPattern'), formData: JSON.stringify({ ...goodsForm, fields }) });
    expect(res.status).toBe(400);
    expect(res.body.data.problems).toContainEqual(expect.objectContaining({ path: 'formData.fields[1].__config__.regList[0].pattern', severity: 'error' }));
    fields[1]!.__config__.regList = [{ pattern: '/^(\\p{Lu}|[a-z])+$/u', message: '只能是字母' }];
    const fine = await admin.post('/api/visualdev/Base', { ...goodsDefinition('disjointPattern'), formData: JSON.stringify({ ...goodsForm, fields }) });
    expect(fine.body.code, fine.body.msg).toBe(200);
  });

  it('short-link input longer than the cap is refused before a pattern reads it, with a clear message', async () => {
    const created = await admin.post('/api/visualdev/Base', goodsDefinition('cappedInput'));
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    const link = await admin.put(`/api/visualdev/ShortLink/${id}`, { enabled: true, allowFill: true });
    const open = `/api/visualdev/ShortLink/Open/${link.body.data.code}`;
    const anon = client(server.url, null);
    const long = await anon.post(open, { data: { goodsName: 'A'.repeat(20_000), quantity: 1 } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('内容过长（超过10000个字符），无法校验格式');
    const ok = await anon.post(open, { data: { goodsName: 'A'.repeat(10_000), quantity: 1 } });
    expect(ok.body.code, ok.body.msg).toBe(200);
  });
});
