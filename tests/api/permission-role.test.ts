import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessVersion } from '../../server/auth/access-version';
import { newId } from '../../server/db/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

let server: TestServer;
let admin: ReturnType<typeof client>;
const org: Record<string, string> = {};

interface SelectorNode { id: string; parentId: string; onlyId: string; fullName: string; type: string; organizeId?: string; hasChildren: boolean; children: SelectorNode[] }

const db = () => server.database.db;
const roleCount = async () => Number((await db().selectFrom('baseRole').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const relationCount = async () => Number((await db().selectFrom('baseOrganizeRelation').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const roleIdOf = async (enCode: string) => (await db().selectFrom('baseRole').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
/** Every role node of a picker tree as "parent name/role code". */
const placements = (nodes: SelectorNode[], parent = ''): string[] =>
  nodes.flatMap((n) => (n.type === 'role' ? [`${parent}/${n.fullName}`] : placements(n.children, n.fullName)));

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await admin.post<{ id: string }>('/api/permission/Role', body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(db(), 'admin'));
  for (const o of await db().selectFrom('baseOrganize').select(['id', 'enCode']).execute()) org[o.enCode] = o.id;
});
afterAll(async () => {
  await server?.close();
});

describe('roles: list and one role', () => {
  it('lists the seeded global roles, paged, with keyword; non-managers get 403', async () => {
    const res = await admin.get('/api/permission/Role?currentPage=1&pageSize=2');
    expect(res.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0]).toMatchObject({ fullName: '管理员', enCode: 'administrator', globalMark: 1, enabledMark: 1, organizeIds: [], organizeInfo: '' });
    expect(typeof res.body.data.list[0].creatorTime).toBe('number');
    const keyword = await admin.get(`/api/permission/Role?keyword=${encodeURIComponent('客户')}`);
    expect(keyword.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['businessCustomer']);
    expect((await admin.get('/api/permission/Role?keyword=STAFF')).body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['staff']);
    const staff = client(server.url, await tokenFor(db(), 'staff'));
    expect((await staff.get('/api/permission/Role')).status).toBe(403);
    expect((await staff.get(`/api/permission/Role/${await roleIdOf('staff')}`)).status).toBe(403);
  });

  it('creates organisation roles of one or more organisations and lists them by organisation', async () => {
    const east = await create({ fullName: '华东采购员', enCode: 'eastBuyer', globalMark: 0, organizeIds: [org['customer.east']], sortCode: 5, description: '采购' });
    // The cascading picker sends paths; the last id of each is the organisation.
    const ops = await create({ fullName: '运营主管', enCode: 'opsLead', globalMark: 0, organizeIdsTree: [[org.scm!, org['scm.operations']!], [org['customer.south']!]] });
    const info = await admin.get(`/api/permission/Role/${ops}`);
    expect(info.body.data).toMatchObject({
      id: ops, fullName: '运营主管', enCode: 'opsLead', globalMark: 0, enabledMark: 1, sortCode: 0,
      organizeIds: [org['scm.operations'], org['customer.south']],
      organizeIdsTree: [[org.scm, org['scm.operations']], [org['customer.south']]],
    });
    const byEast = await admin.get(`/api/permission/Role?organizeId=${org['customer.east']}`);
    expect(byEast.body.data.list.map((r: { id: string }) => r.id)).toEqual([east]);
    expect(byEast.body.data.list[0]).toMatchObject({ organizeInfo: '华东客户公司', description: '采购', sortCode: 5 });
    const byOps = await admin.get(`/api/permission/Role?organizeId=${org['scm.operations']}`);
    expect(byOps.body.data.list[0]).toMatchObject({ id: ops, organizeInfo: '供应链管理有限公司/运营部, 华南客户公司' });
    const global = await admin.get('/api/permission/Role?organizeId=0');
    expect(global.body.data.list.map((r: { enCode: string }) => r.enCode).sort()).toEqual(['administrator', 'businessCustomer', 'staff']);
    expect((await admin.get('/api/permission/Role/missing')).status).toBe(404);
  });
});

describe('roles: pickers', () => {
  it('Selector: 全局 with the global roles, then the organisations that have roles, a role under each of its organisations', async () => {
    // administrators: every role; others only their scope's (tests/api/picker-lookup-scope.test.ts)
    const res = await admin.get<{ list: SelectorNode[] }>('/api/permission/Role/Selector');
    const [global, ...organisations] = res.body.data!.list;
    expect(global).toMatchObject({ id: '0', fullName: '全局', type: 'global', hasChildren: true });
    expect(global!.children.map((r) => r.fullName)).toEqual(['管理员', '员工', '业务客户']);
    expect(placements(organisations)).toEqual(['运营部/运营主管', '华东客户公司/华东采购员', '华南客户公司/运营主管']);
    // 财务部 and 信息部 have no roles: left out. The company stays as the parent of 运营部.
    const company = organisations.find((o) => o.id === org.scm)!;
    expect(company.children.map((c) => c.fullName)).toEqual(['运营部']);
    const onlyIdsOf = (n: SelectorNode): string[] => [n.onlyId, ...n.children.flatMap(onlyIdsOf)];
    const onlyIds = res.body.data!.list.flatMap(onlyIdsOf);
    expect(new Set(onlyIds).size).toBe(onlyIds.length);
    const en = await client(server.url, await tokenFor(db(), 'customer'), 'en').get<{ list: SelectorNode[] }>('/api/permission/Role/Selector');
    expect(en.body.data!.list[0]!.fullName).toBe('Global');
  });

  it('SelectorByPermission: administrators get every role; others only the roles of their organisations and below', async () => {
    const all = await admin.get<{ list: SelectorNode[] }>('/api/permission/Role/SelectorByPermission');
    expect(all.body.data!.list[0]!.type).toBe('global');
    expect(placements(all.body.data!.list)).toHaveLength(6);
    const staff = await client(server.url, await tokenFor(db(), 'staff')).get<{ list: SelectorNode[] }>('/api/permission/Role/SelectorByPermission');
    expect(placements(staff.body.data!.list)).toEqual(['运营部/运营主管']);
    const customer = await client(server.url, await tokenFor(db(), 'customer')).get<{ list: SelectorNode[] }>('/api/permission/Role/SelectorByPermission');
    expect(placements(customer.body.data!.list)).toEqual(['华东客户公司/华东采购员']);
  });

  it('getListByOrgIds: 全局 and each existing organisation asked for, with its roles', async () => {
    const res = await admin.post<{ list: SelectorNode[] }>('/api/permission/Role/getListByOrgIds', {
      organizeIds: [org['scm.operations'], org['scm.finance'], 'missing'],
    });
    const list = res.body.data!.list;
    expect(list.map((n) => n.fullName)).toEqual(['全局', '供应链管理有限公司/运营部', '供应链管理有限公司/财务部']);
    expect(list[1]!.children.map((r) => ({ name: r.fullName, organizeId: r.organizeId }))).toEqual([{ name: '运营主管', organizeId: org['scm.operations'] }]);
    expect(list[2]).toMatchObject({ hasChildren: false, children: [] });
  });
});

describe('roles: changes', () => {
  it('refuses bad forms, duplicates and unknown organisations, writing nothing', async () => {
    const [roles, relations, version] = [await roleCount(), await relationCount(), await readAccessVersion(db())];
    const en = client(server.url, await tokenFor(db(), 'admin'), 'en');
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '', enCode: 'x' }, 'Enter the role name'],
      [{ fullName: '名'.repeat(51), enCode: 'x' }, 'The role name can be 50 characters at most'],
      [{ fullName: '角色', enCode: '' }, 'Enter the role code'],
      [{ fullName: '角色', enCode: 'a b' }, 'Only letters, digits and dots, and no dot at the start or end'],
      [{ fullName: '角色', enCode: 'x', globalMark: 2 }, 'The role type must be 1 (global role) or 0 (organisation role)'],
      [{ fullName: '角色', enCode: 'x', globalMark: 0 }, 'Choose the organisations of an organisation role'],
      [{ fullName: '角色', enCode: 'x', globalMark: 0, organizeIds: ['missing'] }, 'An organisation of the role does not exist'],
      [{ fullName: '角色', enCode: 'staff' }, 'Another role has this code'],
      [{ fullName: '员工', enCode: 'x' }, 'Another role has this name'],
      [{ fullName: '华东采购员', enCode: 'x', globalMark: 0, organizeIds: [org['customer.east']] }, 'Another role has this name'],
      [{ fullName: '角色', enCode: 'x', enabledMark: 3 }, 'The status must be 1 or 0'],
    ];
    for (const [body, message] of cases) expect((await en.post('/api/permission/Role', body)).body, JSON.stringify(body)).toMatchObject({ code: 400, msg: message });
    expect([await roleCount(), await relationCount(), await readAccessVersion(db())]).toEqual([roles, relations, version]);
    // The same name in another organisation, or as a global role beside an organisation role, is fine.
    await create({ fullName: '华东采购员', enCode: 'southBuyer', globalMark: 0, organizeIds: [org['customer.south']] });
    expect(await readAccessVersion(db())).toBe(version + 1);
  });

  it('updates a role: organisation role to global drops its organisations; counts as an access change', async () => {
    const id = await roleIdOf('southBuyer');
    const version = await readAccessVersion(db());
    const tw = client(server.url, await tokenFor(db(), 'admin'), 'zh-TW');
    const res = await tw.put(`/api/permission/Role/${id}`, { fullName: '华南采购员', enCode: 'southBuyer', globalMark: 1, organizeIds: [org['customer.south']], sortCode: 3 });
    expect(res.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await admin.get(`/api/permission/Role/${id}`)).body.data).toMatchObject({ fullName: '华南采购员', globalMark: 1, sortCode: 3, organizeIds: [], organizeIdsTree: [] });
    expect(await db().selectFrom('baseOrganizeRelation').select('id').where('objectId', '=', id).execute()).toEqual([]);
    expect(await readAccessVersion(db())).toBe(version + 1);
    const back = await admin.put(`/api/permission/Role/${id}`, { fullName: '华南采购员', enCode: 'southBuyer', globalMark: 0, organizeIds: [org['customer.south']] });
    expect(back.body.code).toBe(200);
    expect((await admin.get(`/api/permission/Role/${id}`)).body.data.organizeIds).toEqual([org['customer.south']]);
    // The picker's paths replace the organisations.
    expect((await admin.put(`/api/permission/Role/${id}`, { organizeIdsTree: [[org['customer.east']!]] })).body.code).toBe(200);
    expect((await admin.get(`/api/permission/Role/${id}`)).body.data.organizeIds).toEqual([org['customer.east']]);
    await admin.put(`/api/permission/Role/${id}`, { organizeIds: [org['customer.south']] });
    expect((await admin.put('/api/permission/Role/missing', { fullName: 'x', enCode: 'x' })).status).toBe(404);
  });

  it('keeps the built-in administrator role: no delete, no new code or type, no disabling', async () => {
    const id = await roleIdOf('administrator');
    const version = await readAccessVersion(db());
    expect((await admin.del(`/api/permission/Role/${id}`)).body).toMatchObject({ code: 400, msg: '系统内置的管理员角色不能删除' });
    expect((await admin.put(`/api/permission/Role/${id}`, { fullName: '管理员', enCode: 'admin2' })).body).toMatchObject({ code: 400, msg: '系统内置的管理员角色不能修改编码、类型或被禁用' });
    expect((await admin.put(`/api/permission/Role/${id}`, { fullName: '管理员', enCode: 'administrator', globalMark: 0, organizeIds: [org.scm] })).body.code).toBe(400);
    expect((await admin.put(`/api/permission/Role/${id}/Actions/State`)).body.code).toBe(400);
    expect((await admin.put(`/api/permission/Role/${id}`, { fullName: '系统管理员', enCode: 'administrator', description: '全部权限' })).body.code).toBe(200);
    expect(await db().selectFrom('baseRole').select(['fullName', 'enCode', 'enabledMark', 'globalMark']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ fullName: '系统管理员', enCode: 'administrator', enabledMark: 1, globalMark: 1 });
    expect(await readAccessVersion(db())).toBe(version + 1);
  });

  it('toggles a role: a disabled role leaves the pickers', async () => {
    const id = await roleIdOf('eastBuyer');
    const version = await readAccessVersion(db());
    expect((await admin.put(`/api/permission/Role/${id}/Actions/State`)).body).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await readAccessVersion(db())).toBe(version + 1);
    const picker = await admin.get<{ list: SelectorNode[] }>('/api/permission/Role/Selector');
    expect(placements(picker.body.data!.list)).not.toContain('华东客户公司/华东采购员');
    // An update changes only what it sends: the role stays disabled and in its organisation.
    expect((await admin.put(`/api/permission/Role/${id}`, { fullName: '华东采购专员' })).body.code).toBe(200);
    expect((await admin.get(`/api/permission/Role/${id}`)).body.data).toMatchObject({ fullName: '华东采购专员', enabledMark: 0, globalMark: 0, organizeIds: [org['customer.east']], sortCode: 5 });
    await admin.put(`/api/permission/Role/${id}`, { fullName: '华东采购员' });
    expect((await admin.put(`/api/permission/Role/${id}/Actions/State`)).body.data).toEqual({ enabledMark: 1 });
    expect((await admin.put('/api/permission/Role/missing/Actions/State')).status).toBe(404);
  });

  it('refuses deleting a role users hold; deletes a free one with its organisations and grants', async () => {
    const held = await roleIdOf('staff');
    const version = await readAccessVersion(db());
    expect((await admin.del(`/api/permission/Role/${held}`)).body).toMatchObject({ code: 400, msg: '该角色下有1个用户，不能删除' });
    expect(await roleIdOf('staff')).toBe(held);
    expect(await readAccessVersion(db())).toBe(version);

    const id = await roleIdOf('opsLead');
    await db().insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: id, itemType: 'api', itemId: 'system.area:manage' }).execute();
    const en = client(server.url, await tokenFor(db(), 'admin'), 'en');
    expect((await en.del(`/api/permission/Role/${id}`)).body).toEqual({ code: 200, msg: 'Deleted' });
    expect(await db().selectFrom('baseRole').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('baseOrganizeRelation').select('id').where('objectId', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('baseAuthorize').select('id').where('objectId', '=', id).execute()).toEqual([]);
    expect(await readAccessVersion(db())).toBe(version + 1);
    expect((await admin.del(`/api/permission/Role/${id}`)).status).toBe(404);
  });

  it('answers 403 to every write of users without permission.role:manage, and writes nothing', async () => {
    const staff = client(server.url, await tokenFor(db(), 'staff'));
    const id = await roleIdOf('businessCustomer');
    const [roles, version] = [await roleCount(), await readAccessVersion(db())];
    expect((await staff.post('/api/permission/Role', { fullName: '新角色', enCode: 'newRole' })).status).toBe(403);
    expect((await staff.put(`/api/permission/Role/${id}`, { fullName: '改名', enCode: 'businessCustomer' })).status).toBe(403);
    expect((await staff.del(`/api/permission/Role/${id}`)).status).toBe(403);
    expect((await staff.put(`/api/permission/Role/${id}/Actions/State`)).status).toBe(403);
    expect([await roleCount(), await readAccessVersion(db())]).toEqual([roles, version]);
    expect((await db().selectFrom('baseRole').select(['fullName', 'enabledMark']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ fullName: '业务客户', enabledMark: 1 });
    expect((await client(server.url, null).get('/api/permission/Role/Selector')).body.code).toBe(600);
  });
});
