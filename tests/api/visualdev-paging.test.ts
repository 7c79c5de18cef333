import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { releasedModel } from '../../server/modules/visualdev/model-store';
import { recordQueryOf } from '../../server/modules/visualdev/record-service';
import { insertRecords, listQueries } from '../../server/modules/visualdev/record-store';
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
});
