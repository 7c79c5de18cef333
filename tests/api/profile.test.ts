import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, tokenOf } from './oauth-client';
import { CURRENT, userId } from './profile-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const me = async (token: string) => (await call(server, '/api/oauth/CurrentUser', { token })).body.data.userInfo;

async function upload(token: string | undefined, bytes: Buffer, filename = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/api/file/Uploader/userAvatar`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: { name: string; url: string } } };
}

describe('BaseInfo', () => {
  it('reads the profile with the account, organisation, position and roles', async () => {
    const token = await tokenOf(server, 'staff');
    const reply = await call(server, `${CURRENT}/BaseInfo`, { token });
    expect(reply.body.data).toMatchObject({
      account: 'staff', realName: '张运营', mobilePhone: '13800000001', organize: '供应链管理有限公司/运营部', position: '运营专员', roleId: '员工', manager: null,
      birthday: Date.UTC(1992, 8, 8), entryDate: Date.UTC(2021, 6, 1), creatorTime: expect.any(Number), prevLogTime: null,
    });
  });

  it('validates and saves, leaving the account alone and omitted fields unchanged', async () => {
    const token = await tokenOf(server, 'staff');
    const put = (json: unknown) => call(server, `${CURRENT}/BaseInfo`, { method: 'PUT', token, json });
    expect((await put({ realName: '  ' })).body.msg).toBe('姓名不能为空');
    expect((await put({ mobile: '12345' })).body.msg).toBe('请正确输入您的手机号');
    expect((await put({ email: 'nope' })).body.msg).toBe('请正确输入电子邮箱');
    expect((await put({ birthday: Date.now() + 86_400_000 })).body.msg).toBe('出生日期不正确');
    expect((await put({ signature: 'x'.repeat(201) })).body.msg).toBe('个性签名最多为200个字符');
    const birthday = Date.UTC(1990, 4, 1);
    const saved = await put({ realName: '张三', gender: 2, email: 'z3@example.com', birthday, signature: '认真负责', postalAddress: '上海市', account: 'hacker' });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ account: 'staff', realName: '张三', gender: 2, email: 'z3@example.com', birthday, signature: '认真负责', postalAddress: '上海市', mobilePhone: '13800000001' });
    const again = await put({ landline: '021-1234567' });
    expect(again.body.data).toMatchObject({ realName: '张三', signature: '认真负责', landline: '021-1234567' });
    expect((await me(token)).realName).toBe('张三');
    expect((await put({ signature: null })).body.data.signature).toBeNull();
  });
});

describe('theme and language', () => {
  it('persist on the server across sign-out and sign-in', async () => {
    let token = await tokenOf(server, 'customer');
    expect((await me(token)).preferences).toEqual({ layoutType: 'functional', themeColor: 'blue', slideClass: 'dark', size: 'medium', language: null });
    const theme = await call(server, `${CURRENT}/SystemTheme`, { method: 'PUT', token, json: { theme: 'classic', themeColor: 'green', size: 'small' } });
    expect(theme.body.data).toEqual({ layoutType: 'classic', themeColor: 'green', slideClass: 'dark', size: 'small', language: null });
    expect((await call(server, `${CURRENT}/SystemTheme`, { method: 'PUT', token, json: { themeColor: 'pink' } })).status).toBe(400);
    expect((await call(server, `${CURRENT}/SystemLanguage`, { method: 'PUT', token, json: { language: 'en' } })).body.data.language).toBe('en');
    expect((await call(server, `${CURRENT}/SystemLanguage`, { method: 'PUT', token, json: { language: 'fr' } })).status).toBe(400);
    await call(server, '/api/oauth/Logout', { token });
    const signIn = await login(server, 'customer');
    expect(signIn.body.data!.theme).toBe('classic');
    token = signIn.body.data!.token;
    const info = await me(token);
    expect(info.preferences).toEqual({ layoutType: 'classic', themeColor: 'green', slideClass: 'dark', size: 'small', language: 'en' });
    expect(info.theme).toBe('classic');
    expect(info.language).toBe('en');
  });
});

describe('avatar', () => {
  it('uploads a real image, serves it, and makes it the avatar', async () => {
    const token = await tokenOf(server, 'customer2');
    expect((await upload(undefined, PNG)).status).toBe(401);
    const up = await upload(token, PNG);
    expect(up.body.code).toBe(200);
    const { name, url } = up.body.data!;
    expect(name).toMatch(new RegExp(`^${(await me(token)).userId}-[0-9a-f]{32}\\.png$`));
    expect(fs.readFileSync(path.join(server.config.dataDir, 'files', 'avatar', name))).toEqual(PNG);
    const set = await call(server, `${CURRENT}/Avatar/${name}`, { method: 'PUT', token });
    expect(set.body).toMatchObject({ code: 200, data: { headIcon: url } });
    expect((await me(token)).headIcon).toBe(url);
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses non-images, disguised files, unknown names and path tricks', async () => {
    const token = await tokenOf(server, 'customer2');
    expect((await upload(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png')).body.msg).toBe('只能上传 JPG、PNG、GIF 或 WEBP 图片');
    expect((await upload(token, Buffer.alloc(5 * 1024 * 1024 + 10, 1))).body.msg).toBe('图片大小不能超过5M');
    expect((await call(server, `${CURRENT}/Avatar/${'a'.repeat(32)}.png`, { method: 'PUT', token })).body.msg).toBe('头像文件不存在，请重新上传');
    expect((await call(server, `${CURRENT}/Avatar/..%2F..%2Fplatform.sqlite`, { method: 'PUT', token })).body.code).toBe(400);
    expect((await fetch(`${server.url}/api/file/Image/userAvatar/..%2F..%2Fplatform.sqlite`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/file/Image/userAvatar/${'b'.repeat(32)}.png`)).status).toBe(404);
  });

  it('takes only the caller’s own uploads as their avatar', async () => {
    const owner = await tokenOf(server, 'customer');
    const other = await tokenOf(server, 'customer2');
    const { name } = (await upload(owner, PNG)).body.data!;
    const before = (await me(other)).headIcon;
    expect((await call(server, `${CURRENT}/Avatar/${name}`, { method: 'PUT', token: other })).body.msg).toBe('头像文件不存在，请重新上传');
    expect((await me(other)).headIcon).toBe(before);
    expect((await call(server, `${CURRENT}/Avatar/${name}`, { method: 'PUT', token: owner })).body.code).toBe(200);
  });
});

describe('signature images', () => {
  const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
  it('adds (first one default), lists, sets the default and deletes; only my own', async () => {
    const token = await tokenOf(server, 'staff');
    const add = (signImg: string) => call(server, `${CURRENT}/SignImg`, { token, json: { signImg } });
    expect((await add('data:image/svg+xml;base64,PHN2Zy8+')).body.msg).toBe('签名图片格式不正确，仅支持 PNG 或 JPEG');
    expect((await add(`data:image/png;base64,${Buffer.from('not a png').toString('base64')}`)).body.msg).toBe('签名图片格式不正确，仅支持 PNG 或 JPEG');
    expect((await add(`data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(210 * 1024)]).toString('base64')}`)).body.msg).toBe('签名图片不能超过200KB');
    const first = (await add(dataUrl)).body.data;
    const second = (await add(dataUrl)).body.data;
    expect(first.isDefault).toBe(1);
    expect(second.isDefault).toBe(0);
    expect((await me(token)).signImg).toBe(dataUrl);
    const list = (await call(server, `${CURRENT}/SignImg`, { token })).body.data;
    expect(list.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);

    expect((await call(server, `${CURRENT}/${second.id}/SignImg`, { method: 'PUT', token })).body.code).toBe(200);
    const after = (await call(server, `${CURRENT}/SignImg`, { token })).body.data;
    expect(after.map((s: { isDefault: number }) => s.isDefault)).toEqual([1, 0]);

    const other = await tokenOf(server, 'customer');
    expect((await call(server, `${CURRENT}/${second.id}/SignImg`, { method: 'DELETE', token: other })).status).toBe(404);
    expect((await call(server, `${CURRENT}/${second.id}/SignImg`, { method: 'DELETE', token })).body.msg).toBe('删除成功');
    expect((await me(token)).signImg).toBeNull();
    expect((await call(server, `${CURRENT}/SignImg`, { token })).body.data).toHaveLength(1);
  });
});

describe('organisations and positions', () => {
  it('lists my own and switches only among them', async () => {
    const token = await tokenOf(server, 'admin');
    const positions = (await call(server, `${CURRENT}/getUserPositions`, { token })).body.data;
    expect(positions.map((p: { fullName: string }) => p.fullName).sort()).toEqual(['开发工程师', '总经理'].sort());
    expect(positions.find((p: { isMajor: boolean }) => p.isMajor).fullName).toBe('开发工程师');
    const manager = positions.find((p: { fullName: string }) => p.fullName === '总经理');
    const switched = await call(server, `${CURRENT}/major`, { method: 'PUT', token, json: { majorId: manager.id, majorType: 'Position' } });
    expect(switched.body.code).toBe(200);
    expect((await me(token)).positionName).toBe('总经理');

    const customerPosition = await server.database.db.selectFrom('basePosition').select('id').where('enCode', '=', 'eastRepresentative').executeTakeFirstOrThrow();
    const foreign = await call(server, `${CURRENT}/major`, { method: 'PUT', token, json: { majorId: customerPosition.id, majorType: 'Position' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.msg).toBe('只能切换到本人所属的组织或岗位');
    expect((await call(server, `${CURRENT}/major`, { method: 'PUT', token, json: { majorId: manager.id, majorType: 'Group' } })).status).toBe(400);

    const organizes = (await call(server, `${CURRENT}/getUserOrganizes`, { token })).body.data;
    expect(organizes).toEqual([expect.objectContaining({ fullName: '信息部', isMajor: true })]);
    const east = await server.database.db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'customer.east').executeTakeFirstOrThrow();
    expect((await call(server, `${CURRENT}/major`, { method: 'PUT', token, json: { majorId: east.id, majorType: 'Organize' } })).status).toBe(403);
    // Once related to the organisation, the switch is allowed.
    await server.database.db.insertInto('baseUserRelation').values({ id: newId(), userId: await userId(server, 'admin'), objectType: 'Organize', objectId: east.id, sortCode: 0 }).execute();
    expect((await call(server, `${CURRENT}/major`, { method: 'PUT', token, json: { majorId: east.id, majorType: 'Organize' } })).body.code).toBe(200);
    expect((await me(token)).organizeName).toBe('华东客户公司');
    const now = (await call(server, `${CURRENT}/getUserOrganizes`, { token })).body.data;
    expect(now.find((o: { isMajor: boolean }) => o.isMajor).fullName).toBe('华东客户公司');
  });
});

describe('subordinates, authorisations and the sign-in log', () => {
  it('lists direct subordinates level by level, and only my own', async () => {
    const db = server.database.db;
    const [adminId, staffId] = [await userId(server, 'admin'), await userId(server, 'staff')];
    await db.updateTable('baseUser').set({ managerId: adminId }).where('account', '=', 'staff').execute();
    await db.updateTable('baseUser').set({ managerId: staffId }).where('account', 'in', ['customer', 'customer2']).execute();
    const admin = await tokenOf(server, 'admin');
    const top = (await call(server, `${CURRENT}/Subordinate/0`, { token: admin })).body.data;
    expect(top).toEqual([expect.objectContaining({ account: 'staff', hasChildren: true, positionName: '运营专员' })]);
    const below = (await call(server, `${CURRENT}/Subordinate/${staffId}`, { token: admin })).body.data;
    expect(below.map((u: { account: string }) => u.account)).toEqual(['customer', 'customer2']);
    expect(below.every((u: { hasChildren: boolean }) => !u.hasChildren)).toBe(true);
    const staff = await tokenOf(server, 'staff');
    expect((await call(server, `${CURRENT}/Subordinate/0`, { token: staff })).body.data).toHaveLength(2);
    const up = await call(server, `${CURRENT}/Subordinate/${adminId}`, { token: staff });
    expect(up.status).toBe(403);
  });

  it('sums up what my roles grant', async () => {
    const staff = (await call(server, `${CURRENT}/Authorize`, { token: await tokenOf(server, 'staff') })).body.data;
    expect(staff.roles.map((r: { enCode: string }) => r.enCode)).toEqual(['staff']);
    expect(staff.isAdministrator).toBe(false);
    expect(staff.menuList[0].children.map((m: { fullName: string }) => m.fullName)).toContain('运营管理');
    const goods = staff.permissionList.find((p: { button: { enCode: string }[] }) => p.button.some((b) => b.enCode === 'btn_add'));
    expect(goods.button.map((b: { enCode: string }) => b.enCode)).toEqual(expect.arrayContaining(['btn_add', 'btn_edit']));
    expect(goods.button.map((b: { enCode: string }) => b.enCode)).not.toContain('btn_remove');
    expect(staff.permissionCodes).toEqual(['business.certification:review', 'business.funds:manage', 'business.goods:manage', 'business.invoice:manage', 'business.orders:manage', 'business.outbound:manage', 'system.config:read', 'system.dictionary:manage']);
    const admin = (await call(server, `${CURRENT}/Authorize`, { token: await tokenOf(server, 'admin') })).body.data;
    expect(admin.isAdministrator).toBe(true);
    expect(admin.permissionCodes).toContain('permission.user:manage');
  });

  it('pages my sign-in log, newest first, with failures and places', async () => {
    const account = 'customer2';
    await login(server, account, 'wrong-password');
    for (let i = 0; i < 3; i += 1) await tokenOf(server, account);
    const token = await tokenOf(server, account);
    const page1 = (await call(server, `${CURRENT}/SystemLog?currentPage=1&pageSize=2`, { token })).body.data;
    expect(page1.pagination).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(page1.pagination.total).toBeGreaterThanOrEqual(5);
    expect(page1.list).toHaveLength(2);
    expect(page1.list[0]).toMatchObject({ success: 1, ipAddress: expect.stringContaining('127.0.0.1'), ipAddressName: '本地局域网' });
    expect(page1.list[0].loginTime).toBeGreaterThanOrEqual(page1.list[1].loginTime);
    const all = (await call(server, `${CURRENT}/SystemLog?pageSize=100`, { token })).body.data.list;
    expect(all.find((e: { success: number }) => e.success === 0).message).toBe('账号或密码错误');
    const later = (await call(server, `${CURRENT}/SystemLog?startTime=${Date.now() + 60_000}`, { token })).body.data;
    expect(later).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } });
    // Only my own entries.
    const other = (await call(server, `${CURRENT}/SystemLog?pageSize=100`, { token: await tokenOf(server, 'admin') })).body.data.list;
    expect(other.some((e: { id: string }) => all.some((mine: { id: string }) => mine.id === e.id))).toBe(false);
  });
});
