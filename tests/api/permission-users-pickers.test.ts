import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { idOf, userId, usersClient, type UsersClient } from './permission-users-client';

let server: TestServer;
let admin: UsersClient;
let customer: UsersClient;
let staff: UsersClient;
const ids: Record<string, string> = {};

type Node = { id: string; fullName: string; type: string; userCount?: number; hasChildren: boolean; children: Node[] };
const accountsOf = (list: { fullName: string }[]) => list.map((u) => u.fullName.split('/')[1]).sort();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = usersClient(server, await tokenFor(db, 'admin'));
  customer = usersClient(server, await tokenFor(db, 'customer'));
  staff = usersClient(server, await tokenFor(db, 'staff'));
  for (const code of ['scm', 'scm.operations', 'scm.finance', 'customer.east', 'customer.south']) ids[code] = await idOf(db, 'baseOrganize', code);
  for (const code of ['operator', 'eastRepresentative', 'southRepresentative']) ids[code] = await idOf(db, 'basePosition', code);
  for (const code of ['businessCustomer', 'staff']) ids[code] = await idOf(db, 'baseRole', code);
  ids.customerGroup = await idOf(db, 'baseGroup', 'customerGroup');
  for (const account of ['admin', 'staff', 'customer', 'customer2']) ids[account] = await userId(db, account);
  // A colleague of customer in 华东客户公司, and a disabled one pickers never show.
  const made = await admin.post('', { account: 'east2', realName: '华东二号', organizeIds: [ids['customer.east']], positionIds: [ids.eastRepresentative], roleIds: [ids.businessCustomer], groupIds: [ids.customerGroup], userKind: 'customer' });
  ids.east2 = made.body.data.id;
  const off = await admin.post('', { account: 'east3', realName: '华东三号', organizeIds: [ids['customer.east']], userKind: 'customer', enabledMark: 0 });
  ids.east3 = off.body.data.id;
  await db.updateTable('baseUser').set({ managerId: ids.staff }).where('id', '=', ids.east2).execute();
});
afterAll(async () => {
  await server?.close();
});

describe('the organisation tree with users', () => {
  it('Selector gives administrators every organisation with enabled users as leaves', async () => {
    const reply = await admin.get('/Selector');
    const roots: Node[] = reply.body.data.list;
    expect(roots.map((n) => n.fullName)).toEqual(['供应链管理有限公司', '华东客户公司', '华南客户公司']);
    const east = roots.find((n) => n.id === ids['customer.east'])!;
    expect(east).toMatchObject({ type: 'company', userCount: 2, hasChildren: true });
    expect(accountsOf(east.children.filter((c) => c.type === 'user'))).toEqual(['customer', 'east2']);
    const operations = roots[0]!.children.find((n) => n.id === ids['scm.operations'])!;
    expect(operations.children.map((c) => c.fullName)).toEqual(['张运营/staff']);
  });

  it('a business customer sees only their own organisation, everywhere', async () => {
    const tree: Node[] = (await customer.get('/Selector')).body.data.list;
    expect(tree.map((n) => n.id)).toEqual([ids['customer.east']]);
    expect((await customer.get('/getOrganization')).body.data.map((n: Node) => n.id)).toEqual([ids['customer.east']]);
    expect((await customer.get(`/getOrganization?organizeId=${ids['customer.south']}`)).body.data).toEqual([]);
    expect(accountsOf((await customer.get('/getOrganization?keyword=customer')).body.data)).toEqual(['customer']);
    expect(accountsOf((await customer.get('/ImUser')).body.data.list)).toEqual(['east2']);
    expect((await customer.post('/getUserList', { userId: [ids.customer2, ids.east2, ids.admin] })).body.data.list.map((u: { id: string }) => u.id)).toEqual([ids.east2]);
    expect((await customer.post(`/GetListByAuthorize/${ids['customer.south']}`, {})).body.data).toEqual([]);
    expect((await customer.get(`/GetUsersByPositionId?positionId=${ids.southRepresentative}`)).body.data.pagination.total).toBe(0);
    expect(accountsOf((await customer.get(`/GetUsersByRoleOrgId?roleId=${ids.businessCustomer}`)).body.data.list)).toEqual(['customer', 'east2']);
    expect(accountsOf((await customer.post('/UserCondition', { groupIds: [ids.customerGroup] })).body.data.list)).toEqual(['customer', 'east2']);
    const selected = await customer.post('/getSelectedList', { userId: [`${ids.customer2}--user`, ids['customer.south'], ids.east2] });
    expect(selected.body.data.list.map((i: { id: string }) => i.id)).toEqual([ids.east2]);
  });

  it('getOrganization loads one level with user counts, or users by keyword', async () => {
    const top: Node[] = (await admin.get('/getOrganization?organizeId=0')).body.data;
    expect(top.find((n) => n.id === ids.scm)).toMatchObject({ type: 'company', userCount: 2, hasChildren: true, children: [] });
    const company: Node[] = (await admin.get(`/getOrganization?organizeId=${ids.scm}`)).body.data;
    expect(company.map((n) => n.fullName)).toEqual(['运营部', '财务部', '信息部']);
    expect(company.find((n) => n.id === ids['scm.finance'])).toMatchObject({ userCount: 0, hasChildren: false });
    expect((await admin.get(`/getOrganization?organizeId=${ids['scm.operations']}`)).body.data.map((n: Node) => [n.type, n.fullName])).toEqual([['user', '张运营/staff']]);
    expect(accountsOf((await admin.get('/getOrganization?keyword=华东')).body.data)).toEqual(['customer', 'east2']);
    // openFirst: the first root's level comes in its children (one call for the picker's first page), the others stay closed
    const opened: Node[] = (await admin.get('/getOrganization?organizeId=0&openFirst=true')).body.data;
    expect(opened.map((n) => n.id)).toEqual(top.map((n) => n.id));
    expect(opened[0]!.children.map((n) => n.fullName)).toEqual((await admin.get(`/getOrganization?organizeId=${top[0]!.id}`)).body.data.map((n: Node) => n.fullName));
    expect(opened.slice(1).every((n) => n.children.length === 0)).toBe(true);
    // a customer's first root is their own company; what they may not see stays out of its level too
    const customerTop: Node[] = (await customer.get('/getOrganization?openFirst=true')).body.data;
    expect(customerTop.map((n) => n.id)).toEqual([ids['customer.east']]);
    expect(accountsOf(customerTop[0]!.children)).toEqual(accountsOf((await customer.get(`/getOrganization?organizeId=${ids['customer.east']}`)).body.data));
    const im = await customer.post('/ImUser/Selector/0', {});
    expect(im.body.data.list.map((n: Node) => n.id)).toEqual([ids['customer.east']]);
  });
});

describe('picker look-ups', () => {
  it('ImUser lists enabled contacts except me, by keyword and page', async () => {
    const all = await admin.get('/ImUser?pageSize=100');
    expect(accountsOf(all.body.data.list)).toEqual(['customer', 'customer2', 'east2', 'staff']);
    expect(all.body.data.list[0]).toMatchObject({ type: 'user', isLeaf: true });
    const page = await admin.get('/ImUser?pageSize=1&currentPage=2');
    expect(page.body.data.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 4 });
    expect(accountsOf((await admin.get('/ImUser?keyword=华南')).body.data.list)).toEqual(['customer2']);
  });

  it('staff without user management see their own organisations and below', async () => {
    expect(accountsOf((await staff.get('/ImUser')).body.data.list)).toEqual([]);
    expect((await staff.get('/Selector')).body.data.list.map((n: Node) => n.id)).toEqual([ids['scm.operations']]);
  });

  it('getSubordinates answers my direct reports', async () => {
    expect(accountsOf((await staff.post('/getSubordinates', {})).body.data)).toEqual(['east2']);
    expect((await staff.post('/getSubordinates', { keyword: 'nobody' })).body.data).toEqual([]);
    expect((await admin.post('/getSubordinates', {})).body.data).toEqual([]);
  });

  it('looks users up by position, role (and organisation), conditions and organisation', async () => {
    expect(accountsOf((await admin.get(`/GetUsersByPositionId?positionId=${ids.operator}`)).body.data.list)).toEqual(['staff']);
    expect(accountsOf((await admin.get(`/GetUsersByRoleOrgId?roleId=${ids.businessCustomer}`)).body.data.list)).toEqual(['customer', 'customer2', 'east2']);
    expect(accountsOf((await admin.get(`/GetUsersByRoleOrgId?roleId=${ids.businessCustomer}&organizeId=${ids['customer.south']}`)).body.data.list)).toEqual(['customer2']);
    const condition = await admin.post('/UserCondition', { departIds: [ids.scm], userIds: [ids.customer2], pageSize: 2 });
    expect(condition.body.data.pagination.total).toBe(3);
    expect(condition.body.data.list).toHaveLength(2);
    expect(accountsOf((await admin.post('/UserCondition', { positionIds: [ids.southRepresentative], roleIds: [ids.staff], keyword: '华南' })).body.data.list)).toEqual(['customer2']);
    expect((await admin.post('/UserCondition', {})).body.data.list).toEqual([]);
    expect(accountsOf((await admin.post(`/GetListByAuthorize/${ids.scm}`, { keyword: '' })).body.data)).toEqual(['admin', 'staff']);
    expect(accountsOf((await admin.post(`/GetListByAuthorize/${ids.scm}`, { keyword: '运营' })).body.data)).toEqual(['staff']);
  });

  it('getUserList and getSelectedList answer names and types by id, typed or not', async () => {
    const users = await admin.post('/getUserList', { userId: `${ids.staff},${ids.east3},404` });
    expect(users.body.data.list).toEqual([
      { id: ids.staff, fullName: '张运营/staff', realName: '张运营', account: 'staff', headIcon: null, organize: '运营部', type: 'user', isLeaf: true, hasChildren: false },
    ]);
    const selected = await admin.post('/getSelectedUserList', { ids: [`${ids.staff}--user`, ids.scm, `${ids.operator}--position`, ids.businessCustomer, `${ids.customerGroup}--group`, '404'] });
    expect(selected.body.data.list.map((i: { type: string; fullName: string }) => [i.type, i.fullName])).toEqual([
      ['user', '张运营/staff'], ['company', '供应链管理有限公司'], ['position', '运营专员'], ['role', '业务客户'], ['group', '客户组'],
    ]);
    expect((await admin.post('/getSelectedList', { userId: [] })).body.data.list).toEqual([]);
  });

  it('UserSearch pages the users I may see (me included), and organize=current keeps my own organisation', async () => {
    const all = await admin.get('/UserSearch?pageSize=2&currentPage=1');
    expect(all.status).toBe(200);
    expect(all.body.data.list).toHaveLength(2);
    expect(all.body.data.pagination.total).toBeGreaterThanOrEqual(4);
    expect(accountsOf((await admin.get('/UserSearch?keyword=east')).body.data.list)).toEqual(['east2']);
    // a customer sees their own company's people only, themselves included
    expect(accountsOf((await customer.get('/UserSearch')).body.data.list)).toEqual(['customer', 'east2']);
    expect((await customer.get('/UserSearch?keyword=customer2')).body.data.list).toEqual([]);
    expect(accountsOf((await staff.get('/UserSearch?organize=current')).body.data.list)).toEqual(['staff']);
    expect(accountsOf((await customer.get('/UserSearch?organize=current')).body.data.list)).toEqual(['customer', 'east2']);
    const bad = await admin.get('/UserSearch?organize=elsewhere');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBeTruthy();
  });

  it('getSelectedList names a whole list page in one call (up to 5,000 ids), still only what the caller may see', async () => {
    const filler = Array.from({ length: 2400 }, (_, i) => `missing-${i}--user`);
    const wanted = [`${ids.staff}--user`, `${ids.east2}--user`, `${ids.customer2}--user`, `${ids['customer.south']}--organize`];
    const asAdmin = await admin.post('/getSelectedList', { ids: [...filler, ...wanted] });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.list.map((i: { fullName: string }) => i.fullName)).toEqual(['张运营/staff', '华东二号/east2', expect.stringContaining('/customer2'), '华南客户公司']);
    const asCustomer = await customer.post('/getSelectedList', { ids: [...filler, ...wanted] });
    expect(asCustomer.body.data.list.map((i: { id: string }) => i.id)).toEqual([ids.east2]);
    const tooMany = await admin.post('/getSelectedList', { ids: Array.from({ length: 5001 }, (_, i) => `x${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe(400);
    expect(tooMany.body.msg).toBeTruthy();
  });

  it('every picker call needs a session', async () => {
    const anonymous = usersClient(server, null);
    for (const reply of await Promise.all([anonymous.get('/Selector'), anonymous.get('/ImUser'), anonymous.post('/UserCondition', {}), anonymous.post('/getSelectedList', {}), anonymous.get('/UserSearch')])) {
      expect(reply.body.code).toBe(600);
    }
  });
});
