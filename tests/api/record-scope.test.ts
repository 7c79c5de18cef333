import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { startTestServer, type TestServer } from '../helpers/server';
import fs from 'node:fs';
import path from 'node:path';
import { client, grantModelMenu, tokenFor } from '../helpers/access';

/**
 * The record scope boundary (issue 10 items 4 and 8): every record route of a model that judges
 * data, walked as two business customers of different organisations and as staff under each data
 * scope. A record outside the caller's scope answers exactly as a missing one, and the database
 * shows nothing outside scope was written. Grant changes hold from the next request.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let east: ReturnType<typeof client>;
let south: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let menuId: string;
let staffRoleId: string;
const model = 'demo-order';
const url = (path = '') => `/api/visualdev/OnlineDev/${model}${path}`;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  [admin, east, south, staff] = await Promise.all(['admin', 'customer', 'customer2', 'staff'].map(async (a) => client(server.url, await tokenFor(db, a))));
  menuId = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'customerOrder').executeTakeFirstOrThrow()).id;
  staffRoleId = (await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const orderNos = async (c: ReturnType<typeof client>, body: Record<string, unknown> = {}) => {
  const reply = await c.post(url('/List'), { currentPage: 1, pageSize: 20, ...body });
  expect(reply.body.code, reply.body.msg).toBe(200);
  return { nos: (reply.body.data.list as { orderNo: string }[]).map((r) => r.orderNo).sort(), total: reply.body.data.pagination.total as number, list: reply.body.data.list as { id: string; orderNo: string }[] };
};
const idOf = async (orderNo: string) =>
  (await server.database.db.selectFrom('visualdevRecord').select(['id', 'data']).where('modelId', '=', model).execute()).find((r) => JSON.parse(r.data).orderNo === orderNo)?.id ?? null;
const stored = async (id: string) => server.database.db.selectFrom('visualdevRecord').selectAll().where('id', '=', id).executeTakeFirst();

describe('two customer organisations on one page', () => {
  it('each lists, counts and searches only their own organisation\'s orders', async () => {
    expect((await orderNos(east)).nos).toEqual(['EAST-0001', 'EAST-0002', 'EAST-0003']);
    expect((await orderNos(east)).total).toBe(3);
    expect((await orderNos(south)).nos).toEqual(['SOUTH-0001', 'SOUTH-0002']);
    // both organisations have 螺纹钢: the keyword finds only one's own
    expect((await orderNos(east, { keyword: '螺纹钢' })).nos).toEqual(['EAST-0001']);
    expect((await orderNos(south, { goodsName: '螺纹' })).nos).toEqual(['SOUTH-0002']);
    expect((await orderNos(admin)).total).toBe(5);
  });

  it('reads, details, updates and deletes of the other organisation\'s record answer as missing, and write nothing', async () => {
    const southId = (await idOf('SOUTH-0001'))!;
    const before = await stored(southId);
    const missing = await east.get(url(`/${crypto.randomUUID().replace(/-/g, '')}`));
    for (const reply of [await east.get(url(`/${southId}`)), await east.get(url(`/${southId}/DataChange`))]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(missing.body);
    }
    const put = await east.put(url(`/${southId}`), { data: JSON.stringify({ orderNo: 'HACKED', goodsName: 'x', quantity: 1 }) });
    expect(put.status).toBe(404);
    expect(put.body.msg).toBe(missing.body.msg);
    const del = await east.del(url(`/${southId}`));
    expect(del.status).toBe(404);
    expect(await stored(southId)).toEqual(before);

    const eastId = (await idOf('EAST-0003'))!;
    const batch = await east.post(`/api/visualdev/OnlineDev/batchDelete/${model}`, { ids: [southId, eastId] });
    expect(batch.body.data).toEqual({ deleted: 1 });
    expect(await stored(southId)).toEqual(before);
    expect(await stored(eastId)).toBeUndefined();
    // the own record is readable, and the other organisation still cannot see it
    const own = await east.get(url(`/${(await idOf('EAST-0001'))!}`));
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body.data.data).orderNo).toBe('EAST-0001');
    expect((await south.get(url(`/${(await idOf('EAST-0001'))!}`))).status).toBe(404);
  });

  it('exports only records in scope, both the page and every row', async () => {
    for (const path of ['/Actions/Export', '/Actions/ExportData']) {
      const reply = await south.post(url(path), { dataType: 1 });
      expect(reply.body.code, reply.body.msg).toBe(200);
      const file = await fetch(`${server.url}${reply.body.data.url}`);
      const book = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }).slice(1);
      expect(rows.map((r) => r[0]).sort()).toEqual(['SOUTH-0001', 'SOUTH-0002']);
    }
    // the selected rows: an id outside the scope is exported as a missing one is (not at all)
    const picked = await south.post(url('/Actions/Export'), { dataType: 2, ids: [(await idOf('SOUTH-0001'))!, (await idOf('EAST-0001'))!] });
    const book = XLSX.read(Buffer.from(await (await fetch(`${server.url}${picked.body.data.url}`)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }).slice(1).map((r) => r[0])).toEqual(['SOUTH-0001']);
  });

  it('a new record carries its creator\'s organisation, so the other customer never sees it', async () => {
    const created = await south.post(url(), { data: JSON.stringify({ orderNo: 'SOUTH-0003', goodsName: '锌锭', quantity: 5 }) });
    expect(created.body.code, created.body.msg).toBe(200);
    const row = await stored(created.body.data.id);
    const user = await server.database.db.selectFrom('baseUser').selectAll().where('account', '=', 'customer2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ createdBy: user.id, organizeId: user.organizeId, departmentId: user.organizeId, positionId: user.positionId });
    expect((await orderNos(south)).nos).toContain('SOUTH-0003');
    expect((await orderNos(east)).nos).not.toContain('SOUTH-0003');
  });
});

describe('staff under each data scope', () => {
  const grantOnly = async (schemeIds: string[]) => {
    const saved = await admin.put(`/api/permission/Authority/Data/${staffRoleId}`, { resource: schemeIds });
    expect(saved.body.code, saved.body.msg).toBe(200);
  };
  const scheme = async (enCode: string, scopeType: string, condition?: unknown) => {
    const reply = await admin.post(`/api/permission/Authority/Scheme/${menuId}`, { fullName: enCode, enCode, scopeType, ...(condition ? { condition } : {}) });
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data.id as string;
  };

  it('sees what each scheme allows, from the next request on', async () => {
    expect((await orderNos(staff)).total).toBeGreaterThanOrEqual(4);
    const mine = await staff.post(url(), { data: JSON.stringify({ orderNo: 'STAFF-0001', goodsName: '螺纹钢盘螺', quantity: 1 }) });
    expect(mine.body.code, mine.body.msg).toBe(200);
    const all = (await orderNos(staff)).nos;

    const ids = {
      own: await scheme('staffOwn', 'own'),
      department: await scheme('staffDepartment', 'department'),
      org: await scheme('staffOrg', 'org'),
      orgAndBelow: await scheme('staffOrgAndBelow', 'orgAndBelow'),
      custom: await scheme('rebar', 'custom', { logic: 'and', conditions: [{ field: 'goodsName', op: 'like', value: '螺纹' }] }),
      creator: await scheme('mineByField', 'custom', { logic: 'or', conditions: [{ field: 'quantity', op: 'gt', value: 100 }, { field: 'orderNo', op: 'eq', value: 'SOUTH-0001' }] }),
    };
    for (const key of ['own', 'department', 'org', 'orgAndBelow'] as const) {
      await grantOnly([ids[key]]);
      expect((await orderNos(staff)).nos, key).toEqual(['STAFF-0001']);
    }
    await grantOnly([ids.custom]);
    expect((await orderNos(staff)).nos).toEqual(['EAST-0001', 'SOUTH-0002', 'STAFF-0001']);
    await grantOnly([ids.creator]);
    expect((await orderNos(staff)).nos).toEqual(['EAST-0001', 'SOUTH-0001']);
    // the union of two schemes
    await grantOnly([ids.own, ids.creator]);
    expect((await orderNos(staff)).nos).toEqual(['EAST-0001', 'SOUTH-0001', 'STAFF-0001']);

    // outside the scheme a record is missing for every record route, and nothing is written
    await grantOnly([ids.own]);
    const southId = (await idOf('SOUTH-0002'))!;
    const before = await stored(southId);
    expect((await staff.get(url(`/${southId}`))).status).toBe(404);
    expect((await staff.get(url(`/${southId}/DataChange`))).status).toBe(404);
    expect((await staff.put(url(`/${southId}`), { data: JSON.stringify({ orderNo: 'X', goodsName: 'x' }) })).status).toBe(404);
    expect((await staff.del(url(`/${southId}`))).status).toBe(404);
    expect((await staff.post(`/api/visualdev/OnlineDev/batchDelete/${model}`, { ids: [southId] })).body.data).toEqual({ deleted: 0 });
    expect(await stored(southId)).toEqual(before);

    // no scheme granted on a model that judges data: no record (docs/DECISIONS.md)
    await grantOnly([]);
    expect((await orderNos(staff)).total).toBe(0);
    // and back: the change holds on the very next request
    await grantOnly([(await server.database.db.selectFrom('baseModuleDataScheme').select('id').where('enCode', '=', 'allRecords').executeTakeFirstOrThrow()).id]);
    expect((await orderNos(staff)).nos).toEqual(all);
  });

  it('a revoked menu is refused on the next request, and restored on the one after', async () => {
    const tree = await admin.get(`/api/permission/Authority/Data/${staffRoleId}`);
    const modules: string[] = tree.body.data.checked.module;
    await admin.put(`/api/permission/Authority/Data/${staffRoleId}`, { module: modules.filter((m) => m !== menuId) });
    expect((await staff.post(url('/List'), {})).status).toBe(403);
    await admin.put(`/api/permission/Authority/Data/${staffRoleId}`, { module: modules });
    expect((await staff.post(url('/List'), {})).status).toBe(200);
  });
});

describe('explain access', () => {
  it('names the roles, the grant rows and the data scope behind a customer\'s view', async () => {
    const db = server.database.db;
    const customer = await db.selectFrom('baseUser').selectAll().where('account', '=', 'customer').executeTakeFirstOrThrow();
    const reply = await admin.get(`/api/permission/Authority/Explain?userId=${customer.id}&menuId=${menuId}`);
    expect(reply.body.code, reply.body.msg).toBe(200);
    const x = reply.body.data;
    expect(x.roles).toEqual([expect.objectContaining({ enCode: 'businessCustomer', inForce: true, reason: 'global' })]);
    expect(x.menuGrant.granted).toBe(true);
    const menuRow = await db.selectFrom('baseAuthorize').selectAll().where('itemType', '=', 'module').where('itemId', '=', menuId).where('objectId', '=', x.roles[0].id).executeTakeFirstOrThrow();
    expect(x.menuGrant.rows).toEqual([{ id: menuRow.id, objectId: menuRow.objectId, itemType: 'module', itemId: menuId }]);
    const own = x.schemes.find((s: { enCode: string }) => s.enCode === 'ownOrganisation');
    expect(own).toMatchObject({ granted: true, scopeType: 'org', roleIds: [x.roles[0].id] });
    expect(own.rows).toHaveLength(1);
    expect(x.schemes.find((s: { enCode: string }) => s.enCode === 'allRecords').granted).toBe(false);
    expect(x.dataScope).toEqual({ judged: true, all: false, anyOf: [{ kind: 'column', column: 'organizeId', values: [customer.organizeId] }] });
    // customers may not ask
    expect((await east.get(`/api/permission/Authority/Explain?userId=${customer.id}&menuId=${menuId}`)).status).toBe(403);
  });
});

describe('a tree table that judges data', () => {
  it('children, hasChildren and the parent check see only records in scope', async () => {
    const db = server.database.db;
    const file = JSON.parse(fs.readFileSync(path.resolve('schemas/models/demo-location.json'), 'utf8'));
    const created = await admin.post('/api/visualdev/Base', {
      fullName: 'scoped locations', enCode: 'scopedLocations', category: '测试', type: 1, webType: 2,
      formData: JSON.stringify(file.formData), columnData: JSON.stringify({ ...file.columnData, useDataPermission: true }), sortCode: 0,
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const tree = created.body.data.id as string;
    expect((await admin.post(`/api/visualdev/Base/${tree}/Actions/Release`)).body.code).toBe(200);
    const roleId = (await db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow()).id;
    const treeMenu = await grantModelMenu(db, roleId, tree, []);
    const scheme = await admin.post(`/api/permission/Authority/Scheme/${treeMenu}`, { fullName: 'own', enCode: 'own', scopeType: 'org' });
    const held = (await admin.get(`/api/permission/Authority/Data/${roleId}`)).body.data.checked.resource as string[];
    expect((await admin.put(`/api/permission/Authority/Data/${roleId}`, { resource: [...held, scheme.body.data.id] })).body.code).toBe(200);

    const add = async (c: ReturnType<typeof client>, data: Record<string, unknown>) => c.post(`/api/visualdev/OnlineDev/${tree}`, { data: JSON.stringify({ locationType: 'zone', ...data }) });
    const e = (await add(east, { locationCode: 'E1', locationName: 'East root' })).body.data.id as string;
    const s = (await add(south, { locationCode: 'S1', locationName: 'South root' })).body.data.id as string;
    // a parent outside scope is as missing as an unknown one
    const foreign = await add(south, { locationCode: 'S2', locationName: 'under east', parentId: e });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe((await add(south, { locationCode: 'S3', locationName: 'x', parentId: 'nope' })).body.msg);
    expect((await add(admin, { locationCode: 'A1', locationName: 'admin child of east', parentId: e })).body.code).toBe(200);

    const top = async (c: ReturnType<typeof client>) => (await c.post(`/api/visualdev/OnlineDev/${tree}/List`, { pageSize: 20 })).body.data.list as { id: string; hasChildren: boolean }[];
    expect((await top(east)).map((r) => [r.id, r.hasChildren])).toEqual([[e, false]]);
    expect((await top(south)).map((r) => r.id)).toEqual([s]);
    expect((await top(admin)).find((r) => r.id === e)?.hasChildren).toBe(true);
    const children = await east.post(`/api/visualdev/OnlineDev/${tree}/List`, { parentId: e, pageSize: 20 });
    expect(children.body.data.pagination.total).toBe(0);
    expect((await south.post(`/api/visualdev/OnlineDev/${tree}/List`, { parentId: e, pageSize: 20 })).body.data.list).toEqual([]);
  });
});

