import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { readAccessVersion } from '../../server/auth/access-version';
import { readMenuFile, syncMenu } from '../../server/db/menu-file';
import { DEFAULT_MENU_FILE } from '../../server/db/seed';

/** /api/permission/Authority: grant trees, saving grants, data-scope schemes, list columns. */
let server: TestServer;
let admin: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let menuId: string;
let customerRoleId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  customer = client(server.url, await tokenFor(db, 'customer'));
  menuId = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'customerOrder').executeTakeFirstOrThrow()).id;
  customerRoleId = (await db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

type Node = { id: string; enCode: string; checked: boolean; schemes: { enCode: string; checked: boolean }[]; buttons: { enCode: string; checked: boolean }[]; children: Node[] };
const find = (nodes: Node[], enCode: string): Node | undefined => {
  for (const n of nodes) {
    if (n.enCode === enCode) return n;
    const inner = find(n.children, enCode);
    if (inner) return inner;
  }
  return undefined;
};
const grantRows = (roleId: string) => server.database.db.selectFrom('baseAuthorize').select(['itemType', 'itemId']).where('objectId', '=', roleId).orderBy('itemType').orderBy('itemId').execute();

describe('a role\'s grant tree', () => {
  it('lets a role manager who is not an administrator grant and revoke only what they hold themselves', async () => {
    const db = server.database.db;
    const manager = await makeUser(db, 'grantingManager');
    const menu = async (enCode: string) => (await db.selectFrom('baseModule').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
    const [roles, goods, sysConfig] = [await menu('permission.role'), await menu('goods'), await menu('system.sysConfig')];
    // the manager's role: 角色管理 (which carries permission.role:manage) and 商品档案, granted by an administrator
    expect((await admin.put(`/api/permission/Authority/Data/${manager.roleId}`, { module: [roles, goods] })).body.code).toBe(200);
    const other = await makeUser(db, 'grantTarget');
    const as = client(server.url, manager.token, 'en');
    const before = await grantRows(manager.roleId);
    const escalate = await as.put(`/api/permission/Authority/Data/${manager.roleId}`, { module: [roles, goods, sysConfig] });
    expect(escalate.status).toBe(403);
    expect(escalate.body.msg).toBe(`You can only grant or revoke what you hold yourself: ${sysConfig}`);
    expect(await grantRows(manager.roleId)).toEqual(before);
    expect((await as.put(`/api/permission/Authority/Data/${other.roleId}`, { api: ['system.config:update'] })).status).toBe(403);
    expect((await as.put(`/api/permission/Authority/Data/${other.roleId}`, { module: [goods] })).body.code).toBe(200);
    expect(await grantRows(other.roleId)).toEqual([{ itemType: 'module', itemId: goods }]);
  });


  it('shows every menu with its items and schemes, checked where the role holds them', async () => {
    const reply = await admin.get(`/api/permission/Authority/Data/${customerRoleId}`);
    expect(reply.body.code, reply.body.msg).toBe(200);
    const { role, list, checked, api } = reply.body.data;
    expect(role.enCode).toBe('businessCustomer');
    const order = find(list, 'customerOrder')!;
    expect(order.checked).toBe(true);
    expect(order.schemes).toEqual([expect.objectContaining({ enCode: 'ownOrganisation', checked: true }), expect.objectContaining({ enCode: 'allRecords', checked: false })]);
    expect(find(list, 'goods')!.checked).toBe(false);
    expect(find(list, 'goods')!.buttons.length).toBeGreaterThan(0);
    expect(checked.module).toContain(menuId);
    expect(api.every((a: { checked: boolean }) => a.checked === false)).toBe(true);
    expect((await customer.get(`/api/permission/Authority/Data/${customerRoleId}`)).status).toBe(403);
    expect((await admin.get('/api/permission/Authority/Data/nope')).status).toBe(404);
  });

  it('saves the areas sent, keeps the others, refuses unknown ids without writing, and bumps the access version', async () => {
    const db = server.database.db;
    const role = await makeUser(db, 'grantee');
    const goods = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'goods').executeTakeFirstOrThrow()).id;
    const operations = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'operations').executeTakeFirstOrThrow()).id;
    const add = (await db.selectFrom('baseModuleItem').select('id').where('moduleId', '=', goods).where('enCode', '=', 'btn_add').executeTakeFirstOrThrow()).id;
    const version = await readAccessVersion(db);
    const saved = await admin.put(`/api/permission/Authority/Data/${role.roleId}`, { module: [operations, goods], button: [add], api: ['system.dictionary:manage'] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await readAccessVersion(db)).toBeGreaterThan(version);
    const rows = await grantRows(role.roleId);
    expect(rows).toEqual([{ itemType: 'api', itemId: 'system.dictionary:manage' }, { itemType: 'button', itemId: add }, ...[operations, goods].sort().map((id) => ({ itemType: 'module', itemId: id }))]);

    // the grantee sees exactly that, on the next request
    const me = client(server.url, role.token);
    const current = await me.get('/api/oauth/CurrentUser');
    const menus = current.body.data.menuList.flatMap((s: { children: { enCode: string; children: { enCode: string }[] }[] }) => s.children.flatMap((c) => [c.enCode, ...c.children.map((g) => g.enCode)]));
    expect(menus.sort()).toEqual(['goods', 'operations']);
    expect(current.body.data.permissionList).toEqual([expect.objectContaining({ modelId: goods, button: [expect.objectContaining({ enCode: 'btn_add' })], column: [], form: [] })]);
    expect(current.body.data.userInfo.permissionCodes).toEqual(['system.dictionary:manage']);

    // unknown ids, an item of a menu not held: refused, nothing written
    const schemeOfOrder = (await db.selectFrom('baseModuleDataScheme').select('id').where('moduleId', '=', menuId).executeTakeFirstOrThrow()).id;
    for (const body of [{ module: ['nope'] }, { resource: [schemeOfOrder] }, { api: ['root:everything'] }, { button: ['nope'] }]) {
      const refused = await admin.put(`/api/permission/Authority/Data/${role.roleId}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.msg).toMatch(/不存在/);
    }
    expect(await grantRows(role.roleId)).toEqual(rows);

    // revoking the menu drops its buttons with it
    await admin.put(`/api/permission/Authority/Data/${role.roleId}`, { module: [operations] });
    expect(await grantRows(role.roleId)).toEqual([{ itemType: 'api', itemId: 'system.dictionary:manage' }, { itemType: 'module', itemId: operations }]);
  });

  it('a menu grant carries the API codes of its page', async () => {
    const db = server.database.db;
    const role = await makeUser(db, 'roleManager');
    const me = client(server.url, role.token);
    expect((await me.get(`/api/permission/Authority/Data/${customerRoleId}`)).status).toBe(403);
    const ids = await db.selectFrom('baseModule').select('id').where('enCode', 'in', ['systemManage', 'permission', 'permission.role']).execute();
    await admin.put(`/api/permission/Authority/Data/${role.roleId}`, { module: ids.map((r) => r.id) });
    expect((await me.get(`/api/permission/Authority/Data/${customerRoleId}`)).status).toBe(200);
  });
});

describe('grants and the menu file', () => {
  it('a grant an administrator revoked stays revoked when schemas/menu.json is synced again (every start)', async () => {
    const db = server.database.db;
    const tree = await admin.get(`/api/permission/Authority/Data/${customerRoleId}`);
    const modules: string[] = tree.body.data.checked.module;
    const order = modules.find((m) => m === menuId)!;
    expect((await admin.put(`/api/permission/Authority/Data/${customerRoleId}`, { module: modules.filter((m) => m !== order) })).body.code).toBe(200);
    await syncMenu(db, readMenuFile(DEFAULT_MENU_FILE));
    expect((await grantRows(customerRoleId)).some((r) => r.itemType === 'module' && r.itemId === order)).toBe(false);
    await admin.put(`/api/permission/Authority/Data/${customerRoleId}`, { module: modules, resource: tree.body.data.checked.resource });
    expect((await grantRows(customerRoleId)).some((r) => r.itemType === 'resource')).toBe(true);
  });
});

describe('data-scope schemes of a menu', () => {
  it('creates, lists, updates and deletes a scheme; its grants go with it', async () => {
    const fields = await admin.get(`/api/permission/Authority/Scheme/${menuId}/Fields`);
    expect(fields.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['deliveryArea', 'goodsName', 'orderNo', 'quantity', 'salesDept', 'salesman']);
    expect(fields.body.data.placeholders).toContain('@organizeAndBelow');

    const body = { fullName: '大单', fullName_i18n: { en: 'Large orders' }, enCode: 'large', scopeType: 'custom', condition: { logic: 'and', conditions: [{ field: 'quantity', op: 'ge', value: 100 }] } };
    const created = await admin.post(`/api/permission/Authority/Scheme/${menuId}`, body);
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const list = await admin.get(`/api/permission/Authority/Scheme/${menuId}`);
    expect(list.body.data.list.find((s: { id: string }) => s.id === id)).toMatchObject({ enCode: 'large', scopeType: 'custom', fullName_i18n: { en: 'Large orders' }, condition: body.condition });

    expect((await admin.post(`/api/permission/Authority/Scheme/${menuId}`, body)).body.msg).toMatch(/large/);
    const updated = await admin.put(`/api/permission/Authority/Scheme/${menuId}/${id}`, { ...body, fullName: '大额订单', condition: { logic: 'or', conditions: [{ field: 'orderNo', op: 'in', value: ['EAST-0001', '@userId'] }] } });
    expect(updated.body.code, updated.body.msg).toBe(200);

    await admin.put(`/api/permission/Authority/Data/${customerRoleId}`, { resource: [id] });
    expect((await grantRows(customerRoleId)).filter((r) => r.itemType === 'resource')).toEqual([{ itemType: 'resource', itemId: id }]);
    const deleted = await admin.del(`/api/permission/Authority/Scheme/${menuId}/${id}`);
    expect(deleted.body.code).toBe(200);
    expect((await grantRows(customerRoleId)).filter((r) => r.itemType === 'resource')).toEqual([]);
    expect((await admin.del(`/api/permission/Authority/Scheme/${menuId}/${id}`)).status).toBe(404);
  });

  it('refuses a custom condition on a field the model does not index, an unknown placeholder or operator, in the caller\'s language', async () => {
    const base = { fullName: 'x', enCode: 'bad', scopeType: 'custom' };
    const bad = [
      { logic: 'and', conditions: [{ field: 'remark', op: 'eq', value: 'a' }] },
      { logic: 'and', conditions: [{ field: 'orderNo', op: 'eq', value: '@root' }] },
      { logic: 'and', conditions: [] },
    ];
    for (const condition of bad) {
      const reply = await admin.post(`/api/permission/Authority/Scheme/${menuId}`, { ...base, condition });
      expect(reply.status, JSON.stringify(condition)).toBe(400);
    }
    const english = client(server.url, await tokenFor(server.database.db, 'admin'), 'en');
    const reply = await english.post(`/api/permission/Authority/Scheme/${menuId}`, { ...base, condition: bad[0] });
    expect(reply.body.msg).toBe('The custom condition is invalid: remark');
    expect((await admin.post(`/api/permission/Authority/Scheme/${menuId}`, { ...base, condition: { logic: 'and', conditions: [{ field: 'orderNo', op: 'drop', value: 1 }] } })).status).toBe(400);
    const goods = (await server.database.db.selectFrom('baseModule').select('id').where('enCode', '=', 'operations').executeTakeFirstOrThrow()).id;
    expect((await admin.post(`/api/permission/Authority/Scheme/${goods}`, { ...base, condition: bad[1] })).status).toBe(400);
    expect(await server.database.db.selectFrom('baseModuleDataScheme').select('id').where('enCode', '=', 'bad').execute()).toEqual([]);
  });
});

describe('list columns a user chose (GetColumnsByModuleId / SetColumnsByModuleId)', () => {
  it('keeps each user\'s own list', async () => {
    expect((await customer.get(`/api/permission/Authority/GetColumnsByModuleId/${menuId}`)).body.data).toEqual({ moduleId: menuId, fieldList: null });
    const fieldList = JSON.stringify([{ prop: 'orderNo', visible: true }]);
    expect((await customer.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: menuId, fieldList })).body.code).toBe(200);
    expect((await customer.get(`/api/permission/Authority/GetColumnsByModuleId/${menuId}`)).body.data.fieldList).toBe(fieldList);
    expect((await admin.get(`/api/permission/Authority/GetColumnsByModuleId/${menuId}`)).body.data.fieldList).toBeNull();
    expect((await customer.put('/api/permission/Authority/SetColumnsByModuleId', { moduleId: menuId, fieldList: '{' })).status).toBe(400);
  });
});
