import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessVersion } from '../../server/auth/access-version';
import { newId } from '../../server/db/ids';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
const ids: Record<string, string> = {};

const db = () => server.database.db;
const count = async () => Number((await db().selectFrom('baseOrganize').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const row = (id: string) => db().selectFrom('baseOrganize').selectAll().where('id', '=', id).executeTakeFirst();

interface Node {
  id: string;
  enCode: string;
  fullName: string;
  children: Node[];
  [key: string]: unknown;
}
/** The tree as nested codes: { code: [children…] } or a bare code for a leaf. */
const codes = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.enCode]: codes(n.children) } : n.enCode));
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

beforeAll(async () => {
  server = await startTestServer();
  for (const o of await db().selectFrom('baseOrganize').select(['id', 'enCode']).execute()) ids[o.enCode] = o.id;
  admin = client(server.url, await tokenFor(db(), 'admin'));
  staff = client(server.url, await tokenFor(db(), 'staff'));
  customer = client(server.url, await tokenFor(db(), 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('the organisation tree for management', () => {
  it('lists companies and departments as one tree in sort order, with category, icon and manager', async () => {
    const res = await admin.get('/api/permission/Organize');
    expect(res.status).toBe(200);
    expect(codes(res.body.data.list)).toEqual([{ scm: ['scm.operations', 'scm.finance', 'scm.it'] }, 'customer.east', 'customer.south']);
    const [company] = res.body.data.list as Node[];
    expect(company).toMatchObject({ parentId: '-1', category: 'company', type: 'company', fullName: '供应链管理有限公司', icon: 'icon-ym icon-ym-tree-organization3', managerId: null, managerName: null, enabledMark: 1, hasChildren: true });
    expect(company!.children[0]).toMatchObject({ category: 'department', icon: 'icon-ym icon-ym-tree-department1', hasChildren: false });
    expect(typeof company!.creatorTime).toBe('number');
  });

  it('a keyword keeps the matches and their ancestors, by name or by code', async () => {
    expect(codes((await admin.get(`/api/permission/Organize?keyword=${encodeURIComponent('财务')}`)).body.data.list)).toEqual([{ scm: ['scm.finance'] }]);
    expect(codes((await admin.get('/api/permission/Organize?keyword=SOUTH')).body.data.list)).toEqual(['customer.south']);
    expect((await admin.get('/api/permission/Organize?keyword=nothing-like-this')).body.data.list).toEqual([]);
  });

  it('refuses staff and customers every management call with 403, writing nothing', async () => {
    const before = await count();
    const version = await readAccessVersion(db());
    const body = { parentId: ids.scm, fullName: '越权部', enCode: 'sneaky' };
    for (const who of [staff, customer]) {
      const calls = [
        who.get('/api/permission/Organize'),
        who.get(`/api/permission/Organize/${ids.scm}`),
        who.post('/api/permission/Organize', body),
        who.put(`/api/permission/Organize/${ids.scm}`, { ...body, parentId: '-1' }),
        who.del(`/api/permission/Organize/${ids['customer.south']}`),
        who.put(`/api/permission/Organize/${ids.scm}/Actions/State`),
        who.post('/api/permission/Organize/Department', body),
        who.put(`/api/permission/Organize/Department/${ids['scm.it']}`, body),
        who.get(`/api/permission/Organize/Department/${ids['scm.it']}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
      }
    }
    expect(await count()).toBe(before);
    expect((await row(ids.scm!))!.enabledMark).toBe(1);
    expect(await readAccessVersion(db())).toBe(version);
    // Pickers need a session.
    const anonymous = client(server.url, null);
    expect((await anonymous.get('/api/permission/Organize/Department/Selector/0')).body.code).toBe(600);
  });
});

describe('creating, reading, editing and deleting', () => {
  it('creates a top company, a company under it, departments under a company and under a department, each bumping the access counter', async () => {
    let version = await readAccessVersion(db());
    const manager = await db().selectFrom('baseUser').select(['id', 'realName']).where('account', '=', 'staff').executeTakeFirstOrThrow();
    const top = await admin.post('/api/permission/Organize', { fullName: '集团', enCode: 'group', sortCode: 5, description: '顶级公司', managerId: manager.id });
    expect(top.body).toMatchObject({ code: 200, msg: '新建成功' });
    ids.group = top.body.data.id;
    expect(await readAccessVersion(db())).toBe(++version);
    const sub = await admin.post('/api/permission/Organize', { parentId: ids.group, fullName: '子公司', enCode: 'group.sub' });
    ids['group.sub'] = sub.body.data.id;
    const dept = await admin.post('/api/permission/Organize/Department', { parentId: ids['group.sub'], fullName: '销售部', enCode: 'group.sub.sales', managerId: manager.id });
    expect(dept.body.code).toBe(200);
    ids['group.sub.sales'] = dept.body.data.id;
    const team = await admin.post('/api/permission/Organize/Department', { parentId: ids['group.sub.sales'], fullName: '华北组', enCode: 'group.sub.sales.north' });
    ids['group.sub.sales.north'] = team.body.data.id;
    expect(await readAccessVersion(db())).toBe(version + 3);

    const info = await admin.get(`/api/permission/Organize/${ids.group}`);
    expect(info.body.data).toMatchObject({ id: ids.group, parentId: '-1', category: 'company', fullName: '集团', enCode: 'group', sortCode: 5, enabledMark: 1, description: '顶级公司', managerId: manager.id, managerName: manager.realName, organizeIdTree: [ids.group] });
    const deptInfo = await admin.get(`/api/permission/Organize/Department/${ids['group.sub.sales.north']}`);
    expect(deptInfo.body.data).toMatchObject({ category: 'department', parentId: ids['group.sub.sales'], organizeIdTree: [ids.group, ids['group.sub'], ids['group.sub.sales'], ids['group.sub.sales.north']] });
    // GET {id} serves departments too; Department/{id} serves departments only.
    expect((await admin.get(`/api/permission/Organize/${ids['group.sub.sales']}`)).body.data.category).toBe('department');
    const companyAsDept = await admin.get(`/api/permission/Organize/Department/${ids.group}`);
    expect(companyAsDept.status).toBe(404);
    expect(companyAsDept.body.msg).toBe('部门不存在');
    const list = await admin.get('/api/permission/Organize');
    expect(codes(list.body.data.list)).toContainEqual({ group: [{ 'group.sub': [{ 'group.sub.sales': ['group.sub.sales.north'] }] }] });
  });

  it('edits a company and moves a department, keeping the category, with messages in the caller language', async () => {
    const en = client(server.url, await tokenFor(db(), 'admin'), 'en');
    const edited = await en.put(`/api/permission/Organize/${ids['group.sub']}`, { parentId: ids.group, fullName: '分公司', enCode: 'group.branch', sortCode: 3, managerId: null });
    expect(edited.body).toEqual({ code: 200, msg: 'Saved' });
    expect(await row(ids['group.sub']!)).toMatchObject({ fullName: '分公司', enCode: 'group.branch', sortCode: 3, category: 'company', managerId: null });
    // The north team moves up under the company itself, then back.
    const moved = await admin.put(`/api/permission/Organize/Department/${ids['group.sub.sales.north']}`, { parentId: ids['group.sub'], fullName: '华北组', enCode: 'group.sub.sales.north' });
    expect(moved.body.code).toBe(200);
    expect((await row(ids['group.sub.sales.north']!))!.parentId).toBe(ids['group.sub']);
    await admin.put(`/api/permission/Organize/${ids['group.sub.sales.north']}`, { parentId: ids['group.sub.sales'], fullName: '华北组', enCode: 'group.sub.sales.north' });
    expect(await row(ids['group.sub.sales.north']!)).toMatchObject({ parentId: ids['group.sub.sales'], category: 'department' });
    // A form without parentId and managerId keeps both.
    const before = await row(ids['group.sub.sales']!);
    expect(before!.managerId).not.toBeNull();
    expect((await admin.put(`/api/permission/Organize/Department/${ids['group.sub.sales']}`, { fullName: '销售一部', enCode: 'group.sub.sales' })).body.code).toBe(200);
    expect(await row(ids['group.sub.sales']!)).toMatchObject({ fullName: '销售一部', parentId: before!.parentId, managerId: before!.managerId });
    await admin.put(`/api/permission/Organize/Department/${ids['group.sub.sales']}`, { fullName: '销售部', enCode: 'group.sub.sales' });
  });

  it('applies the form rules and the tree rules, each refusal writing nothing', async () => {
    const before = await count();
    const version = await readAccessVersion(db());
    const company = { fullName: '测试公司', enCode: 'test.company' };
    const department = { parentId: ids.scm, fullName: '测试部', enCode: 'test.dept' };
    const cases: [string, unknown, string][] = [
      ['/api/permission/Organize', { ...company, fullName: '' }, '请输入名称'],
      ['/api/permission/Organize', { ...company, fullName: '测试-公司' }, '名称不能含有特殊符号'],
      ['/api/permission/Organize', { ...company, fullName: '名'.repeat(51) }, '名称最多为50个字符！'],
      ['/api/permission/Organize', { ...company, enCode: '' }, '请输入编码'],
      ['/api/permission/Organize', { ...company, enCode: 'bad code' }, '只能输入英文、数字和小数点且小数点不能放在首尾'],
      ['/api/permission/Organize', { ...company, sortCode: 1000000 }, '排序必须是0到999999之间的整数'],
      ['/api/permission/Organize', { ...company, enabledMark: 2 }, '状态只能是1或0'],
      ['/api/permission/Organize', { ...company, parentId: 'missing' }, '上级组织不存在'],
      ['/api/permission/Organize', { ...company, parentId: ids['scm.it'] }, '公司的上级只能是公司'],
      ['/api/permission/Organize', { ...company, enCode: 'scm' }, '组织编码已存在'],
      ['/api/permission/Organize', { ...company, fullName: '华东客户公司' }, '同一上级下已有同名的组织'],
      ['/api/permission/Organize', { ...company, managerId: 'nobody' }, '主管不存在'],
      ['/api/permission/Organize/Department', { ...department, parentId: '' }, '请选择上级组织'],
      ['/api/permission/Organize/Department', { ...department, parentId: '-1' }, '请选择上级组织'],
      ['/api/permission/Organize/Department', { ...department, fullName: '运营部' }, '同一上级下已有同名的组织'],
      ['/api/permission/Organize/Department', { ...department, enCode: 'scm.it' }, '组织编码已存在'],
    ];
    for (const [path, body, msg] of cases) {
      const res = await admin.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    // A name taken elsewhere in the tree is fine under another parent.
    const sameName = await admin.post('/api/permission/Organize/Department', { parentId: ids['customer.east'], fullName: '运营部', enCode: 'east.operations' });
    expect(sameName.body.code).toBe(200);
    ids['east.operations'] = sameName.body.data.id;
    expect(await count()).toBe(before + 1);
    expect(await readAccessVersion(db())).toBe(version + 1);
  });

  it('refuses to move a node under itself or its descendants, in three languages, leaving it where it was', async () => {
    const version = await readAccessVersion(db());
    const body = (parentId: string) => ({ parentId, fullName: '集团', enCode: 'group' });
    const self = await admin.put(`/api/permission/Organize/${ids.group}`, body(ids.group!));
    expect(self.body).toMatchObject({ code: 400, msg: '上级组织不能是自己或自己的下级' });
    const below = await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').put(`/api/permission/Organize/${ids.group}`, body(ids['group.sub']!));
    expect(below.body.msg).toBe('上級組織不能是自己或自己的下級');
    const deep = await client(server.url, await tokenFor(db(), 'admin'), 'en').put(`/api/permission/Organize/Department/${ids['group.sub.sales']}`, {
      parentId: ids['group.sub.sales.north'], fullName: '销售部', enCode: 'group.sub.sales',
    });
    expect(deep.body.msg).toBe('The parent cannot be the organisation itself or one below it');
    expect((await row(ids.group!))!.parentId).toBe('-1');
    expect((await row(ids['group.sub.sales']!))!.parentId).toBe(ids['group.sub']);
    expect(await readAccessVersion(db())).toBe(version);
  });

  it('refuses to delete while children, users, positions or roles depend on it, then deletes', async () => {
    const version = await readAccessVersion(db());
    const before = await count();
    const refusals: [string, string, string][] = [
      [ids.group!, '该组织下有下级组织，不能删除', 'The organisation has organisations below it and cannot be deleted'],
      [ids['scm.operations']!, '该组织下有用户，不能删除', 'The organisation has users and cannot be deleted'],
      [ids['scm.finance']!, '该组织下有岗位，不能删除', 'The organisation has positions and cannot be deleted'],
    ];
    const en = client(server.url, await tokenFor(db(), 'admin'), 'en');
    for (const [id, zh, english] of refusals) {
      expect((await admin.del(`/api/permission/Organize/${id}`)).body).toMatchObject({ code: 400, msg: zh });
      expect((await en.del(`/api/permission/Organize/${id}`)).body.msg).toBe(english);
    }
    // A user who belongs to a department without it being their major one.
    const customerId = (await db().selectFrom('baseUser').select('id').where('account', '=', 'customer').executeTakeFirstOrThrow()).id;
    const relationId = newId();
    await db().insertInto('baseUserRelation').values({ id: relationId, userId: customerId, objectType: 'Organize', objectId: ids['east.operations']!, sortCode: 0 }).execute();
    expect((await admin.del(`/api/permission/Organize/${ids['east.operations']}`)).body.msg).toBe('该组织下有用户，不能删除');
    await db().deleteFrom('baseUserRelation').where('id', '=', relationId).execute();
    // An organisation role that belongs to the department.
    const roleRelation = newId();
    await db().insertInto('baseOrganizeRelation').values({ id: roleRelation, organizeId: ids['east.operations']!, objectType: 'Role', objectId: newId(), sortCode: 0, createdAt: Date.now() }).execute();
    const zhTW = await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').del(`/api/permission/Organize/${ids['east.operations']}`);
    expect(zhTW.body.msg).toBe('該組織下有角色，不能刪除');
    await db().deleteFrom('baseOrganizeRelation').where('id', '=', roleRelation).execute();
    expect(await count()).toBe(before);
    expect(await readAccessVersion(db())).toBe(version);

    const removed = await admin.del(`/api/permission/Organize/${ids['east.operations']}`);
    expect(removed.body).toEqual({ code: 200, msg: '删除成功' });
    expect(await row(ids['east.operations']!)).toBeUndefined();
    expect(await readAccessVersion(db())).toBe(version + 1);
    for (const path of [`/api/permission/Organize/${ids['east.operations']}`]) {
      expect((await admin.get(path)).status).toBe(404);
      expect((await admin.put(path, { fullName: '某部', enCode: 'x1' })).body).toMatchObject({ code: 404, msg: '组织不存在' });
      expect((await admin.del(path)).status).toBe(404);
      expect((await admin.put(`${path}/Actions/State`)).status).toBe(404);
    }
    expect((await admin.put(`/api/permission/Organize/Department/${ids['east.operations']}`, { parentId: ids.scm, fullName: '某部', enCode: 'x1' })).body.msg).toBe('部门不存在');
  });

  it('toggles enabled and disabled, bumping the access counter; pickers mark disabled nodes', async () => {
    const version = await readAccessVersion(db());
    const off = await admin.put(`/api/permission/Organize/${ids['group.sub.sales.north']}/Actions/State`);
    expect(off.body).toEqual({ code: 200, msg: '更新成功', data: { enabledMark: 0 } });
    expect((await row(ids['group.sub.sales.north']!))!.enabledMark).toBe(0);
    const picker = flat((await admin.get('/api/permission/Organize/Department/Selector/0')).body.data.list);
    expect(picker.find((n) => n.id === ids['group.sub.sales.north'])).toMatchObject({ disabled: true, isLeaf: true });
    const on = await admin.put(`/api/permission/Organize/${ids['group.sub.sales.north']}/Actions/State`);
    expect(on.body.data).toEqual({ enabledMark: 1 });
    expect(await readAccessVersion(db())).toBe(version + 2);
  });
});

describe('pickers', () => {
  it('Tree: enabled companies only, within the caller’s picker scope', async () => {
    await admin.put(`/api/permission/Organize/${ids['customer.south']}/Actions/State`);
    const tree = await admin.get('/api/permission/Organize/Tree');
    expect(codes(tree.body.data.list)).toEqual(['scm', 'customer.east', { group: ['group.branch'] }]);
    await admin.put(`/api/permission/Organize/${ids['customer.south']}/Actions/State`);
    // a business customer sees their own company, never the other customer's or the operator's
    expect(codes((await customer.get('/api/permission/Organize/Tree')).body.data.list)).toEqual(['customer.east']);
    // staff's scope is a department (运营部): no company of theirs to show
    expect((await staff.get('/api/permission/Organize/Tree')).body.data.list).toEqual([]);
  });

  it('Department/Selector: companies and departments with paths, without the node being edited and its subtree', async () => {
    const all = await admin.get('/api/permission/Organize/Department/Selector/0');
    const nodes = flat(all.body.data.list);
    expect(nodes).toHaveLength(await count());
    expect(nodes.find((n) => n.id === ids['scm.operations'])).toMatchObject({
      type: 'department', organize: '供应链管理有限公司/运营部', organizeIds: [ids.scm, ids['scm.operations']], disabled: false, isLeaf: true, hasChildren: false,
    });
    expect(nodes.find((n) => n.id === ids.scm)).toMatchObject({ type: 'company', isLeaf: false, hasChildren: true });
    const without = flat((await admin.get(`/api/permission/Organize/Department/Selector/${ids['group.sub']}`)).body.data.list).map((n) => n.enCode);
    expect(without).toContain('group');
    for (const gone of ['group.branch', 'group.sub.sales', 'group.sub.sales.north']) expect(without).not.toContain(gone);
  });

  it('Department/Selector: others see only their picker scope, with the full path as its names', async () => {
    const mine = flat((await staff.get('/api/permission/Organize/Department/Selector/0')).body.data.list);
    expect(mine.map((n) => n.enCode)).toEqual(['scm.operations']);
    expect(mine[0]).toMatchObject({ organize: '供应链管理有限公司/运营部' });
    expect(codes((await customer.get('/api/permission/Organize/Department/Selector/0')).body.data.list)).toEqual(['customer.east']);
    expect((await customer.get(`/api/permission/Organize/Department/Selector/${ids['customer.east']}`)).body.data.list).toEqual([]);
  });

  it('SelectorByAuth: administrators see every organisation, others their own organisations and below', async () => {
    const everything = flat((await admin.get('/api/permission/Organize/SelectorByAuth/0')).body.data.list);
    expect(everything).toHaveLength(await count());
    const companies = flat((await admin.get('/api/permission/Organize/SelectorByAuth/0?category=company')).body.data.list);
    expect(companies.every((n) => n.type === 'company')).toBe(true);
    expect(companies.map((n) => n.enCode).sort()).toEqual(['customer.east', 'customer.south', 'group', 'group.branch', 'scm']);
    const editing = flat((await admin.get(`/api/permission/Organize/SelectorByAuth/${ids.scm}`)).body.data.list).map((n) => n.enCode);
    expect(editing).not.toContain('scm');
    expect(editing).not.toContain('scm.it');

    // staff: major organisation 运营部; a sub-team below it counts, the rest of the company does not.
    const team = await admin.post('/api/permission/Organize/Department', { parentId: ids['scm.operations'], fullName: '运营一组', enCode: 'scm.operations.one' });
    expect(codes((await staff.get('/api/permission/Organize/SelectorByAuth/0')).body.data.list)).toEqual([{ 'scm.operations': ['scm.operations.one'] }]);
    expect(codes((await staff.get('/api/permission/Organize/Department/SelectorByAuth/0')).body.data.list)).toEqual([{ 'scm.operations': ['scm.operations.one'] }]);
    expect(codes((await staff.get(`/api/permission/Organize/Department/SelectorByAuth/${team.body.data.id}`)).body.data.list)).toEqual(['scm.operations']);
    // Belonging to another organisation (a relation) adds it.
    const staffId = (await db().selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
    await db().insertInto('baseUserRelation').values({ id: newId(), userId: staffId, objectType: 'Organize', objectId: ids['scm.finance']!, sortCode: 0 }).execute();
    expect(codes((await staff.get('/api/permission/Organize/Department/SelectorByAuth/0')).body.data.list)).toEqual([{ 'scm.operations': ['scm.operations.one'] }, 'scm.finance']);
    expect(codes((await customer.get('/api/permission/Organize/SelectorByAuth/0')).body.data.list)).toEqual(['customer.east']);
  });

  it('OrganizeCondition: given organisations and below, a keyword keeps ancestors, disabled ones left out', async () => {
    // administrators: every organisation; others only their scope (tests/api/picker-lookup-scope.test.ts)
    const within = await admin.post('/api/permission/Organize/OrganizeCondition', { departIds: [ids.scm] });
    expect(codes(within.body.data.list)).toEqual([{ scm: [{ 'scm.operations': ['scm.operations.one'] }, 'scm.finance', 'scm.it'] }]);
    const keyword = await admin.post('/api/permission/Organize/OrganizeCondition', { departIds: [ids.scm, ids['customer.east']], keyword: '一组' });
    expect(codes(keyword.body.data.list)).toEqual([{ scm: [{ 'scm.operations': ['scm.operations.one'] }] }]);
    expect(flat(keyword.body.data.list).at(-1)).toMatchObject({ organize: '供应链管理有限公司/运营部/运营一组' });
    await admin.put(`/api/permission/Organize/${ids['scm.it']}/Actions/State`);
    const all = flat((await admin.post('/api/permission/Organize/OrganizeCondition', {})).body.data.list).map((n) => n.enCode);
    expect(all).toContain('customer.south');
    expect(all).not.toContain('scm.it');
    await admin.put(`/api/permission/Organize/${ids['scm.it']}/Actions/State`);
  });
});
