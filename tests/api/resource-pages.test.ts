import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileResourcePage } from '../../src/runtime/compile';
import { syncMenu } from '../../server/db/menu-file';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Admin resource pages (schemas/admin): GET /api/visualdev/Resource/{id} in the caller's
 * language, who may read it, what the compiler refuses, and the menu line linking a page entry
 * installed before its descriptor existed.
 */

let server: TestServer;
let adminToken: string;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, adminToken);
  staff = client(server.url, await tokenFor(server.database.db, 'staff'));
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/visualdev/Resource/{id}', () => {
  it('answers the page with its calls, actions and model parts in the caller\'s language', async () => {
    const zh = await admin.get('/api/visualdev/Resource/permission-user');
    expect(zh.body.code).toBe(200);
    const page = zh.body.data;
    expect(page.fullName).toBe('用户管理');
    expect(page.calls.list).toBe('GET /api/permission/Users');
    expect(page.tree).toEqual({ call: 'GET /api/permission/Organize/SelectorByAuth/0', param: 'organizeId', title: '组织' });
    expect(page.actions.map((a: { value: string }) => a.value)).toEqual(['resetPassword', 'state', 'unlock', 'explain']);
    expect(page.actions.find((a: { value: string }) => a.value === 'state').call).toBe('PUT /api/permission/Users/{id}/Actions/State');
    expect(JSON.parse(page.columnData).columnList[0].label).toBe('账户');
    const en = await client(server.url, adminToken, 'en').get('/api/visualdev/Resource/permission-user');
    expect(en.body.data.fullName).toBe('Users');
    expect(JSON.parse(en.body.data.columnData).columnList[0].label).toBe('Account');
    expect(en.body.data.actions.find((a: { value: string }) => a.value === 'unlock').confirm).toBe("Lift this user's sign-in lock-out?");
  });

  it('is refused to a user without a menu entry opening it, and 404 for an unknown id', async () => {
    expect((await staff.get('/api/visualdev/Resource/permission-user')).body.code).toBe(403);
    expect((await admin.get('/api/visualdev/Resource/no-such-page')).body.code).toBe(404);
  });
});

describe('compileResourcePage', () => {
  const base = {
    id: 'p', fullName: 'P', calls: { list: 'GET /api/x' },
    formData: { fields: [{ __config__: { jnpfKey: 'input', label: 'A' }, __vModel__: 'a' }] },
    columnData: { columnList: [{ prop: 'a', label: 'A' }], btnsList: [{ value: 'add' }], customBtnsList: [{ value: 'reset', label: 'R' }] },
  };
  const codes = (d: unknown) => compileResourcePage(d, { file: 'p.json', strict: true }).problems.filter((p) => p.severity === 'error').map((p) => p.code);

  it('refuses a button without its call and a custom button without an action', () => {
    expect(codes(base)).toEqual(expect.arrayContaining(['admin.missingCall', 'admin.buttonWithoutAction']));
  });
  it('accepts the page once both are declared, and refuses a call that is not METHOD /api/…', () => {
    // without columnBtnsList the list has 编辑 and 删除: they need update and delete
    const good = { ...base, calls: { list: 'GET /api/x', create: 'POST /api/x', update: 'PUT /api/x/{id}', delete: 'DELETE /api/x/{id}' }, actions: [{ value: 'reset', call: 'POST /api/x/{id}/Actions/Reset' }] };
    expect(codes(good)).toEqual([]);
    expect(codes({ ...good, calls: { ...good.calls, list: 'FETCH x' } })).toContain('compile.metaSchema');
  });
});

describe('menu file', () => {
  it('links a page entry installed without a moduleId to its descriptor, and keeps one an administrator set', async () => {
    const db = server.database.db;
    await db.updateTable('baseModule').set({ propertyJson: null }).where('enCode', '=', 'permission.user').execute();
    await db.updateTable('baseModule').set({ propertyJson: '{"moduleId":"mine"}' }).where('enCode', '=', 'permission.group').execute();
    await syncMenu(db, [
      { type: 2, fullName: '用户管理', enCode: 'permission.user', url: 'permission/user', moduleId: 'permission-user' },
      { type: 2, fullName: '分组管理', enCode: 'permission.group', url: 'permission/group', moduleId: 'permission-group' },
    ]);
    const rows = await db.selectFrom('baseModule').select(['enCode', 'propertyJson']).where('enCode', 'in', ['permission.user', 'permission.group']).execute();
    const by = Object.fromEntries(rows.map((r) => [r.enCode, JSON.parse(r.propertyJson ?? '{}').moduleId]));
    expect(by).toEqual({ 'permission.user': 'permission-user', 'permission.group': 'mine' });
  });
});
