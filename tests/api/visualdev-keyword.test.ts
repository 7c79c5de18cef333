import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsColumns, goodsDefinition } from './visualdev-fixture';

/**
 * The keyword box through the text index (FTS5 trigrams on SQLite, pg_trgm on PostgreSQL):
 * what it finds is what the plain LIKE/ILIKE over the value index found before — a
 * case-insensitive substring of a keyword field (goodsName, goodsCode, costPrice here), keywords
 * shorter than a trigram included — and the index follows every write and every re-index.
 */

let server: TestServer;
let admin: ReturnType<typeof client>;
let modelId: string;
const ids: Record<string, string> = {};

const records = (path = '') => `/api/visualdev/OnlineDev/${modelId}${path}`;
const search = async (keyword: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post(records('/List'), { keyword, pageSize: 100, ...extra });
  expect(res.body.code, res.body.msg).toBe(200);
  const names = (res.body.data.list as { goodsName: string }[]).map((r) => r.goodsName).sort();
  expect(res.body.data.pagination.total).toBe(names.length);
  return names;
};

const rows = {
  apple: { goodsName: 'Red APPLE pie', goodsCode: 'G0001', quantity: 1, status: 'on', costPrice: 'x' },
  pear: { goodsName: 'Pear', goodsCode: 'G0002', quantity: 2, status: 'off', costPrice: '商品名称测试' },
  plum: { goodsName: 'Plum', goodsCode: 'G0003', quantity: 3, status: 'on', costPrice: 'a_b%c "quoted"' },
  fig: { goodsName: 'Fig', goodsCode: 'G0004', quantity: 4, status: 'off', costPrice: 'axbyc' },
  kiwi: { goodsName: 'Kiwi', goodsCode: 'G0005', quantity: 5, status: 'on', costPrice: 'ÉCOLE' },
};

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  modelId = (await admin.post('/api/visualdev/Base', goodsDefinition('keywordGoods'))).body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
  for (const [key, data] of Object.entries(rows)) {
    const created = await admin.post(records(), { data });
    expect(created.body.code, created.body.msg).toBe(200);
    ids[key] = created.body.data.id;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('keyword search through the text index', () => {
  it('finds substrings of the keyword fields, ASCII case-insensitively, and nothing in other fields', async () => {
    expect(await search('apple')).toEqual(['Red APPLE pie']);
    expect(await search('ED AP')).toEqual(['Red APPLE pie']);
    expect(await search('g000')).toEqual(['Fig', 'Kiwi', 'Pear', 'Plum', 'Red APPLE pie']);
    expect(await search('G0003')).toEqual(['Plum']);
    // status is a select, not a keyword field: its values are never matched
    expect(await search('off')).toEqual([]);
    expect(await search('zzzz')).toEqual([]);
  });

  it('finds keywords of one and two characters (shorter than a trigram)', async () => {
    expect(await search('pl')).toEqual(['Plum', 'Red APPLE pie']);
    expect(await search('w')).toEqual(['Kiwi']);
    expect(await search('4')).toEqual(['Fig']);
  });

  it('finds CJK text of one, two and more characters', async () => {
    expect(await search('品名称')).toEqual(['Pear']);
    expect(await search('商品名称测试')).toEqual(['Pear']);
    expect(await search('名称')).toEqual(['Pear']);
    expect(await search('测')).toEqual(['Pear']);
    expect(await search('名测')).toEqual([]);
  });

  it('takes %, _ and quotes literally', async () => {
    expect(await search('a_b')).toEqual(['Plum']);
    expect(await search('_b%')).toEqual(['Plum']);
    expect(await search('%')).toEqual(['Plum']);
    expect(await search('"quoted"')).toEqual(['Plum']);
    expect(await search('b%c "q')).toEqual(['Plum']);
  });

  it('folds case beyond ASCII only where the database did before (PostgreSQL ILIKE, not SQLite LIKE)', async () => {
    expect(await search('ÉCOLE')).toEqual(['Kiwi']);
    expect(await search('école')).toEqual(server.database.dialect === 'postgres' ? ['Kiwi'] : []);
  });

  it('combines with filters and the count', async () => {
    expect(await search('g000', { status: 'off' })).toEqual(['Fig', 'Pear']);
    expect(await search('g000', { status: 'off', quantity: [3, 9] })).toEqual(['Fig']);
    expect(await search('pl', { goodsName: 'um' })).toEqual(['Plum']);
  });

  it('follows an update and a delete', async () => {
    expect((await admin.put(records(`/${ids.fig}`), { data: { costPrice: 'banana split' } })).body.code).toBe(200);
    expect(await search('axby')).toEqual([]);
    expect(await search('banana')).toEqual(['Fig']);
    expect(await search('na')).toEqual(['Fig']);
    expect((await admin.del(records(`/${ids.fig}`))).body.code).toBe(200);
    expect(await search('banana')).toEqual([]);
    expect(await search('G0004')).toEqual([]);
    const batch = await admin.post(`/api/visualdev/OnlineDev/batchDelete/${modelId}`, { ids: [ids.kiwi] });
    expect(batch.body.code, batch.body.msg).toBe(200);
    expect(await search('ÉCOLE')).toEqual([]);
  });
});

describe('re-index', () => {
  const db = () => server.database.db;
  const textRows = async () => (await db().selectFrom('visualdevRecordText').select(['recordId', 'field', 'textValue']).where('modelId', '=', modelId).execute()).length;

  it('rebuilds the text index when the stored index signature does not match the model', async () => {
    const before = await textRows();
    expect(before).toBeGreaterThan(0);
    // what migration 0011 leaves behind: no text rows, signature and hash cleared (so every process compiles again)
    await db().deleteFrom('visualdevRecordText').where('modelId', '=', modelId).execute();
    await db().updateTable('baseVisualdev').set({ indexSignature: null, releasedHash: null }).where('id', '=', modelId).execute();
    expect(await search('apple')).toEqual(['Red APPLE pie']);
    expect(await textRows()).toBe(before);
  });

  it('rebuilds it for the new keyword fields when a release changes them', async () => {
    // only goodsCode is a keyword field now
    const columns = { ...goodsColumns, searchList: goodsColumns.searchList.map((s) => (s.prop === 'goodsCode' ? { ...s, isKeyword: true } : s)) };
    const saved = await admin.put(`/api/visualdev/Base/${modelId}`, { ...goodsDefinition('keywordGoods'), columnData: JSON.stringify(columns) });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
    expect(await search('apple')).toEqual([]);
    expect(await search('商品名称')).toEqual([]);
    expect(await search('G0001')).toEqual(['Red APPLE pie']);
    const fields = await db().selectFrom('visualdevRecordText').select('field').distinct().where('modelId', '=', modelId).execute();
    expect(fields.map((f) => f.field)).toEqual(['goodsCode']);
  });
});
