import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { newId } from '../../server/db/ids';
import { pruneInterfaceLog } from '../../server/modules/data-interface/log-prune';
import { startTestServer, type TestServer } from '../helpers/server';

/** Issue 11 item 2: copy, export → import, preview with parameters, the call log paging and pruning. */
let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function call(who: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en' } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

const upload = (content: unknown) => {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : JSON.stringify(content)], { type: 'application/json' }), 'export.json');
  return form;
};

const logCount = async (interfaceId: string) =>
  Number((await server.database.db.selectFrom('baseDataInterfaceLog').select((eb) => eb.fn.countAll<number>().as('n')).where('interfaceId', '=', interfaceId).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  for (const row of await db.selectFrom('baseDataInterface').select(['id', 'enCode']).execute()) ids[row.enCode] = row.id;
  for (const account of ['admin', 'staff']) {
    const user = await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    tokens[account] = (await createSession(db, user.id, { idleSeconds: 3600 })).token;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('data interface administration', () => {
  it('creates a static interface with a declared parameter and previews it with a typed value', async () => {
    const created = await call('admin', 'POST', '/api/system/DataInterface', {
      fullName: 'Colours', enCode: 'adminColours', type: 2, queryText: JSON.stringify([{ id: 'r', tone: 'warm' }, { id: 'b', tone: 'cold' }, { id: 'o', tone: 'warm' }]),
      requestParameters: [{ field: 'tone', dataType: 'varchar', required: 0, defaultValue: '' }], responseFields: ['id', 'tone'],
    });
    expect(created.status).toBe(200);
    ids.adminColours = created.body.data.id;
    const info = await call('admin', 'GET', `/api/system/DataInterface/${ids.adminColours}`);
    expect(info.body.data.requestParameters).toEqual([{ field: 'tone', dataType: 'varchar', required: 0, defaultValue: '' }]);
    expect(info.body.data.responseFields).toEqual(['id', 'tone']);
    const warm = await call('admin', 'POST', `/api/system/DataInterface/${ids.adminColours}/Actions/Preview`, { paramList: [{ field: 'tone', defaultValue: 'warm' }] });
    expect(warm.body.data.map((r: { id: string }) => r.id)).toEqual(['r', 'o']);
  });

  it('previews an SQL interface with a parameter value, through the same run path (logged)', async () => {
    const before = await logCount(ids.dictionaryEntries!);
    const pay = await call('admin', 'POST', `/api/system/DataInterface/${ids.dictionaryEntries}/Actions/Preview`, { paramList: [{ field: 'typeCode', defaultValue: 'payMethod' }] });
    expect(pay.status).toBe(200);
    expect(pay.body.data.map((r: { enCode: string }) => r.enCode)).toEqual(['transfer', 'acceptance', 'lc']);
    expect(await logCount(ids.dictionaryEntries!)).toBe(before + 1);
  });

  it('copies an interface disabled, with a new code, its parameters kept', async () => {
    const copy = await call('admin', 'POST', `/api/system/DataInterface/${ids.adminColours}/Actions/Copy`);
    expect(copy.status).toBe(200);
    const info = await call('admin', 'GET', `/api/system/DataInterface/${copy.body.data.id}`);
    expect(info.body.data.enCode).toMatch(/^adminColours\.copy\d{5}$/);
    expect(info.body.data.enabledMark).toBe(0);
    expect(info.body.data.requestParameters).toEqual([{ field: 'tone', dataType: 'varchar', required: 0, defaultValue: '' }]);
    expect((await call('admin', 'POST', `/api/system/DataInterface/${copy.body.data.id}/Actions/Preview`, {})).body.msg).toMatch(/disabled/i);
  });

  it('exports to a one-time link and imports the file back as a new interface', async () => {
    const link = await call('admin', 'GET', `/api/system/DataInterface/${ids.adminColours}/Action/Export`);
    expect(link.status).toBe(200);
    expect(link.body.data.url).toMatch(/^\/api\/system\/DataInterface\/Download\/[A-Za-z0-9_-]{43}$/);
    const download = await fetch(`${server.url}${link.body.data.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const file = (await download.json()) as { kind: string; interface: { enCode: string; fullName: string; requestParameters: unknown[] } };
    expect(file.kind).toBe('dataInterface');
    expect(file.interface.requestParameters).toHaveLength(1);

    const again = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', upload(file));
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('adminColours');
    const imported = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', upload({ ...file, interface: { ...file.interface, enCode: 'adminColours2' } }));
    expect(imported.status).toBe(200);
    const info = await call('admin', 'GET', `/api/system/DataInterface/${imported.body.data.id}`);
    expect(info.body.data).toMatchObject({ enCode: 'adminColours2', fullName: 'Colours', type: 2, requestParameters: file.interface.requestParameters, responseFields: ['id', 'tone'] });
    const preview = await call('admin', 'POST', `/api/system/DataInterface/${imported.body.data.id}/Actions/Preview`, { paramList: [{ field: 'tone', defaultValue: 'cold' }] });
    expect(preview.body.data).toEqual([{ id: 'b', tone: 'cold' }]);
  });

  it('refuses a bad import file with a clear message and writes nothing', async () => {
    const count = async () => (await server.database.db.selectFrom('baseDataInterface').select('id').execute()).length;
    const before = await count();
    const notJson = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', upload('{nope'));
    expect(notJson.status).toBe(400);
    expect(notJson.body.msg).toMatch(/not valid/);
    const wrongKind = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', upload({ kind: 'dictionary' }));
    expect(wrongKind.status).toBe(400);
    const badSql = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', upload({
      kind: 'dataInterface', version: 1,
      interface: { fullName: 'x', enCode: 'adminBadSql', type: 1, categoryId: null, dataSource: null, queryText: 'delete from base_user', requestMethod: null, path: null, requestHeaders: [], requestParameters: [], responseFields: [], enabledMark: 1, sortCode: 0, description: null },
    }));
    expect(badSql.status).toBe(400);
    const none = await call('admin', 'POST', '/api/system/DataInterface/Action/Import', new FormData());
    expect(none.status).toBe(400);
    expect(await count()).toBe(before);
    const expired = await fetch(`${server.url}/api/system/DataInterface/Download/${'a'.repeat(43)}`);
    expect(expired.status).toBe(404);
  });

  it('pages the call log of one interface, newest first', async () => {
    const db = server.database.db;
    const id = ids.adminColours!;
    await db.deleteFrom('baseDataInterfaceLog').where('interfaceId', '=', id).execute();
    const now = Date.now();
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: newId(), interfaceId: id, invokedAt: now - i * 1000, durationMs: i, userId: null, ip: '10.0.0.1', userAgent: null, success: 1, message: null }));
    await db.insertInto('baseDataInterfaceLog').values(rows).execute();
    const first = await call('admin', 'GET', `/api/system/DataInterfaceLog/${id}?currentPage=1&pageSize=10`);
    expect(first.body.data.pagination.total).toBe(25);
    expect(first.body.data.list.map((r: { durationMs: number }) => r.durationMs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const last = await call('admin', 'GET', `/api/system/DataInterfaceLog/${id}?currentPage=3&pageSize=10`);
    expect(last.body.data.list.map((r: { durationMs: number }) => r.durationMs)).toEqual([20, 21, 22, 23, 24]);
  });

  it('prunes only calls older than the retention', async () => {
    const db = server.database.db;
    const id = ids.adminColours!;
    await db.deleteFrom('baseDataInterfaceLog').where('interfaceId', '=', id).execute();
    const day = 86_400_000;
    const now = Date.now();
    const ages = [0, 5, 29, 31, 40, 400];
    await db.insertInto('baseDataInterfaceLog').values(ages.map((a) => ({ id: newId(), interfaceId: id, invokedAt: now - a * day - 1000, durationMs: a, userId: null, ip: null, userAgent: null, success: 1, message: null }))).execute();
    const byDays = await call('admin', 'POST', '/api/system/DataInterfaceLog/Actions/Prune', { days: 100 });
    expect(byDays.status).toBe(200);
    expect(byDays.body.data.days).toBe(100);
    const left = async () => (await db.selectFrom('baseDataInterfaceLog').select('durationMs').where('interfaceId', '=', id).orderBy('durationMs').execute()).map((r) => Number(r.durationMs));
    expect(await left()).toEqual([0, 5, 29, 31, 40]);
    // default: the configured retention (30 days)
    const byConfig = await call('admin', 'POST', '/api/system/DataInterfaceLog/Actions/Prune', {});
    expect(byConfig.body.data.days).toBe(30);
    expect(await left()).toEqual([0, 5, 29]);
    expect(await pruneInterfaceLog(db, 0)).toBe(0); // 0 keeps everything
    expect(await left()).toEqual([0, 5, 29]);
    const bad = await call('admin', 'POST', '/api/system/DataInterfaceLog/Actions/Prune', { days: -1 });
    expect(bad.status).toBe(400);
    // the retention is a system configuration key, range-checked like the others
    expect((await call('admin', 'PUT', '/api/system/SysConfig', { dataInterfaceLogRetentionDays: 5000 })).status).toBe(400);
    expect((await call('admin', 'PUT', '/api/system/SysConfig', { dataInterfaceLogRetentionDays: 10 })).status).toBe(200);
    const byTen = await call('admin', 'POST', '/api/system/DataInterfaceLog/Actions/Prune', {});
    expect(byTen.body.data).toEqual({ deleted: 1, days: 10 });
    expect(await left()).toEqual([0, 5]);
  });

  it('refuses every administration call to a non-manager', async () => {
    const id = ids.adminColours!;
    expect((await call('staff', 'POST', `/api/system/DataInterface/${id}/Actions/Copy`)).status).toBe(403);
    expect((await call('staff', 'GET', `/api/system/DataInterface/${id}/Action/Export`)).status).toBe(403);
    expect((await call('staff', 'POST', '/api/system/DataInterface/Action/Import', upload({}))).status).toBe(403);
    expect((await call('staff', 'GET', `/api/system/DataInterfaceLog/${id}`)).status).toBe(403);
    expect((await call('staff', 'POST', '/api/system/DataInterfaceLog/Actions/Prune', { days: 1 })).status).toBe(403);
    expect((await call('staff', 'POST', `/api/system/DataInterface/${id}/Actions/Preview`, {})).status).toBe(403);
    expect((await call(null, 'POST', '/api/system/DataInterfaceLog/Actions/Prune', { days: 1 })).status).toBe(401);
  });
});
