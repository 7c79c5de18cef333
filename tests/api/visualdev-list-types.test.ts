import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsColumns, goodsForm } from './visualdev-fixture';

/**
 * List types 2–5 on the record API: the tree's relation filter (2), groups ordered in SQL
 * across pages (3), partial update with the shared validator's messages (4), and the tree
 * table's top level / children / search / parent checks (5).
 */

let server: TestServer;
let admin: ReturnType<typeof client>;

const categoryField = {
  __config__: { jnpfKey: 'select', label: '商品分类', required: false, layout: 'colFormItem', span: 12, regList: [], dataType: 'dictionary', dictionaryType: 'goodsCategory' },
  __vModel__: 'category', props: { label: 'fullName', value: 'enCode' },
};
const form = { ...goodsForm, fields: [...goodsForm.fields, categoryField] };

async function release(enCode: string, columns: Record<string, unknown>): Promise<string> {
  const created = await admin.post('/api/visualdev/Base', {
    fullName: enCode, enCode, category: '测试', type: 1, webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify({ ...goodsColumns, useBtnPermission: false, useColumnPermission: false, useFormPermission: false, ...columns }), sortCode: 0,
  });
  expect(created.body.code, created.body.msg).toBe(200);
  const id = created.body.data.id as string;
  expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
  return id;
}

async function add(modelId: string, data: Record<string, unknown>): Promise<string> {
  const reply = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify(data) });
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.id;
}

const list = (modelId: string, body: Record<string, unknown>) => admin.post(`/api/visualdev/OnlineDev/${modelId}/List`, body);

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

describe('type 2: tree + table', () => {
  it('filters on the relation field by a node and its subtree values', async () => {
    const id = await release('treeGoods', { type: 2, treeTitle: '商品分类', treeDataSource: 'dictionary', treeDictionary: 'goodsCategory', treeRelationField: 'category', columnList: [...goodsColumns.columnList, { prop: 'category', label: '商品分类' }] });
    const cats = ['steel', 'steel.rebar', 'steel.wire', 'coal', 'nonferrous', 'steel.rebar'];
    for (const [i, category] of cats.entries()) await add(id, { goodsName: `T${i}`, quantity: i, category });
    const steel = await list(id, { category: ['steel', 'steel.rebar', 'steel.wire'] });
    expect(steel.body.data.pagination.total).toBe(4);
    const rebar = await list(id, { category: ['steel.rebar'] });
    expect(rebar.body.data.pagination.total).toBe(2);
    expect(rebar.body.data.list.map((r: { category: string }) => r.category)).toEqual(['steel.rebar', 'steel.rebar']);
    expect((await list(id, {})).body.data.pagination.total).toBe(6);
  });
});

describe('type 3: grouped', () => {
  it('orders by the group field first, then the requested sort, across pages', async () => {
    const id = await release('groupGoods', { type: 3, groupField: 'status', columnList: goodsColumns.columnList.filter((c) => c.prop !== 'status') });
    for (let i = 0; i < 45; i++) await add(id, { goodsName: `G${i}`, quantity: i, status: i % 7 === 0 ? null : i % 2 ? 'on' : 'off' });
    const seen: { status: string | null; quantity: number }[] = [];
    for (let page = 1; page <= 3; page++) {
      const reply = await list(id, { currentPage: page, pageSize: 20, sidx: 'quantity', sort: 'desc' });
      expect(reply.body.data.pagination.total).toBe(45);
      seen.push(...reply.body.data.list);
    }
    expect(seen).toHaveLength(45);
    // the group field comes back (its stored value, formatted by the page) although it is not a column
    const order = seen.map((r) => r.status ?? '');
    const runs = order.filter((s, i) => i === 0 || s !== order[i - 1]);
    expect(runs).toEqual(['off', 'on', '']);
    for (const group of runs) {
      const q = seen.filter((r) => (r.status ?? '') === group).map((r) => r.quantity);
      expect(q).toEqual([...q].sort((a, b) => b - a));
    }
  });
});

describe('type 4: inline edit', () => {
  it('a partial PUT of the row is validated with the shared messages and keeps the other fields', async () => {
    const id = await release('inlineGoods', { type: 4 });
    const rec = await add(id, { goodsName: 'Bolt', goodsCode: 'G0001', quantity: 3, costPrice: '9.5' });
    const bad = await admin.put(`/api/visualdev/OnlineDev/${id}/${rec}`, { data: { goodsName: '螺栓', goodsCode: 'X1', quantity: 4 } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.errors).toEqual(expect.arrayContaining([
      { field: 'goodsName', message: '商品名称只能包含字母、数字和空格' },
      { field: 'goodsCode', message: '商品编码格式为G加四位数字' },
    ]));
    const good = await admin.put(`/api/visualdev/OnlineDev/${id}/${rec}`, { data: { goodsName: 'Bolt M8', quantity: 4 } });
    expect(good.body.code, good.body.msg).toBe(200);
    const stored = JSON.parse((await admin.get(`/api/visualdev/OnlineDev/${id}/${rec}`)).body.data.data);
    expect(stored).toMatchObject({ goodsName: 'Bolt M8', goodsCode: 'G0001', quantity: 4, costPrice: '9.5' });
  });
});

describe('type 5: tree table (demo-location)', () => {
  const M = 'demo-location';
  const loc = (code: string, name: string, type: string, parentId?: string) => add(M, { locationCode: code, locationName: name, locationType: type, ...(parentId ? { parentId } : {}) });
  let wh: string[] = [];
  let zoneA: string;
  let shelf: string;

  beforeAll(async () => {
    wh = [];
    for (let i = 1; i <= 25; i++) wh.push(await loc(`W${String(i).padStart(2, '0')}`, `仓库${i}`, 'warehouse'));
    zoneA = await loc('W01.A', 'A区', 'zone', wh[0]);
    await loc('W01.B', 'B区', 'zone', wh[0]);
    shelf = await loc('W01.A.1', '货架1', 'shelf', zoneA);
  });

  it('pages the top level in SQL, flags rows with children and loads children by parentId', async () => {
    const top = await list(M, { currentPage: 1, pageSize: 20 });
    expect(top.body.data.pagination.total).toBe(25);
    expect(top.body.data.list).toHaveLength(20);
    expect(top.body.data.list[0]).toMatchObject({ id: wh[0], locationCode: 'W01', hasChildren: true });
    expect(top.body.data.list[1]).toMatchObject({ locationCode: 'W02', hasChildren: false });
    const page2 = await list(M, { currentPage: 2, pageSize: 20 });
    expect(page2.body.data.list.map((r: { locationCode: string }) => r.locationCode)).toEqual(['W21', 'W22', 'W23', 'W24', 'W25']);
    const zones = await list(M, { parentId: wh[0], pageSize: 20 });
    expect(zones.body.data.pagination.total).toBe(2);
    expect(zones.body.data.list.map((r: { locationCode: string; hasChildren: boolean }) => [r.locationCode, r.hasChildren])).toEqual([['W01.A', true], ['W01.B', false]]);
    const shelves = await list(M, { parentId: zoneA, pageSize: 20 });
    expect(shelves.body.data.list.map((r: { id: string }) => r.id)).toEqual([shelf]);
  });

  it('a search lists matches at every level', async () => {
    const found = await list(M, { keyword: '货架', pageSize: 20 });
    expect(found.body.data.list.map((r: { id: string }) => r.id)).toEqual([shelf]);
    const zones = await list(M, { locationType: 'zone', pageSize: 20 });
    expect(zones.body.data.pagination.total).toBe(2);
  });

  it('refuses a missing parent and a cycle; an orphan shows at the top level', async () => {
    const missing = await admin.post(`/api/visualdev/OnlineDev/${M}`, { data: { locationCode: 'X1', locationName: 'X', locationType: 'zone', parentId: 'nope' } });
    expect(missing.body.code).toBe(400);
    const self = await admin.put(`/api/visualdev/OnlineDev/${M}/${zoneA}`, { data: { parentId: zoneA } });
    expect(self.body.code).toBe(400);
    const below = await admin.put(`/api/visualdev/OnlineDev/${M}/${zoneA}`, { data: { parentId: shelf } });
    expect(below.body.code).toBe(400);
    // moving a zone under another warehouse is fine
    const moved = await admin.put(`/api/visualdev/OnlineDev/${M}/${zoneA}`, { data: { parentId: wh[1] } });
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect((await list(M, { parentId: wh[1], pageSize: 20 })).body.data.pagination.total).toBe(1);
    // deleting the warehouse leaves its zone without a parent: it is listed at the top level
    expect((await admin.del(`/api/visualdev/OnlineDev/${M}/${wh[1]}`)).body.code).toBe(200);
    const top = await list(M, { pageSize: 50 });
    expect(top.body.data.pagination.total).toBe(25);
    expect(top.body.data.list.map((r: { id: string }) => r.id)).toContain(zoneA);
  });
});
