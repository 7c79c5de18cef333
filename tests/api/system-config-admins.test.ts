import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpAccessVersion } from '../../server/auth/access-version';
import { newId } from '../../server/db/ids';
import { client, makeUser, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from './oauth-client';

// System configuration's administrators (adminIds, spec 6) and the initial password of new users:
// who may set them, what a refusal leaves, and that the password is never readable.
let server: TestServer;
let admin: ReturnType<typeof client>;
const idOf = async (account: string) => (await server.database.db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const adminFlags = async () =>
  (await server.database.db.selectFrom('baseUser').select(['account', 'isAdministrator']).orderBy('account').execute()).map((u) => `${u.account}:${u.isAdministrator}`);
const configRows = async () => server.database.db.selectFrom('baseSysConfig').select(['key', 'value']).orderBy('key').execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

describe('system configuration: administrators and the initial password', () => {
  it('reads the administrators as adminIds', async () => {
    const reply = await admin.get('/api/system/SysConfig');
    expect(reply.body.data.adminIds).toEqual([await idOf('admin')]);
  });

  it('lets only an administrator choose administrators, even a caller who may update the configuration', async () => {
    const db = server.database.db;
    const configurer = await makeUser(db, 'configurer');
    await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: configurer.roleId, itemType: 'api', itemId: 'system.config:update' }).execute();
    await bumpAccessVersion(db);
    const before = await adminFlags();
    const as = client(server.url, configurer.token, 'en');
    const refused = await as.put('/api/system/SysConfig', { adminIds: [configurer.userId], sysName: '改名' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only a system administrator may choose the system administrators');
    expect(await adminFlags()).toEqual(before);
    expect((await admin.get('/api/system/SysConfig')).body.data.sysName).not.toBe('改名');
    expect((await as.put('/api/system/SysConfig', { sysName: '供应链服务平台' })).body.code).toBe(200);
  });

  it('refuses an empty set, dropping yourself and unknown users, writing nothing', async () => {
    const before = await adminFlags();
    const adminId = await idOf('admin');
    const zhTW = client(server.url, await tokenFor(server.database.db, 'admin'), 'zh-TW');
    expect((await zhTW.put('/api/system/SysConfig', { adminIds: [] })).body.msg).toBe('至少保留一名系統管理員');
    expect((await zhTW.put('/api/system/SysConfig', { adminIds: [await idOf('staff')] })).body.msg).toBe('不能取消自己的系統管理員身分');
    expect((await admin.put('/api/system/SysConfig', { adminIds: [adminId, 'no-such-user'] })).body.msg).toBe('系统管理员须为已启用的用户');
    expect(await adminFlags()).toEqual(before);
  });

  it('makes a user an administrator from their next request, and takes it back the same way', async () => {
    const adminId = await idOf('admin');
    const staffId = await idOf('staff');
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    expect((await staff.get('/api/permission/Users')).status).toBe(403);
    expect((await admin.put('/api/system/SysConfig', { adminIds: [adminId, staffId] })).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig')).body.data.adminIds.sort()).toEqual([adminId, staffId].sort());
    expect((await staff.get('/api/permission/Users')).body.code).toBe(200);
    expect((await admin.put('/api/system/SysConfig', { adminIds: [adminId] })).body.code).toBe(200);
    expect((await staff.get('/api/permission/Users')).status).toBe(403);
  });

  it('keeps the initial password of new users only as a hash: never readable, checked by the policy', async () => {
    const before = await configRows();
    const weak = await admin.put('/api/system/SysConfig', { newUserDefaultPassword: '1' });
    expect(weak.status).toBe(400);
    expect(await configRows()).toEqual(before);

    expect((await admin.put('/api/system/SysConfig', { newUserDefaultPassword: 'Start2026' })).body.code).toBe(200);
    const read = JSON.stringify((await admin.get('/api/system/SysConfig')).body);
    expect(read).not.toMatch(/Start2026|newUser|argon2/);
    expect((await configRows()).some((r) => r.value.includes('Start2026'))).toBe(false);
    const created = await admin.post('/api/permission/Users', { account: 'newcomer', realName: '新人', organizeId: (await server.database.db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.it').executeTakeFirstOrThrow()).id });
    expect(created.body.code, created.body.msg).toBe(200);
    expect((await login(server, 'newcomer', 'Start2026')).body.code).toBe(200);

    expect((await admin.put('/api/system/SysConfig', { newUserDefaultPassword: '' })).body.code).toBe(200);
    const second = await admin.post('/api/permission/Users', { account: 'newcomer2', realName: '新人二', organizeId: (await server.database.db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.it').executeTakeFirstOrThrow()).id });
    expect(second.body.code, second.body.msg).toBe(200);
    expect((await login(server, 'newcomer2', 'Start2026')).body.code).not.toBe(200);
  });
});

describe('getAdminList and setAdminList (spec 7.16)', () => {
  it('lists the administrators with their names and sets them with the same rules as adminIds', async () => {
    const adminId = await idOf('admin');
    const staffId = await idOf('staff');
    expect((await admin.get('/api/system/SysConfig/getAdminList')).body.data).toEqual([{ id: adminId, account: 'admin', realName: expect.any(String) }]);
    const en = client(server.url, await tokenFor(server.database.db, 'admin'), 'en');
    expect((await en.put('/api/system/SysConfig/setAdminList', { adminIds: [staffId] })).body.msg).toBe('You cannot remove your own administrator rights');
    expect((await admin.put('/api/system/SysConfig/setAdminList', { adminIds: [adminId, staffId] })).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig/getAdminList')).body.data.map((u: { account: string }) => u.account).sort()).toEqual(['admin', 'staff']);
    expect((await admin.put('/api/system/SysConfig/setAdminList', { adminIds: [adminId] })).body.code).toBe(200);
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    expect((await staff.put('/api/system/SysConfig/setAdminList', { adminIds: [staffId] })).status).toBe(403);
    const configurer = client(server.url, await tokenFor(server.database.db, 'configurer'), 'en');
    const refused = await configurer.put('/api/system/SysConfig/setAdminList', { adminIds: [adminId] });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only a system administrator may choose the system administrators');
  });
});
