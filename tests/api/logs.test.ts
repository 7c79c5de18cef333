import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { pruneLogs } from '../../server/logs/retention';
import { client, makeUser, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from './oauth-client';
import { modifyPassword } from './profile-client';
import { goodsDefinition } from './visualdev-fixture';

let server: TestServer;
let admin: ReturnType<typeof client>;
const db = () => server.database.db;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(db(), 'admin'));
});
afterAll(async () => {
  await server?.close();
});

/** The audit rows of one entity id, oldest first, with their changes parsed. */
async function auditOf(entityId: string) {
  const list = (await admin.get(`/api/system/Log/Audit?keyword=${encodeURIComponent(entityId)}&pageSize=100`)).body.data.list as { id: string; action: string; entityId: string }[];
  const mine = list.filter((r) => r.entityId === entityId).reverse();
  return Promise.all(mine.map(async (r) => (await admin.get(`/api/system/Log/Audit/${r.id}`)).body.data as { action: string; account: string; entity: string; changesText: string; changes: { field: string; before: string; after: string }[] }));
}
const change = (row: { changes: { field: string; before: string; after: string }[] }, field: string) => row.changes.find((c) => c.field === field);

describe('login log', () => {
  it('records a refused and a successful sign-in with account, address, user agent and reason, and a sign-out', async () => {
    const ua = { 'user-agent': 'logs-test-agent/1.0' };
    expect((await login(server, 'staff', 'wrong-password', {}, ua)).body.code).toBe(400);
    const ok = await login(server, 'staff', 'demo1234', {}, ua);
    expect(ok.body.code).toBe(200);
    const out = await client(server.url, ok.body.data!.token).get('/api/oauth/Logout');
    expect(out.body.code).toBe(200);

    const reply = await client(server.url, await tokenFor(db(), 'admin'), 'en').get('/api/system/Log/Login?account=staff&pageSize=50');
    expect(reply.body.code).toBe(200);
    const rows = reply.body.data.list as { kind: string; success: number; account: string; message: string | null; ip: string; userAgent: string }[];
    const [logout, success, failure] = rows;
    expect(logout).toMatchObject({ kind: 'logout', success: 1, account: 'staff', ip: '127.0.0.1' });
    expect(success).toMatchObject({ kind: 'login', success: 1, account: 'staff', ip: '127.0.0.1', userAgent: 'logs-test-agent/1.0' });
    // the reason in the reader's language
    expect(failure).toMatchObject({ kind: 'login', success: 0, account: 'staff', message: 'Wrong account or password', userAgent: 'logs-test-agent/1.0' });

    const refused = await admin.get('/api/system/Log/Login?account=staff&success=0');
    expect(refused.body.data.list.every((r: { success: number }) => r.success === 0)).toBe(true);
    expect(refused.body.data.pagination.total).toBeGreaterThanOrEqual(1);
    const outs = await admin.get('/api/system/Log/Login?kind=logout');
    expect(outs.body.data.list.map((r: { account: string }) => r.account)).toContain('staff');
  });

  it('filters by time range and refuses a reversed one in the caller language', async () => {
    const future = Date.now() + DAY;
    expect((await admin.get(`/api/system/Log/Login?createdAt=${future},${future + DAY}`)).body.data.pagination.total).toBe(0);
    expect((await admin.get(`/api/system/Log/Login?createdAt=${Date.now() - DAY},`)).body.data.pagination.total).toBeGreaterThan(0);
    const bad = await client(server.url, await tokenFor(db(), 'admin'), 'en').get(`/api/system/Log/Login?startTime=${future}&endTime=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^Invalid time range/);
    expect((await admin.get('/api/system/Log/Login?createdAt=abc,def')).status).toBe(400);
  });
});

describe('request log', () => {
  it('records a request with method, path without its query, status, duration, user and address — after the answer, in a batch', async () => {
    const marker = `probe${Date.now()}`;
    const staff = client(server.url, await tokenFor(db(), 'staff'));
    expect((await staff.get(`/api/permission/Users/Current/BaseInfo?secret=${marker}`)).status).toBe(200);
    await server.app.requestLog.flush();
    const reply = await admin.get('/api/system/Log/Request?keyword=/Current/BaseInfo&account=staff');
    const row = reply.body.data.list[0];
    expect(row).toMatchObject({ method: 'GET', path: '/api/permission/Users/Current/BaseInfo', status: 200, account: 'staff', ip: '127.0.0.1' });
    expect(typeof row.durationMs).toBe('number');
    expect(row.durationMs).toBeGreaterThan(0);
    // no query string anywhere in the log
    const leaked = await db().selectFrom('baseRequestLog').select('id').where('path', 'like', `%${marker}%`).execute();
    expect(leaked).toEqual([]);
  });

  it('keeps routes that say so (the health probe) out of the request log', async () => {
    expect((await fetch(`${server.url}/api/system/health`)).status).toBe(200);
    await server.app.requestLog.flush();
    expect(await db().selectFrom('baseRequestLog').select('id').where('path', '=', '/api/system/health').execute()).toEqual([]);
  });

  it('logs a download ticket in the path by its parameter name, never its value', async () => {
    await admin.get('/api/system/DictionaryType/Download/secret-ticket-value');
    await server.app.requestLog.flush();
    const rows = await db().selectFrom('baseRequestLog').select('path').where('path', 'like', '%DictionaryType/Download%').execute();
    expect(rows.map((r) => r.path)).toContain('/api/system/DictionaryType/Download/:ticket');
    expect(rows.some((r) => r.path.includes('secret-ticket-value'))).toBe(false);
  });

  it('filters by method and status', async () => {
    await admin.get('/api/system/Log/Audit/no-such-row');
    await server.app.requestLog.flush();
    const notFound = await admin.get('/api/system/Log/Request?status=404&method=get');
    expect(notFound.body.data.list.length).toBeGreaterThan(0);
    expect(notFound.body.data.list.every((r: { status: number; method: string }) => r.status === 404 && r.method === 'GET')).toBe(true);
  });
});

describe('audit log', () => {
  it('records creating, updating and deleting an organisation with who, before and after', async () => {
    const company = (await db().selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm').executeTakeFirstOrThrow()).id;
    const created = await admin.post('/api/permission/Organize/Department', { parentId: company, fullName: '审计部', enCode: 'audit.dept', sortCode: 3 });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.put(`/api/permission/Organize/Department/${id}`, { parentId: company, fullName: '审计二部', enCode: 'audit.dept', sortCode: 4 })).body.code).toBe(200);
    // an update that changes nothing is not a change
    expect((await admin.put(`/api/permission/Organize/Department/${id}`, { parentId: company, fullName: '审计二部', enCode: 'audit.dept', sortCode: 4 })).body.code).toBe(200);
    expect((await admin.del(`/api/permission/Organize/${id}`)).body.code).toBe(200);

    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((r) => r.entity === 'organize' && r.account === 'admin')).toBe(true);
    expect(change(rows[0]!, 'fullName')).toEqual({ field: 'fullName', before: '', after: '审计部' });
    expect(rows[1]!.changes.map((c) => c.field).sort()).toEqual(['fullName', 'sortCode']);
    expect(change(rows[1]!, 'fullName')).toEqual({ field: 'fullName', before: '审计部', after: '审计二部' });
    expect(change(rows[1]!, 'sortCode')).toEqual({ field: 'sortCode', before: '3', after: '4' });
    expect(change(rows[2]!, 'enCode')).toEqual({ field: 'enCode', before: 'audit.dept', after: '' });
    expect(rows[1]!.changesText.split('\n')).toEqual(expect.arrayContaining(['fullName: 审计部 → 审计二部', 'sortCode: 3 → 4']));

    const filtered = await admin.get('/api/system/Log/Audit?entity=organize&action=delete&account=admin');
    expect(filtered.body.data.list.map((r: { entityId: string }) => r.entityId)).toContain(id);
    expect(filtered.body.data.list.every((r: { action: string }) => r.action === 'delete')).toBe(true);
  });

  it('a refused save writes no audit row (same transaction)', async () => {
    const before = await db().selectFrom('baseAuditLog').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const company = (await db().selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm').executeTakeFirstOrThrow()).id;
    expect((await admin.post('/api/permission/Organize/Department', { parentId: company, fullName: '重复部', enCode: 'scm' })).body.code).toBe(400);
    const after = await db().selectFrom('baseAuditLog').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('records creating, updating and deleting a record with its values before and after', async () => {
    const model = await admin.post('/api/visualdev/Base', goodsDefinition());
    const modelId = model.body.data.id as string;
    expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
    const created = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: { goodsName: 'Apple', goodsCode: 'G0001', quantity: 5, status: 'on' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.put(`/api/visualdev/OnlineDev/${modelId}/${id}`, { data: JSON.stringify({ goodsName: 'Apple Pie', quantity: 6 }) })).body.code).toBe(200);
    expect((await admin.del(`/api/visualdev/OnlineDev/${modelId}/${id}`)).body.code).toBe(200);

    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((r) => r.entity === 'record')).toBe(true);
    expect(change(rows[0]!, 'goodsName')).toEqual({ field: 'goodsName', before: '', after: 'Apple' });
    expect(change(rows[1]!, 'goodsName')).toEqual({ field: 'goodsName', before: 'Apple', after: 'Apple Pie' });
    expect(change(rows[1]!, 'quantity')).toEqual({ field: 'quantity', before: '5', after: '6' });
    expect(change(rows[1]!, 'goodsCode')).toBeUndefined();
    expect(change(rows[2]!, 'goodsName')).toEqual({ field: 'goodsName', before: 'Apple Pie', after: '' });
  });

  it('never stores a password hash: a password change is recorded as "changed" only', async () => {
    const target = (await db().selectFrom('baseUser').select('id').where('account', '=', 'customer2').executeTakeFirstOrThrow()).id;
    const users = client(server.url, await tokenFor(db(), 'admin'));
    expect((await users.post(`/api/permission/Users/${target}/Actions/ResetPassword`, { newPassword: 'abc12345' })).body.code).toBe(200);
    const token = (await login(server, 'customer2', 'abc12345')).body.data!.token;
    const changed = await modifyPassword(server, token, 'abc12345', 'Newpass12');
    expect(changed.body.code, changed.body.msg).toBe(200);

    const rows = await auditOf(target);
    expect(rows.filter((r) => change(r, 'passwordChanged')?.after === 'true').map((r) => r.account)).toEqual(['admin', 'customer2']);
    const hashes = (await db().selectFrom('baseUser').select('passwordHash').execute()).map((r) => r.passwordHash);
    const everything = (await db().selectFrom('baseAuditLog').select('changes').execute()).map((r) => r.changes).join('\n');
    for (const hash of hashes) expect(everything.includes(hash)).toBe(false);
    expect(everything).not.toMatch(/\$argon2|passwordHash/);
  });

  it('answers a missing row with 404 in the caller language', async () => {
    const reply = await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').get('/api/system/Log/Audit/nope');
    expect(reply.status).toBe(404);
    expect(reply.body.msg).toBe('日誌記錄不存在');
  });
});

describe('who may read the logs', () => {
  it('refuses staff, customers and a user without the code; a role granted system.log:read reads them', async () => {
    const paths = ['/api/system/Log/Login', '/api/system/Log/Request', '/api/system/Log/Audit', '/api/system/Log/Audit/x'];
    for (const account of ['staff', 'customer']) {
      const c = client(server.url, await tokenFor(db(), account));
      for (const path of paths) expect((await c.get(path)).status, `${account} ${path}`).toBe(403);
    }
    expect((await client(server.url, null).get('/api/system/Log/Audit')).status).toBe(401);
    const reader = await makeUser(db(), 'logreader');
    const c = client(server.url, reader.token);
    expect((await c.get('/api/system/Log/Audit')).status).toBe(403);
    await db().insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: reader.roleId, itemType: 'api', itemId: 'system.log:read' }).execute();
    const { bumpAccessVersion } = await import('../../server/auth/access-version');
    await bumpAccessVersion(db());
    expect((await c.get('/api/system/Log/Audit')).status).toBe(200);
    expect((await c.get('/api/system/Log/Login')).status).toBe(200);
  });
});

describe('retention', () => {
  it('prunes only rows older than each kind\'s retention, the data-interface call log too', async () => {
    const now = Date.now();
    const old = now - 40 * DAY;
    const recent = now - 10 * DAY;
    const marker = `prune${now}`;
    for (const at of [old, recent]) {
      await db().insertInto('baseLoginLog').values({ id: newId(), userId: null, account: `${marker}-${at}`, success: 0, message: null, ip: null, userAgent: null, createdAt: at }).execute();
      await db().insertInto('baseRequestLog').values({ id: newId(), createdAt: at, method: 'GET', path: `/api/${marker}/${at}`, status: 200, durationMs: 1.5, userId: null, account: null, ip: null }).execute();
      await db().insertInto('baseAuditLog').values({ id: newId(), createdAt: at, actorId: null, actorAccount: null, ip: null, entity: 'area', entityId: `${marker}-${at}`, entityName: null, action: 'update', changes: '[]' }).execute();
      await db().insertInto('baseDataInterfaceLog').values({ id: newId(), interfaceId: marker, invokedAt: at, durationMs: 1, userId: null, ip: null, userAgent: null, success: 1, message: null }).execute();
    }
    const pruned = await pruneLogs(db(), { login: 30, request: 30, audit: 30, dataInterface: 30 }, now);
    expect(pruned.login).toBeGreaterThanOrEqual(1);
    expect(pruned.audit).toBeGreaterThanOrEqual(1);
    const left = async () => ({
      login: (await db().selectFrom('baseLoginLog').select('createdAt').where('account', 'like', `${marker}%`).execute()).map((r) => Number(r.createdAt)),
      request: (await db().selectFrom('baseRequestLog').select('createdAt').where('path', 'like', `/api/${marker}%`).execute()).map((r) => Number(r.createdAt)),
      audit: (await db().selectFrom('baseAuditLog').select('createdAt').where('entityId', 'like', `${marker}%`).execute()).map((r) => Number(r.createdAt)),
      dataInterface: (await db().selectFrom('baseDataInterfaceLog').select('invokedAt').where('interfaceId', '=', marker).execute()).map((r) => Number(r.invokedAt)),
    });
    expect(await left()).toEqual({ login: [recent], request: [recent], audit: [recent], dataInterface: [recent] });
    // 0 keeps a kind for ever
    await pruneLogs(db(), { login: 0, request: 0, audit: 0, dataInterface: 0 }, now + 1000 * DAY);
    expect(await left()).toEqual({ login: [recent], request: [recent], audit: [recent], dataInterface: [recent] });
    // the recent rows are still within 30 days
    expect((await db().selectFrom('baseLoginLog').select('id').where('account', 'like', `${marker}%`).execute()).length).toBe(1);
  });

  it('reads the retention from the environment, with defaults', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).logRetention).toEqual({ login: 180, request: 30, audit: 365 });
    expect(loadConfig({ LOG_RETENTION_AUDIT_DAYS: '7', LOG_RETENTION_LOGIN_DAYS: '0' }).logRetention).toMatchObject({ audit: 7, login: 0 });
  });
});
