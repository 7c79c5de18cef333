import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { releasedModel } from '../../server/modules/visualdev/model-store';
import { recordQueryOf } from '../../server/modules/visualdev/record-service';
import { deleteRecords, insertRecords, listQueries, listRecords, reindexModel } from '../../server/modules/visualdev/record-store';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsDefinition } from './visualdev-fixture';

const N = 5000;
let server: TestServer;
let admin: ReturnType<typeof client>;
let modelId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  modelId = (await admin.post('/api/visualdev/Base', goodsDefinition('pagedGoods'))).body.data.id;
  await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`);
  const db = server.database.db;
  const model = await releasedModel(db, modelId);
  const now = Date.now();
  const rows = Array.from({ length: N }, (_, i) => ({
    id: newId(), modelId, createdBy: null, createdAt: now + i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
    data: JSON.stringify({ goodsName: `Item ${String(i).padStart(5, '0')}`, goodsCode: `G${String(i % 10000).padStart(4, '0')}`, quantity: i % 997, status: i % 3 ? 'on' : 'off' }),
  }));
  await db.transaction().execute((trx) => insertRecords(trx, model, rows));
  // fresh statistics so both planners see the real table sizes
  await sql`analyze`.execute(db);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe(`list of ${N} records pages in SQL`, () => {
  it('answers a page of 20 with the full total and the right order', async () => {
    const res = await admin.post(`/api/visualdev/OnlineDev/${modelId}/List`, { currentPage: 3, pageSize: 20, sidx: 'goodsName', sort: 'desc' });
    expect(res.body.data.pagination).toEqual({ currentPage: 3, pageSize: 20, total: N });
    expect(res.body.data.list).toHaveLength(20);
    expect(res.body.data.list[0].goodsName).toBe(`Item ${String(N - 41).padStart(5, '0')}`);
    const filtered = await admin.post(`/api/visualdev/OnlineDev/${modelId}/List`, { pageSize: 50, status: 'off', quantity: [0, 9], sidx: 'quantity', sort: 'asc' });
    const expected = Array.from({ length: N }, (_, i) => i).filter((i) => i % 3 === 0 && i % 997 <= 9).length;
    expect(filtered.body.data.pagination.total).toBe(expected);
    expect(filtered.body.data.list.map((r: { quantity: number }) => r.quantity)).toEqual([...filtered.body.data.list.map((r: { quantity: number }) => r.quantity)].sort((a, b) => a - b));
  });

  it('the page query carries LIMIT/OFFSET and (SQLite) sorts through the value index without a temporary sort', async () => {
    const db = server.database.db;
    const model = await releasedModel(db, modelId);
    const query = recordQueryOf(model, { all: true, button: new Set(), column: new Set(), form: new Set() }, { sidx: 'goodsName', sort: 'asc', status: 'on' });
    const { rows } = listQueries(db, server.database.dialect, modelId, query, { limit: 20, offset: 40 });
    const compiled = rows.compile();
    expect(compiled.sql).toMatch(/limit .+ offset /i);
    const fetched = await rows.execute();
    expect(fetched).toHaveLength(20);
    if (server.database.dialect === 'sqlite') {
      const raw = await db.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}`, query: compiled.query });
      const details = (raw.rows as { detail: string }[]).map((r) => r.detail).join('\n');
      expect(details).toMatch(/ix_vd_value_text/);
      expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    } else {
      const raw = await db.executeQuery({ ...compiled, sql: `explain (format json) ${compiled.sql}`, query: compiled.query });
      const plan = JSON.stringify(raw.rows);
      expect(plan).toContain('"Node Type":"Limit"');
    }
  });

  it('a request led by its matches answers the same page and total as the walk and its count', async () => {
    const db = server.database.db;
    const { dialect } = server.database;
    const model = await releasedModel(db, modelId);
    const all = { all: true, button: new Set<string>(), column: new Set<string>(), form: new Set<string>() };
    const bodies: Record<string, unknown>[] = [
      { quantity: [100, 200], goodsName: '12' }, // few matches: led by them
      { quantity: [100, 200], goodsName: '12', currentPage: 3 },
      { quantity: [100, 200], goodsName: '12', currentPage: 99 }, // past the end: total, no rows
      { status: 'off', sidx: 'quantity', sort: 'asc', currentPage: 2 }, // 1,667 matches: led
      { status: 'on', sidx: 'goodsName', sort: 'desc' }, // 3,333: above the cap, walked
      { keyword: 'Item 01' }, // 1,000 records, newest first from the text rows
      { keyword: 'Item 01', currentPage: 4, sort: 'asc' },
      { keyword: 'Item 01', sidx: 'quantity', sort: 'desc' },
      { keyword: 'Item 01', status: 'off' },
      { keyword: '7' }, // under three characters
      { keyword: 'Item', currentPage: 2 }, // every record: walked
    ];
    for (const body of bodies) {
      const query = recordQueryOf(model, all, body);
      const page = { limit: 20, offset: (((body.currentPage as number) ?? 1) - 1) * 20 };
      const { rows, count } = listQueries(db, dialect, modelId, query, page);
      const walked = { rows: await rows.execute(), total: Number((await count.executeTakeFirst())?.total ?? 0) };
      const led = await listRecords(db, dialect, modelId, query, page);
      expect({ body, total: led.total, ids: led.rows.map((r) => r.id) }).toEqual({ body, total: walked.total, ids: walked.rows.map((r) => r.id) });
      expect(led.rows[0] ?? null).toEqual(walked.rows[0] ?? null);
    }
  });

  it("keeps the model's record count with every insert and delete, and rewrites it on reindex", async () => {
    const db = server.database.db;
    const model = await releasedModel(db, modelId);
    const listed = async () => {
      const body = (await admin.post(`/api/visualdev/OnlineDev/${modelId}/List`, { pageSize: 20 })).body;
      expect(body.code, JSON.stringify(body)).toBe(200);
      return body.data.pagination.total as number;
    };
    const stored = async () => Number((await db.selectFrom('visualdevRecord').select((eb) => eb.fn.countAll().as('n')).where('modelId', '=', modelId).executeTakeFirstOrThrow()).n);
    const created = (await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: { goodsName: 'Counted', goodsCode: 'G0001', quantity: 1, status: 'on' } })).body;
    expect(created.code).toBe(200);
    expect(await listed()).toBe(N + 1);
    const some = await db.selectFrom('visualdevRecord').select('id').where('modelId', '=', modelId).orderBy('id').limit(3).execute();
    expect((await admin.post(`/api/visualdev/OnlineDev/batchDelete/${modelId}`, { ids: some.slice(0, 2).map((r) => r.id) })).body.code).toBe(200);
    expect(await listed()).toBe(N - 1);
    // an id that is not there does not move the count
    await db.transaction().execute((trx) => deleteRecords(trx, modelId, [some[2]!.id, 'no-such-record']));
    expect(await listed()).toBe(N - 2);
    expect(await listed()).toBe(await stored());
    await db.updateTable('visualdevRecordCount').set({ total: 1 }).where('modelId', '=', modelId).execute();
    await reindexModel(db, model);
    expect(await listed()).toBe(await stored());
  });
});
