import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessVersion } from '../../server/auth/access-version';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
const group: Record<string, string> = {};

const db = () => server.database.db;
const count = async () => Number((await db().selectFrom('baseGroup').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const row = (id: string) => db().selectFrom('baseGroup').selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  server = await startTestServer();
  for (const g of await db().selectFrom('baseGroup').select(['id', 'enCode']).execute()) group[g.enCode] = g.id;
  admin = client(server.url, await tokenFor(db(), 'admin'));
  staff = client(server.url, await tokenFor(db(), 'staff'));
  customer = client(server.url, await tokenFor(db(), 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('permission groups', () => {
  it('lists groups paged; the keyword matches name or code', async () => {
    const res = await admin.get('/api/permission/Group');
    expect(res.body.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    expect(res.body.data.list.map((g: { enCode: string }) => g.enCode).sort()).toEqual(['customerGroup', 'operationsGroup']);
    expect(res.body.data.list[0]).toMatchObject({ type: null, enabledMark: 1, sortCode: 0, description: null });
    const page = await admin.get('/api/permission/Group?pageSize=1&currentPage=2&sidx=enCode&sort=asc');
    expect(page.body.data).toMatchObject({ list: [{ enCode: 'operationsGroup' }], pagination: { currentPage: 2, pageSize: 1, total: 2 } });
    const keyword = await admin.get(`/api/permission/Group?keyword=${encodeURIComponent('客户')}`);
    expect(keyword.body.data.list.map((g: { enCode: string }) => g.enCode)).toEqual(['customerGroup']);
    expect((await admin.get('/api/permission/Group?keyword=OPERATIONS')).body.data.pagination.total).toBe(1);
    // LIKE wildcards in a keyword are not wildcards.
    expect((await admin.get('/api/permission/Group?keyword=%25')).body.data.pagination.total).toBe(2);
  });

  it('refuses staff and customers every management call with 403, writing nothing', async () => {
    const before = await count();
    const version = await readAccessVersion(db());
    const body = { fullName: '越权组', enCode: 'sneaky' };
    for (const who of [staff, customer]) {
      const calls = [
        who.get('/api/permission/Group'),
        who.get(`/api/permission/Group/${group.customerGroup}`),
        who.post('/api/permission/Group', body),
        who.put(`/api/permission/Group/${group.customerGroup}`, body),
        who.del(`/api/permission/Group/${group.customerGroup}`),
        who.put(`/api/permission/Group/${group.customerGroup}/Actions/State`),
      ];
      for (const res of await Promise.all(calls)) expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect(await count()).toBe(before);
    expect(await row(group.customerGroup!)).toMatchObject({ fullName: '客户组', enabledMark: 1 });
    expect(await readAccessVersion(db())).toBe(version);
  });

  it('creates, reads, edits, disables and deletes a group, each write bumping the access counter', async () => {
    let version = await readAccessVersion(db());
    const created = await admin.post('/api/permission/Group', { fullName: '审批组', enCode: 'approvers', type: '流程', sortCode: 3, description: '审批人' });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.body.data.id as string;
    expect(await readAccessVersion(db())).toBe(++version);
    expect((await admin.get(`/api/permission/Group/${id}`)).body.data).toMatchObject({ id, fullName: '审批组', enCode: 'approvers', type: '流程', sortCode: 3, enabledMark: 1, description: '审批人' });
    const edited = await client(server.url, await tokenFor(db(), 'admin'), 'en').put(`/api/permission/Group/${id}`, { fullName: '复核组', enCode: 'reviewers', enabledMark: 0 });
    expect(edited.body).toEqual({ code: 200, msg: 'Saved' });
    expect(await row(id)).toMatchObject({ fullName: '复核组', enCode: 'reviewers', type: null, sortCode: 0, enabledMark: 0, description: null });
    expect(await readAccessVersion(db())).toBe(++version);

    // Disabled groups are not offered by the picker; the toggle brings it back. (Administrators see
    // every group; others only groups with a member they may see: tests/api/picker-lookup-scope.test.ts.)
    const selector = async () => (await admin.get('/api/permission/Group/Selector')).body.data.list.map((g: { enCode: string }) => g.enCode);
    expect(await selector()).not.toContain('reviewers');
    const on = await admin.put(`/api/permission/Group/${id}/Actions/State`);
    expect(on.body).toEqual({ code: 200, msg: '更新成功', data: { enabledMark: 1 } });
    expect(await selector()).toContain('reviewers');
    const picked = (await admin.get('/api/permission/Group/Selector')).body.data.list.find((g: { id: string }) => g.id === id);
    expect(picked).toEqual({ id, parentId: '0', fullName: '复核组', enCode: 'reviewers', type: 'group', icon: 'icon-ym icon-ym-generator-group1', isLeaf: true, hasChildren: false, children: [] });
    expect(await readAccessVersion(db())).toBe(++version);

    const removed = await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').del(`/api/permission/Group/${id}`);
    expect(removed.body).toEqual({ code: 200, msg: '刪除成功' });
    expect(await row(id)).toBeUndefined();
    expect(await readAccessVersion(db())).toBe(++version);
    for (const res of [
      await admin.get(`/api/permission/Group/${id}`),
      await admin.put(`/api/permission/Group/${id}`, { fullName: '某组', enCode: 'x1' }),
      await admin.del(`/api/permission/Group/${id}`),
      await admin.put(`/api/permission/Group/${id}/Actions/State`),
    ]) expect(res.body).toMatchObject({ code: 404, msg: '分组不存在' });
  });

  it('applies the form rules, each refusal writing nothing', async () => {
    const before = await count();
    const version = await readAccessVersion(db());
    const base = { fullName: '测试组', enCode: 'testGroup' };
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入名称'],
      [{ fullName: 'a/b' }, '名称不能含有特殊符号'],
      [{ fullName: '组'.repeat(51) }, '名称最多为50个字符！'],
      [{ enCode: '' }, '请输入编码'],
      [{ enCode: 'x.' }, '只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ sortCode: 1.5 }, '排序必须是0到999999之间的整数'],
      [{ enabledMark: 5 }, '状态只能是1或0'],
      [{ type: 't'.repeat(51) }, '类型最多为50个字符！'],
      [{ enCode: 'customerGroup' }, '分组编码已存在'],
      [{ fullName: '运营组' }, '分组名称已存在'],
    ];
    for (const [change, msg] of cases) {
      const res = await admin.post('/api/permission/Group', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
    }
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'en').post('/api/permission/Group', { ...base, fullName: '运营组' })).body.msg).toBe('A group with this name already exists');
    const clash = await admin.put(`/api/permission/Group/${group.customerGroup}`, { fullName: '运营组', enCode: 'customerGroup' });
    expect(clash.body.msg).toBe('分组名称已存在');
    expect((await row(group.customerGroup!))!.fullName).toBe('客户组');
    expect(await count()).toBe(before);
    expect(await readAccessVersion(db())).toBe(version);
  });

  it('refuses to delete a group with members, in three languages, writing nothing', async () => {
    const version = await readAccessVersion(db());
    expect((await admin.del(`/api/permission/Group/${group.customerGroup}`)).body).toMatchObject({ code: 400, msg: '该分组下有用户，不能删除' });
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').del(`/api/permission/Group/${group.customerGroup}`)).body.msg).toBe('該分組下有使用者，不能刪除');
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'en').del(`/api/permission/Group/${group.operationsGroup}`)).body.msg).toBe('The group has members and cannot be deleted');
    expect(await row(group.customerGroup!)).toBeDefined();
    expect(await row(group.operationsGroup!)).toBeDefined();
    expect(await readAccessVersion(db())).toBe(version);
  });

  it('five saves of one new code at once: one is created, the others are refused as a taken code', async () => {
    const before = await count();
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => admin.post('/api/permission/Group', { fullName: `并发组${n}`, enCode: 'concurrent' })));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.body.code !== 200)) expect(r.body).toMatchObject({ code: 400, msg: '分组编码已存在' });
    expect(await count()).toBe(before + 1);
  });

  it('the picker needs a session', async () => {
    expect((await client(server.url, null).get('/api/permission/Group/Selector')).body.code).toBe(600);
  });
});
