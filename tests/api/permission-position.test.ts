import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessVersion } from '../../server/auth/access-version';
import { newId } from '../../server/db/ids';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
const org: Record<string, string> = {};
const pos: Record<string, string> = {};

const db = () => server.database.db;
const count = async () => Number((await db().selectFrom('basePosition').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const row = (id: string) => db().selectFrom('basePosition').selectAll().where('id', '=', id).executeTakeFirst();

interface Node {
  id: string;
  enCode: string;
  type: string;
  children: Node[];
  [key: string]: unknown;
}
const codes = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.enCode]: codes(n.children) } : n.enCode));
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

beforeAll(async () => {
  server = await startTestServer();
  for (const o of await db().selectFrom('baseOrganize').select(['id', 'enCode']).execute()) org[o.enCode] = o.id;
  for (const p of await db().selectFrom('basePosition').select(['id', 'enCode']).execute()) pos[p.enCode] = p.id;
  admin = client(server.url, await tokenFor(db(), 'admin'));
  staff = client(server.url, await tokenFor(db(), 'staff'));
  customer = client(server.url, await tokenFor(db(), 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('positions for management', () => {
  it('lists positions paged, with the organisation path; keyword and organisation (with those below) filter', async () => {
    const res = await admin.get('/api/permission/Position?currentPage=1&pageSize=4');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ currentPage: 1, pageSize: 4, total: 6 });
    expect(res.body.data.list).toHaveLength(4);
    const second = await admin.get('/api/permission/Position?currentPage=2&pageSize=4');
    expect(second.body.data.list).toHaveLength(2);
    const operator = [...res.body.data.list, ...second.body.data.list].find((p: { enCode: string }) => p.enCode === 'operator');
    expect(operator).toMatchObject({ fullName: '运营专员', organizeId: org['scm.operations'], organizeName: '供应链管理有限公司/运营部', type: null, enabledMark: 1, sortCode: 0 });
    expect(typeof operator.creatorTime).toBe('number');

    const byCompany = await admin.get(`/api/permission/Position?organizeId=${org.scm}`);
    expect(byCompany.body.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(['accountant', 'engineer', 'generalManager', 'operator']);
    const byDept = await admin.get(`/api/permission/Position?organizeId=${org['scm.finance']}`);
    expect(byDept.body.data.list.map((p: { enCode: string }) => p.enCode)).toEqual(['accountant']);
    const keyword = await admin.get(`/api/permission/Position?keyword=${encodeURIComponent('客户')}&organizeId=${org['customer.east']}`);
    expect(keyword.body.data).toMatchObject({ list: [{ enCode: 'eastRepresentative' }], pagination: { total: 1 } });
    const byCode = await admin.get('/api/permission/Position?keyword=REPRESENTATIVE&sidx=enCode&sort=desc');
    expect(byCode.body.data.list.map((p: { enCode: string }) => p.enCode)).toEqual(['southRepresentative', 'eastRepresentative']);
    expect((await admin.get('/api/permission/Position?organizeId=missing')).body.data.pagination.total).toBe(0);
  });

  it('refuses staff and customers every management call with 403, writing nothing', async () => {
    const before = await count();
    const body = { organizeId: org.scm, fullName: '越权岗', enCode: 'sneaky' };
    for (const who of [staff, customer]) {
      const calls = [
        who.get('/api/permission/Position'),
        who.get(`/api/permission/Position/${pos.operator}`),
        who.post('/api/permission/Position', body),
        who.put(`/api/permission/Position/${pos.operator}`, body),
        who.del(`/api/permission/Position/${pos.accountant}`),
        who.put(`/api/permission/Position/${pos.operator}/Actions/State`),
      ];
      for (const res of await Promise.all(calls)) expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect(await count()).toBe(before);
    expect(await row(pos.operator!)).toMatchObject({ fullName: '运营专员', enabledMark: 1 });
  });

  it('creates, reads, edits and deletes a position, each write bumping the access counter', async () => {
    let version = await readAccessVersion(db());
    const created = await admin.post('/api/permission/Position', { organizeId: org['scm.finance'], fullName: '出纳', enCode: 'cashier', type: '财务类', sortCode: 2, description: '管钱' });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功' });
    pos.cashier = created.body.data.id;
    expect(await readAccessVersion(db())).toBe(++version);
    const info = await admin.get(`/api/permission/Position/${pos.cashier}`);
    expect(info.body.data).toMatchObject({ id: pos.cashier, organizeId: org['scm.finance'], organizeName: '供应链管理有限公司/财务部', fullName: '出纳', enCode: 'cashier', type: '财务类', sortCode: 2, enabledMark: 1, description: '管钱' });
    const en = client(server.url, await tokenFor(db(), 'admin'), 'en');
    const edited = await en.put(`/api/permission/Position/${pos.cashier}`, { organizeId: org['scm.it'], fullName: '出纳员', enCode: 'cashier2', type: '' });
    expect(edited.body).toEqual({ code: 200, msg: 'Saved' });
    expect(await row(pos.cashier!)).toMatchObject({ organizeId: org['scm.it'], fullName: '出纳员', enCode: 'cashier2', type: null, sortCode: 0, description: null });
    expect(await readAccessVersion(db())).toBe(++version);
    const state = await admin.put(`/api/permission/Position/${pos.cashier}/Actions/State`);
    expect(state.body).toEqual({ code: 200, msg: '更新成功', data: { enabledMark: 0 } });
    expect(await readAccessVersion(db())).toBe(++version);
    const removed = await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').del(`/api/permission/Position/${pos.cashier}`);
    expect(removed.body).toEqual({ code: 200, msg: '刪除成功' });
    expect(await row(pos.cashier!)).toBeUndefined();
    expect(await readAccessVersion(db())).toBe(++version);
    for (const res of [
      await admin.get(`/api/permission/Position/${pos.cashier}`),
      await admin.put(`/api/permission/Position/${pos.cashier}`, { organizeId: org.scm, fullName: '某岗', enCode: 'x1' }),
      await admin.del(`/api/permission/Position/${pos.cashier}`),
      await admin.put(`/api/permission/Position/${pos.cashier}/Actions/State`),
    ]) expect(res.body).toMatchObject({ code: 404, msg: '岗位不存在' });
  });

  it('applies the form rules, each refusal writing nothing', async () => {
    const before = await count();
    const version = await readAccessVersion(db());
    const base = { organizeId: org['scm.it'], fullName: '测试岗', enCode: 'testPosition' };
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入名称'],
      [{ fullName: '测试 岗' }, '名称不能含有特殊符号'],
      [{ enCode: '' }, '请输入编码'],
      [{ enCode: 'a'.repeat(51) }, '编码最多为50个字符！'],
      [{ sortCode: -1 }, '排序必须是0到999999之间的整数'],
      [{ organizeId: '' }, '请选择所属组织'],
      [{ organizeId: 'missing' }, '所属组织不存在'],
      [{ type: '类'.repeat(51) }, '类型最多为50个字符！'],
      [{ enCode: 'operator' }, '岗位编码已存在'],
      [{ fullName: '开发工程师' }, '该组织下已有同名的岗位'],
    ];
    for (const [change, msg] of cases) {
      const res = await admin.post('/api/permission/Position', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
    }
    const en = await client(server.url, await tokenFor(db(), 'admin'), 'en').post('/api/permission/Position', { ...base, enCode: 'operator' });
    expect(en.body.msg).toBe('A position with this code already exists');
    // Editing another position into a taken code or name is refused too, and changes nothing.
    const clash = await admin.put(`/api/permission/Position/${pos.engineer}`, { organizeId: org['scm.it'], fullName: '开发工程师', enCode: 'accountant' });
    expect(clash.body.msg).toBe('岗位编码已存在');
    expect((await row(pos.engineer!))!.enCode).toBe('engineer');
    expect(await count()).toBe(before);
    expect(await readAccessVersion(db())).toBe(version);
  });

  it('refuses to delete a position users hold (major or among their positions), in three languages', async () => {
    const version = await readAccessVersion(db());
    expect((await admin.del(`/api/permission/Position/${pos.operator}`)).body).toMatchObject({ code: 400, msg: '该岗位下有用户，不能删除' });
    // generalManager is admin's second position (a relation only).
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').del(`/api/permission/Position/${pos.generalManager}`)).body.msg).toBe('該職位下有使用者，不能刪除');
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'en').del(`/api/permission/Position/${pos.generalManager}`)).body.msg).toBe('Users hold this position, so it cannot be deleted');
    expect(await row(pos.operator!)).toBeDefined();
    expect(await row(pos.generalManager!)).toBeDefined();
    expect(await readAccessVersion(db())).toBe(version);
  });
});

describe('position pickers', () => {
  it('All: every enabled position, flat', async () => {
    await admin.put(`/api/permission/Position/${pos.accountant}/Actions/State`);
    const all = await admin.get('/api/permission/Position/All');
    expect(all.body.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(['eastRepresentative', 'engineer', 'generalManager', 'operator', 'southRepresentative']);
    await admin.put(`/api/permission/Position/${pos.accountant}/Actions/State`);
  });

  it('Selector: enabled positions as leaves under their organisations', async () => {
    // administrators: every position; others only their scope's (tests/api/picker-lookup-scope.test.ts)
    const res = await admin.get('/api/permission/Position/Selector');
    expect(codes(res.body.data.list)).toEqual([
      { scm: [{ 'scm.operations': ['operator'] }, { 'scm.finance': ['accountant'] }, { 'scm.it': ['engineer'] }, 'generalManager'] },
      { 'customer.east': ['eastRepresentative'] },
      { 'customer.south': ['southRepresentative'] },
    ]);
    const leaf = flat(res.body.data.list).find((n) => n.enCode === 'operator');
    expect(leaf).toMatchObject({ type: 'position', parentId: org['scm.operations'], organize: '供应链管理有限公司/运营部', organizeIds: [org.scm, org['scm.operations']], isLeaf: true, disabled: false });
    expect(flat(res.body.data.list).find((n) => n.enCode === 'scm')).toMatchObject({ type: 'company', isLeaf: false });
  });

  it('getListByOrgIds: the positions of the given organisations only, under them', async () => {
    const res = await admin.post('/api/permission/Position/getListByOrgIds', { organizeIds: [org.scm, org['customer.south']] });
    expect(codes(res.body.data.list)).toEqual([{ scm: ['generalManager'] }, { 'customer.south': ['southRepresentative'] }]);
    expect((await customer.post('/api/permission/Position/getListByOrgIds', { organizeIds: [] })).body.data.list).toEqual([]);
  });

  it('PositionCondition: positions by ids or organisations (and below), a keyword on name or code', async () => {
    const byDepart = await admin.post('/api/permission/Position/PositionCondition', { departIds: [org.scm] });
    expect(flat(byDepart.body.data.list).filter((n) => n.type === 'position').map((n) => n.enCode).sort()).toEqual(['accountant', 'engineer', 'generalManager', 'operator']);
    const mixed = await admin.post('/api/permission/Position/PositionCondition', { departIds: [org['scm.it']], positionIds: [pos.eastRepresentative] });
    expect(codes(mixed.body.data.list)).toEqual([{ scm: [{ 'scm.it': ['engineer'] }] }, { 'customer.east': ['eastRepresentative'] }]);
    const keyword = await admin.post('/api/permission/Position/PositionCondition', { keyword: 'south' });
    expect(codes(keyword.body.data.list)).toEqual([{ 'customer.south': ['southRepresentative'] }]);
    const anonymous = client(server.url, null);
    expect((await anonymous.post('/api/permission/Position/PositionCondition', {})).body.code).toBe(600);
  });
});

describe('position held through a relation only', () => {
  it('is released once the relation goes', async () => {
    const created = await admin.post('/api/permission/Position', { organizeId: org['customer.east'], fullName: '采购员', enCode: 'buyer' });
    const customerId = (await db().selectFrom('baseUser').select('id').where('account', '=', 'customer').executeTakeFirstOrThrow()).id;
    const relation = newId();
    await db().insertInto('baseUserRelation').values({ id: relation, userId: customerId, objectType: 'Position', objectId: created.body.data.id, sortCode: 0 }).execute();
    expect((await admin.del(`/api/permission/Position/${created.body.data.id}`)).body.code).toBe(400);
    await db().deleteFrom('baseUserRelation').where('id', '=', relation).execute();
    expect((await admin.del(`/api/permission/Position/${created.body.data.id}`)).body.code).toBe(200);
  });
});
