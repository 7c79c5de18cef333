import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { newId } from '../../server/db/ids';
import { seedDataInterfaceDemo } from '../../server/modules/data-interface';
import { seedDictionaryDemo } from '../../server/modules/dictionary';
import { SqlRunner } from '../../server/modules/data-interface/sql-runner';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function call(who: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

const run = (who: string, name: string, action: string, body: unknown = {}) => call(who, 'POST', `/api/system/DataInterface/${ids[name]}/${action}`, body);

/** Puts an interface straight into the table, bypassing the save checks, to prove the run-time guard. */
async function plant(enCode: string, queryText: string): Promise<string> {
  const id = newId();
  await server.database.db
    .insertInto('baseDataInterface')
    .values({
      id, categoryId: null, fullName: enCode, enCode, type: 1, dataSource: null, queryText, requestMethod: null, path: null, requestHeaders: null,
      requestParameters: null, responseFields: null, enabledMark: 1, sortCode: 0, description: null, createdAt: Date.now(), createdBy: null, updatedAt: null, updatedBy: null,
    })
    .execute();
  return id;
}

/** The interface's own grant to the customer role (base_authorize item type 'dataInterface'): who runs it in these tests. */
async function grantToCustomer(interfaceId: string): Promise<void> {
  const db = server.database.db;
  const role = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow();
  await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: role.id, itemType: 'dataInterface', itemId: interfaceId }).execute();
}

const entryCount = async () => Number((await server.database.db.selectFrom('baseDictionaryData').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // The demo seed (run by startTestServer) created them; running it again adds nothing.
  await seedDictionaryDemo(db);
  expect(await seedDataInterfaceDemo(db)).toBe(0);
  expect((await db.selectFrom('baseDataInterface').select('enCode').execute()).map((r) => r.enCode)).toEqual(
    expect.arrayContaining(['monthlySales', 'userCountByOrganize', 'recentUsers', 'dictionaryEntries', 'salesByMonth', 'todayStats', 'latestOrders']),
  );
  expect(await seedDataInterfaceDemo(db)).toBe(0); // idempotent
  for (const row of await db.selectFrom('baseDataInterface').select(['id', 'enCode']).execute()) ids[row.enCode] = row.id;
  for (const code of ['monthlySales', 'dictionaryEntries', 'userCountByOrganize', 'recentUsers']) await grantToCustomer(ids[code]!);
  for (const account of ['admin', 'staff', 'customer']) {
    const user = await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    tokens[account] = (await createSession(db, user.id, { idleSeconds: 3600 })).token;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('running data interfaces', () => {
  it('previews a static interface', async () => {
    const res = await run('customer', 'monthlySales', 'Actions/Preview');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toEqual({ month: '1月', amount: 1280 });
  });

  it('previews an SQL interface with a bound parameter (declared default, then the caller value)', async () => {
    const byDefault = await run('customer', 'dictionaryEntries', 'Actions/Preview');
    expect(byDefault.body.data.map((r: { fullName: string }) => r.fullName)).toEqual(['吨', '千克', '件']);
    expect(Object.keys(byDefault.body.data[0])).toEqual(['id', 'fullName', 'enCode', 'sortCode']);
    const pay = await run('customer', 'dictionaryEntries', 'Actions/Preview', { paramList: [{ field: 'typeCode', defaultValue: 'payMethod' }] });
    expect(pay.body.data.map((r: { enCode: string }) => r.enCode)).toEqual(['transfer', 'acceptance', 'lc']);
    const counts = await run('customer', 'userCountByOrganize', 'Actions/Preview');
    expect(counts.body.data.length).toBeGreaterThan(0);
    expect(counts.body.data.reduce((s: number, r: { userCount: number }) => s + Number(r.userCount), 0)).toBeGreaterThanOrEqual(4);
  });

  it('an injection attempt stays a parameter value', async () => {
    const before = await entryCount();
    for (const attack of ["unit' or '1'='1", "x'; delete from base_dictionary_data; --", 'unit) or (1=1']) {
      const res = await run('customer', 'dictionaryEntries', 'Actions/Preview', { paramList: [{ field: 'typeCode', defaultValue: attack }] });
      expect(res.status, attack).toBe(200);
      expect(res.body.data, attack).toEqual([]);
    }
    expect(await entryCount()).toBe(before);
  });

  it('refuses write statements when saved and when run, and the data is unchanged', async () => {
    const before = await entryCount();
    const base = { fullName: '危险接口', enCode: 'danger', type: 1 };
    for (const [queryText, msg] of [
      ['delete from base_dictionary_data', '只允许一条只读的SELECT（或WITH … SELECT）语句'],
      ["update base_dictionary_data set full_name = 'x'", '只允许一条只读的SELECT（或WITH … SELECT）语句'],
      ["insert into base_dictionary_type (id, full_name, en_code, created_at) values ('1','x','x',0)", '只允许一条只读的SELECT（或WITH … SELECT）语句'],
      ['select 1; delete from base_dictionary_data', '只允许一条SQL语句'],
    ] as const) {
      const res = await call('admin', 'POST', '/api/system/DataInterface', { ...base, queryText });
      expect(res.status, queryText).toBe(400);
      expect(res.body.msg, queryText).toBe(msg);
    }
    // What it may read is decided by the reader, not by names in the text (data-interface-boundary.test.ts).
    const secret = await call('admin', 'POST', '/api/system/DataInterface', { ...base, queryText: 'select password_hash from base_user' });
    expect(secret.body.msg).toMatch(/^数据接口只能读取开放给它的表和字段，不能读取：/);
    // Planted past the save checks: the run-time guard (read-only connection / transaction) still refuses.
    for (const queryText of ['with gone as (delete from base_dictionary_data returning id) select * from gone', 'delete from base_dictionary_data', 'select 1; delete from base_dictionary_data']) {
      const id = await plant(`planted${Object.keys(ids).length}${Math.random().toString(36).slice(2, 6)}`, queryText);
      const res = await call('admin', 'POST', `/api/system/DataInterface/${id}/Actions/Preview`, {});
      expect(res.status, queryText).toBe(400);
      expect(res.body.msg).not.toContain('    at ');
    }
    expect(await entryCount()).toBe(before);
  });

  it('the reader itself refuses writes (one wrapped SELECT, read-only connection or login), below the text checks', async () => {
    const runner = new SqlRunner(server.database.db, server.database.dialect, { databaseUrl: server.config.databaseUrl });
    await runner.init();
    const before = await entryCount();
    try {
      for (const statement of ['delete from base_dictionary_data', "update base_dictionary_data set full_name = 'x'", 'select 1 as x) t; delete from base_dictionary_data; select * from (select 1 as x']) {
        await expect(runner.rows([statement])).rejects.toThrow();
      }
    } finally {
      await runner.close();
    }
    expect(await entryCount()).toBe(before);
  });

  it('answers a syntax error with the database message, not a stack', async () => {
    const created = await call('admin', 'POST', '/api/system/DataInterface', { fullName: '语法错误', enCode: 'broken', type: 1, queryText: 'select id, from base_user' });
    expect(created.body.code).toBe(200);
    ids.broken = created.body.data.id;
    const res = await run('admin', 'broken', 'Actions/Preview');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^SQL执行错误：.*syntax error/);
    const en = await call('admin', 'POST', `/api/system/DataInterface/${ids.broken}/Actions/Preview`, {}, { 'x-language': 'en' });
    expect(en.body.msg).toMatch(/^SQL error: /);
  });

  it('pages and filters Action/List: in SQL for SQL interfaces, on the rows for static ones', async () => {
    const users = Number((await server.database.db.selectFrom('baseUser').select((eb) => eb.fn.countAll<number>().as('n')).where('enabledMark', '=', 1).executeTakeFirstOrThrow()).n);
    const page1 = await run('customer', 'recentUsers', 'Action/List', { currentPage: 1, pageSize: 2 });
    expect(page1.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: users });
    expect(page1.body.data.list).toHaveLength(2);
    const page2 = await run('customer', 'recentUsers', 'Action/List', { currentPage: 2, pageSize: 2 });
    expect(page2.body.data.list[0].id).not.toBe(page1.body.data.list[0].id);
    const found = await run('customer', 'recentUsers', 'Action/List', { keyword: '华东', columnOptions: 'realName,account', relationField: 'realName', currentPage: 1, pageSize: 20 });
    expect(found.body.data.list.map((r: { account: string }) => r.account)).toEqual(['customer']);
    expect(found.body.data.pagination.total).toBe(1);
    const noColumns = await run('customer', 'recentUsers', 'Action/List', { keyword: 'CUSTOMER2', currentPage: 1, pageSize: 20 });
    expect(noColumns.body.data.list.map((r: { account: string }) => r.account)).toEqual(['customer2']);
    const badColumn = await run('customer', 'recentUsers', 'Action/List', { keyword: 'x', columnOptions: 'a"b', currentPage: 1, pageSize: 20 });
    expect(badColumn.status).toBe(400);

    const statics = await run('customer', 'monthlySales', 'Action/List', { currentPage: 3, pageSize: 5 });
    expect(statics.body.data.pagination.total).toBe(12);
    expect(statics.body.data.list.map((r: { month: string }) => r.month)).toEqual(['11月', '12月']);
    const months = await run('customer', 'monthlySales', 'Action/List', { keyword: '1', columnOptions: 'month', currentPage: 1, pageSize: 20 });
    expect(months.body.data.list.map((r: { month: string }) => r.month)).toEqual(['1月', '10月', '11月', '12月']);
  });

  it('InfoByIds returns the rows of the selected values', async () => {
    const sqlRows = await run('customer', 'dictionaryEntries', 'Action/InfoByIds', { ids: ['t', 'kg', "x' or '1'='1"], propsValue: 'enCode' });
    expect(sqlRows.body.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['千克', '吨'].sort());
    const staticRows = await run('customer', 'monthlySales', 'Action/InfoByIds', { ids: ['3月'], propsValue: 'month' });
    expect(staticRows.body.data).toEqual([{ month: '3月', amount: 1560 }]);
    expect((await run('customer', 'monthlySales', 'Action/InfoByIds', { ids: [], propsValue: 'month' })).body.data).toEqual([]);
  });

  it('reads field names and declared parameters', async () => {
    // GetFields is an authoring tool: interface managers only, whatever else the caller may run.
    expect((await run('customer', 'monthlySales', 'Actions/GetFields')).status).toBe(403);
    expect((await run('admin', 'userCountByOrganize', 'Actions/GetFields')).body.data).toEqual(['organizeId', 'organizeName', 'userCount']);
    expect((await run('admin', 'monthlySales', 'Actions/GetFields')).body.data).toEqual(['month', 'amount']);
    const params = await call('customer', 'GET', `/api/system/DataInterface/GetParam/${ids.dictionaryEntries}`);
    expect(params.body.data).toEqual([{ field: 'typeCode', fieldName: '分类编码', dataType: 'varchar', defaultValue: 'unit', required: 1 }]);
  });

  it('calls an API interface (the test server health route, on an address the administrator allowed)', async () => {
    expect((await call('admin', 'PUT', '/api/system/SysConfig', { dataInterfaceAllowedAddresses: new URL(server.url).host })).body.code).toBe(200);
    const created = await call('admin', 'POST', '/api/system/DataInterface', { fullName: '健康检查', enCode: 'health', type: 3, requestMethod: 'GET', path: `${server.url}/api/system/health` });
    expect(created.body.msg).toBe('新建成功');
    ids.health = created.body.data.id;
    await grantToCustomer(ids.health!);
    const res = await run('customer', 'health', 'Actions/Preview');
    expect(res.body.data).toEqual([{ status: 'up', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite' }]);
    const listed = await run('customer', 'health', 'Action/List', { keyword: 'up', currentPage: 1, pageSize: 10 });
    expect(listed.body.data.pagination.total).toBe(1);
    const missing = await call('admin', 'POST', '/api/system/DataInterface', { fullName: '坏接口', enCode: 'badApi', type: 3, requestMethod: 'GET', path: `${server.url}/api/nope` });
    const failed = await call('admin', 'POST', `/api/system/DataInterface/${missing.body.data.id}/Actions/Preview`, {});
    expect(failed.status).toBe(400);
    expect(failed.body.msg).toBe('接口调用失败：HTTP 404');
  });

  it('writes a log row for every run', async () => {
    const log = await call('admin', 'GET', `/api/system/DataInterfaceLog/${ids.broken}`);
    expect(log.body.data.pagination.total).toBe(2);
    expect(log.body.data.list[0]).toMatchObject({ interfaceId: ids.broken, success: 0, account: 'admin', realName: '管理员' });
    expect(log.body.data.list[0].message).toMatch(/syntax error/);
    const sales = await call('admin', 'GET', `/api/system/DataInterfaceLog/${ids.monthlySales}?pageSize=100`);
    expect(sales.body.data.list.length).toBeGreaterThanOrEqual(5);
    expect(sales.body.data.list.every((r: { success: number; durationMs: number; ip: string }) => r.success === 1 && r.durationMs >= 0 && r.ip)).toBe(true);
    expect(sales.body.data.list.some((r: { account: string }) => r.account === 'customer')).toBe(true);
    expect((await call('customer', 'GET', `/api/system/DataInterfaceLog/${ids.monthlySales}`)).status).toBe(403);
  });
});

describe('managing data interfaces', () => {
  it('only holders of system.dataInterface:manage create or change interfaces', async () => {
    const body = { fullName: '用户列表', enCode: 'userList', type: 1, queryText: 'select id from base_user' };
    expect((await call('customer', 'POST', '/api/system/DataInterface', body)).status).toBe(403);
    expect((await call('staff', 'POST', '/api/system/DataInterface', body)).status).toBe(403);
    expect((await call('staff', 'PUT', `/api/system/DataInterface/${ids.monthlySales}`, body)).status).toBe(403);
    expect((await call('staff', 'GET', `/api/system/DataInterface/${ids.monthlySales}`)).status).toBe(403);
    expect((await call('staff', 'GET', '/api/system/DataInterface')).status).toBe(403);
    // Running needs a page that uses the interface or its own grant (tests/api/data-interface-grants.test.ts).
    expect((await run('staff', 'monthlySales', 'Actions/Preview')).status).toBe(403);
    expect((await run('customer', 'monthlySales', 'Actions/Preview')).status).toBe(200);
  });

  it('lists, reads, updates, toggles, copies and deletes', async () => {
    const list = await call('admin', 'GET', '/api/system/DataInterface?keyword=user&pageSize=10');
    expect(list.body.data.list.map((r: { enCode: string }) => r.enCode).sort()).toEqual(['recentUsers', 'userCountByOrganize']);
    const detail = await call('admin', 'GET', `/api/system/DataInterface/${ids.dictionaryEntries}`);
    expect(detail.body.data).toMatchObject({ type: 1, enCode: 'dictionaryEntries', requestParameters: [{ field: 'typeCode' }] });
    expect(detail.body.data.queryText).toContain('@typeCode');

    const selector = await call('customer', 'GET', '/api/system/DataInterface/Selector');
    const report = selector.body.data.list.find((c: { fullName: string }) => c.fullName === '报表数据');
    expect(report.children.map((c: { enCode: string }) => c.enCode)).toEqual(['monthlySales', 'userCountByOrganize', 'salesByMonth']);
    const picker = await call('customer', 'GET', '/api/system/DataInterface/getList');
    expect(picker.body.data.list.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(picker.body.data)).not.toContain('queryText');

    const upd = await call('admin', 'PUT', `/api/system/DataInterface/${ids.monthlySales}`, { fullName: '月度销售额', enCode: 'monthlySales', type: 2, queryText: '[{"month":"1月","amount":1}]' });
    expect(upd.body.msg).toBe('修改成功');
    expect((await run('customer', 'monthlySales', 'Actions/Preview')).body.data).toEqual([{ month: '1月', amount: 1 }]);
    const badStatic = await call('admin', 'PUT', `/api/system/DataInterface/${ids.monthlySales}`, { fullName: '月度销售额', enCode: 'monthlySales', type: 2, queryText: '{' });
    expect(badStatic.body.msg).toBe('静态数据必须是JSON数组');
    expect((await call('admin', 'POST', '/api/system/DataInterface', { fullName: '重复', enCode: 'monthlySales', type: 2, queryText: '[]' })).body.msg).toBe('接口编码已存在');

    const off = await call('admin', 'PUT', `/api/system/DataInterface/${ids.monthlySales}/Actions/State`);
    expect(off.body.data.enabledMark).toBe(0);
    const disabled = await run('customer', 'monthlySales', 'Action/List', { currentPage: 1, pageSize: 10 });
    expect(disabled.body.msg).toBe('数据接口已被禁用');
    await call('admin', 'PUT', `/api/system/DataInterface/${ids.monthlySales}/Actions/State`);

    const copy = await call('admin', 'POST', `/api/system/DataInterface/${ids.recentUsers}/Actions/Copy`);
    expect(copy.body.msg).toBe('复制成功');
    const copied = await call('admin', 'GET', `/api/system/DataInterface/${copy.body.data.id}`);
    expect(copied.body.data).toMatchObject({ type: 1, enabledMark: 0 });
    expect(copied.body.data.enCode).toMatch(/^recentUsers\.copy\d{5}$/);
    expect((await call('admin', 'DELETE', `/api/system/DataInterface/${copy.body.data.id}`)).body.msg).toBe('删除成功');
    expect((await call('admin', 'GET', `/api/system/DataInterface/${copy.body.data.id}`)).status).toBe(404);
  });
});

describe('demo interfaces used by the demo report and portal', () => {
  it('runs by enCode for users of the pages, and a static interface filters its rows by a declared parameter', async () => {
    const all = await call('staff', 'POST', '/api/system/DataInterface/salesByMonth/Actions/Preview', { paramList: [] });
    expect(all.body.code).toBe(200);
    expect(all.body.data).toHaveLength(24);
    const steel = await call('staff', 'POST', '/api/system/DataInterface/salesByMonth/Actions/Preview', { paramList: [{ field: 'category', defaultValue: 'steel' }] });
    expect(steel.body.data).toHaveLength(12);
    expect(new Set(steel.body.data.map((r: { category: string }) => r.category))).toEqual(new Set(['steel']));
    const stats = await call('staff', 'POST', '/api/system/DataInterface/todayStats/Actions/Preview', { paramList: [] });
    expect(stats.body.data[0]).toMatchObject({ orders: expect.any(Number), amount: expect.any(Number) });
    // The report and the portal are staff pages: a customer runs neither's interfaces.
    expect((await call('customer', 'POST', '/api/system/DataInterface/todayStats/Actions/Preview', { paramList: [] })).status).toBe(403);
    expect((await call('customer', 'POST', '/api/system/DataInterface/salesByMonth/Actions/Preview', { paramList: [] })).status).toBe(403);
  });
});
