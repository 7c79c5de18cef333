import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from './oauth-client';
import { accessVersion, idOf, snapshot, userId, userManager, usersClient, type UsersClient } from './permission-users-client';

let server: TestServer;
let admin: UsersClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = usersClient(server, await tokenFor(db, 'admin'));
  for (const code of ['scm', 'scm.operations', 'scm.finance', 'scm.it', 'customer.east']) ids[code] = await idOf(db, 'baseOrganize', code);
  for (const code of ['operator', 'accountant', 'engineer', 'eastRepresentative']) ids[code] = await idOf(db, 'basePosition', code);
  for (const code of ['staff', 'administrator']) ids[`role.${code}`] = await idOf(db, 'baseRole', code);
  ids.operationsGroup = await idOf(db, 'baseGroup', 'operationsGroup');
});
afterAll(async () => {
  await server?.close();
});

const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  realName: '李四',
  gender: 2,
  mobilePhone: '13912345678',
  email: `${account}@example.com`,
  organizeIds: [ids['scm.operations'], ids['scm.finance']],
  organizeId: ids['scm.finance'],
  positionIds: [ids.operator, ids.accountant],
  positionId: ids.accountant,
  roleIds: [ids['role.staff']],
  groupIds: [ids.operationsGroup],
  ...extra,
});

describe('who may manage users', () => {
  it('answers 403 to signed-in users without permission.user:manage and writes nothing', async () => {
    const db = server.database.db;
    const before = await snapshot(db);
    const target = await userId(db, 'customer2');
    for (const account of ['staff', 'customer']) {
      const c = usersClient(server, await tokenFor(db, account));
      const calls = [
        c.get(''), c.get('/All'), c.get(`/${target}`), c.post('', newUser('nobody')), c.put(`/${target}`, { realName: 'x' }), c.del(`/${target}`),
        c.post(`/${target}/Actions/ResetPassword`, { newPassword: 'abc12345' }), c.put(`/${target}/Actions/State`, { enabledMark: 0 }), c.put(`/${target}/Actions/unlock`),
        c.get('/ExportExcel'), c.get('/TemplateDownload'), c.post('/ImportData', { list: [{ account: 'x' }] }), c.get('/ImportPreview?fileName=x.xlsx'), c.post('/ExportExceptionData', { list: [] }),
      ];
      for (const reply of await Promise.all(calls)) expect(reply.status).toBe(403);
    }
    const after = await snapshot(db);
    expect({ ...after, revoked: 0 }).toEqual({ ...before, revoked: 0 });
  });
});

describe('list, All and one user', () => {
  it('pages the list with names of organisations, positions and roles, and filters by keyword and organisation subtree', async () => {
    const all = await admin.get('?pageSize=100');
    expect(all.body.code).toBe(200);
    const staffRow = all.body.data.list.find((r: { account: string }) => r.account === 'staff');
    expect(staffRow).toMatchObject({ realName: '张运营', organizeName: '运营部', positionName: '运营专员', roleName: '员工', gender: 1, mobilePhone: '13800000001', enabledMark: 1, lockMark: 0, userKind: 'staff' });
    expect(typeof staffRow.creatorTime).toBe('number');
    const adminRow = all.body.data.list.find((r: { account: string }) => r.account === 'admin');
    expect(adminRow.positionName.split(',').sort()).toEqual(['开发工程师', '总经理'].sort());

    const byKeyword = await admin.get('?keyword=CUSTOMER');
    expect(byKeyword.body.data.list.map((r: { account: string }) => r.account).sort()).toEqual(['customer', 'customer2']);
    expect((await admin.get('?keyword=13800000001')).body.data.list.map((r: { account: string }) => r.account)).toEqual(['staff']);

    const company = await admin.get(`?organizeId=${ids.scm}&sidx=account&sort=asc`);
    expect(company.body.data.list.map((r: { account: string }) => r.account)).toEqual(['admin', 'staff']);
    const paged = await admin.get(`?pageSize=1&currentPage=2&sidx=account&sort=asc`);
    expect(paged.body.data.list.map((r: { account: string }) => r.account)).toEqual(['customer']);
    expect(paged.body.data.pagination).toMatchObject({ currentPage: 2, pageSize: 1 });
    expect(paged.body.data.pagination.total).toBeGreaterThanOrEqual(4);

    const list = await admin.get('/All');
    expect(list.body.data.list.map((r: { account: string }) => r.account)).toEqual(expect.arrayContaining(['admin', 'staff', 'customer', 'customer2']));
  });

  it('answers 404 with a message for an unknown user', async () => {
    const reply = await usersClient(server, await tokenFor(server.database.db, 'admin'), 'en').get('/1');
    expect(reply.status).toBe(404);
    expect(reply.body.msg).toBe('The user does not exist');
  });
});

describe('create, update, major switch', () => {
  it('creates a user in two organisations with positions, roles and groups, and the user switches the major ones', async () => {
    const db = server.database.db;
    const version = await accessVersion(db);
    const created = await admin.post('', newUser('lisi'));
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功，系统未设置默认密码，请为该用户重置密码' });
    expect(await accessVersion(db)).toBeGreaterThan(version);
    const id = created.body.data.id;
    const info = await admin.get(`/${id}`);
    expect(info.body.data).toMatchObject({
      account: 'lisi', realName: '李四', gender: 2, mobilePhone: '13912345678', organizeId: ids['scm.finance'], positionId: ids.accountant,
      organizeIds: [ids['scm.finance'], ids['scm.operations']], positionIds: [ids.accountant, ids.operator], roleIds: [ids['role.staff']], groupIds: [ids.operationsGroup],
      enabledMark: 1, lockMark: 0, isAdministrator: 0, userKind: 'staff',
    });
    expect(info.body.data.organizeIdTree).toContainEqual([ids.scm, ids['scm.finance']]);
    const row = await db.selectFrom('baseUser').select(['passwordHash', 'changePasswordDate']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.changePasswordDate).toBeNull();

    // The user's own view of their organisations and positions is what was written.
    const own = usersClient(server, await tokenFor(db, 'lisi'));
    const orgs = await own.get('/Current/getUserOrganizes');
    expect(orgs.body.data.map((o: { id: string; isMajor: boolean }) => [o.id, o.isMajor]).sort()).toEqual([[ids['scm.finance'], true], [ids['scm.operations'], false]].sort());
    const positions = await own.get('/Current/getUserPositions');
    expect(positions.body.data.find((p: { isMajor: boolean }) => p.isMajor).id).toBe(ids.accountant);
    const before = await accessVersion(db);
    expect((await own.put('/Current/major', { majorId: ids['scm.operations'], majorType: 'Organize' })).body.code).toBe(200);
    expect(await accessVersion(db)).toBeGreaterThan(before);
    expect((await admin.get(`/${id}`)).body.data.organizeId).toBe(ids['scm.operations']);
    expect((await own.put('/Current/major', { majorId: ids['scm.it'], majorType: 'Organize' })).status).toBe(403);
    expect((await own.put('/Current/major', { majorId: ids.operator, majorType: 'Position' })).body.code).toBe(200);
    expect((await own.get('/Current/getUserPositions')).body.data.find((p: { isMajor: boolean }) => p.isMajor).id).toBe(ids.operator);
  });

  it('uses the configured default password, so the new user signs in with it and must change it', async () => {
    const db = server.database.db;
    const config = client(server.url, await tokenFor(db, 'admin'));
    expect((await config.put('/api/system/SysConfig', { newUserDefaultPassword: 'Init1234' })).body.code).toBe(200);
    try {
      const created = await admin.post('', newUser('wangwu', { mobilePhone: null, email: '' }));
      expect(created.body.msg).toBe('新建成功');
      const signIn = await login(server, 'wangwu', 'Init1234');
      expect(signIn.body.code).toBe(200);
    } finally {
      expect((await config.put('/api/system/SysConfig', { newUserDefaultPassword: '' })).body.code).toBe(200);
    }
  });

  it('refuses bad forms with the rule broken, in the caller language, and writes nothing', async () => {
    const db = server.database.db;
    const before = await snapshot(db);
    const en = usersClient(server, await tokenFor(db, 'admin'), 'en');
    const tw = usersClient(server, await tokenFor(db, 'admin'), 'zh-TW');
    const cases: [Record<string, unknown>, string][] = [
      [{ account: 'LISI' }, 'The account LISI already exists'],
      [{ account: '' }, 'Please enter the account'],
      [{ account: 'li si' }, 'The account may contain letters and digits only'],
      [{ realName: ' ' }, 'Please enter the name'],
      [{ mobilePhone: '12345' }, 'Please enter a valid mobile number'],
      [{ email: 'nope' }, 'Please enter a valid e-mail address'],
      [{ gender: 7 }, 'The gender is not valid'],
      [{ organizeIds: [], organizeId: undefined }, 'Please choose an organization'],
      [{ organizeIds: ['404'] }, 'The organization does not exist: 404'],
      [{ organizeId: ids['scm.it'] }, "The main organization must be one of the user's organizations"],
      [{ positionIds: [ids.engineer], positionId: ids.engineer }, 'The position "开发工程师" does not belong to the chosen organizations'],
      [{ positionId: ids.engineer }, 'The main position must be one of the chosen positions'],
      [{ roleIds: ['404'] }, 'The role does not exist: 404'],
      [{ groupIds: ['404'] }, 'The group does not exist: 404'],
      [{ managerId: '404' }, 'The manager does not exist'],
      [{ userKind: 'robot' }, 'The user type must be staff or business customer'],
    ];
    for (const [change, message] of cases) {
      const reply = await en.post('', newUser('zhaoliu', change));
      expect(reply.body.code, message).toBe(400);
      expect(reply.body.msg).toBe(message);
    }
    expect((await tw.post('', newUser('lisi'))).body.msg).toBe('帳號lisi已存在');
    expect(await snapshot(db)).toEqual(before);
  });

  it('reads the product client comma-joined lists, keeps what an update leaves out and refuses a manager cycle', async () => {
    const db = server.database.db;
    const created = await admin.post('', { account: 'zhouqi', realName: '周七', organizeId: `${ids['scm.it']},${ids['scm.operations']}`, positionId: ids.engineer, roleId: ids['role.staff'] });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect((await admin.get(`/${id}`)).body.data).toMatchObject({ organizeId: ids['scm.it'], organizeIds: [ids['scm.it'], ids['scm.operations']], positionIds: [ids.engineer], roleIds: [ids['role.staff']] });
    const version = await accessVersion(db);
    const lisi = await userId(db, 'lisi');
    expect((await admin.put(`/${id}`, { realName: '周七七', managerId: lisi, groupIds: [ids.operationsGroup] })).body).toEqual({ code: 200, msg: '修改成功' });
    expect(await accessVersion(db)).toBeGreaterThan(version);
    expect((await admin.get(`/${id}`)).body.data).toMatchObject({ realName: '周七七', managerId: lisi, organizeIds: [ids['scm.it'], ids['scm.operations']], groupIds: [ids.operationsGroup], roleIds: [ids['role.staff']] });
    expect((await admin.put(`/${id}`, { description: '只改说明' })).body.code).toBe(200);
    expect((await admin.get(`/${id}`)).body.data).toMatchObject({ realName: '周七七', description: '只改说明', managerId: lisi, roleIds: [ids['role.staff']] });
    const before = await snapshot(db);
    expect((await admin.put(`/${lisi}`, { realName: '李四', managerId: id })).body.msg).toBe('直属主管不能是自己或自己的下属');
    expect((await admin.put(`/${id}`, { realName: '周七', managerId: id })).body.msg).toBe('直属主管不能是自己或自己的下属');
    expect(await snapshot(db)).toEqual(before);
  });

  it('gives an organisation role only to members of its organisation or of one below it', async () => {
    const db = server.database.db;
    const role = await fetch(`${server.url}/api/permission/Role`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenFor(db, 'admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: '公司经理', enCode: 'companyManager', globalMark: 0, organizeIds: [ids.scm], enabledMark: 1, sortCode: 0 }),
    }).then((r) => r.json());
    expect(role.code).toBe(200);
    const roleId = role.data.id as string;
    const before = await snapshot(db);
    const refused = await admin.post('', newUser('qianjiu', { organizeIds: [ids['customer.east']], organizeId: ids['customer.east'], positionIds: [], positionId: null, roleIds: [roleId] }));
    expect(refused.body.msg).toBe('组织角色“公司经理”不属于该用户所在的组织');
    expect(await snapshot(db)).toEqual(before);
    // Operations is a department of the company that owns the role.
    expect((await admin.post('', newUser('qianjiu', { roleIds: [roleId] }))).body.code).toBe(200);
  });

  it('lets a non-administrator manager neither touch an administrator nor hand out a role beyond their own rights', async () => {
    const db = server.database.db;
    const manager = await userManager(db, 'usermgr');
    const c = usersClient(server, manager.token);
    const adminId = await userId(db, 'admin');
    const before = await snapshot(db);
    expect((await c.put(`/${adminId}`, { realName: 'x' })).body.msg).toBe('只有系统管理员可以修改系统管理员');
    expect((await c.post(`/${adminId}/Actions/ResetPassword`, { newPassword: 'abc12345' })).body.msg).toBe('只有系统管理员可以修改系统管理员');
    expect((await c.put(`/${adminId}/Actions/State`, { enabledMark: 0 })).body.msg).toBe('只有系统管理员可以修改系统管理员');
    // The staff role grants system.config:read and system.dictionary:manage, which the manager lacks.
    expect((await c.post('', newUser('sunba'))).body.msg).toBe('不能授予超出自己权限的角色“员工”');
    expect(await snapshot(db)).toEqual(before);
    // A menu carries its page's API codes: a role granted only 系统配置 holds system.config:update.
    const configRole = newId();
    const sysConfigMenu = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'system.sysConfig').executeTakeFirstOrThrow()).id;
    await db.insertInto('baseRole').values({ id: configRole, fullName: '配置员', enCode: 'configurers', type: null, globalMark: 1, sortCode: 0, enabledMark: 1, description: null, createdAt: Date.now() }).execute();
    await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: configRole, itemType: 'module', itemId: sysConfigMenu }).execute();
    const beforeMenu = await snapshot(db);
    expect((await c.post('', newUser('jiujiu', { roleIds: [configRole] }))).body.msg).toBe('不能授予超出自己权限的角色“配置员”');
    expect(await snapshot(db)).toEqual(beforeMenu);
    expect((await c.post('', newUser('sunba', { roleIds: [manager.roleId] }))).body.code).toBe(200);
  });
});

describe('reset password, state, unlock, delete', () => {
  it('resets a password under the policy and ends every session of that user', async () => {
    const db = server.database.db;
    const id = await userId(db, 'lisi');
    const theirs = usersClient(server, await tokenFor(db, 'lisi'));
    expect((await theirs.get('/Current/getUserOrganizes')).body.code).toBe(200);
    const before = await snapshot(db);
    expect((await admin.post(`/${id}/Actions/ResetPassword`, { newPassword: 'abc' })).body.msg).toBe('新密码须为6-16位字符的密码（数字和字母组成）');
    expect((await admin.post(`/${id}/Actions/ResetPassword`, { userPassword: 'e10adc3949ba59abbe56e057f20f883e' })).body.code).toBe(400);
    expect(await snapshot(db)).toEqual(before);
    const reset = await admin.post(`/${id}/Actions/ResetPassword`, { newPassword: 'Reset2026', repeatPassword: 'Reset2026' });
    expect(reset.body).toEqual({ code: 200, msg: '重置密码成功，该用户需重新登录' });
    expect((await theirs.get('/Current/getUserOrganizes')).body.code).toBe(602);
    expect((await login(server, 'lisi', 'Reset2026')).body.code).toBe(200);
    expect((await db.selectFrom('baseUser').select('changePasswordDate').where('id', '=', id).executeTakeFirstOrThrow()).changePasswordDate).toBeNull();
  });

  it('disables (ending sessions) and enables a user, and refuses disabling yourself or an administrator', async () => {
    const db = server.database.db;
    const id = await userId(db, 'lisi');
    const theirs = usersClient(server, await tokenFor(db, 'lisi'));
    const version = await accessVersion(db);
    expect((await admin.put(`/${id}/Actions/State`, { enabledMark: 0 })).body).toEqual({ code: 200, msg: '已禁用，该用户已被强制下线' });
    expect(await accessVersion(db)).toBeGreaterThan(version);
    expect((await theirs.get('/Current/getUserOrganizes')).body.code).toBe(602);
    expect(await db.selectFrom('baseSession').select('id').where('userId', '=', id).where('revokedAt', 'is', null).execute()).toEqual([]);
    expect((await login(server, 'lisi', 'Reset2026')).body.code).toBe(400);
    expect((await admin.put(`/${id}/Actions/State`)).body.msg).toBe('已启用'); // no body: flips
    const again = await login(server, 'lisi', 'Reset2026');
    expect(again.body.code).toBe(200);
    const adminId = await userId(db, 'admin');
    const before = await snapshot(db);
    expect((await admin.put(`/${adminId}/Actions/State`, { enabledMark: 0 })).body.msg).toBe('不能禁用自己');
    expect((await admin.put(`/${adminId}`, { realName: '管理员', enabledMark: 0 })).body.msg).toBe('不能禁用自己');
    expect(await snapshot(db)).toEqual(before);
  });

  it('shows and clears a sign-in lock-out', async () => {
    const db = server.database.db;
    const id = await userId(db, 'lisi');
    // Five failures lock the account (the captcha the third one asks for is beside the point here).
    await db.insertInto('baseLoginFailure').values({ account: 'lisi', failures: 5, lastFailedAt: Date.now(), lockedUntil: Date.now() + 600_000 }).execute();
    expect((await login(server, 'lisi', 'Reset2026')).body.msg).toMatch(/锁定/);
    expect((await admin.get(`/${id}`)).body.data.lockMark).toBe(1);
    expect((await admin.get('?keyword=lisi')).body.data.list[0].lockMark).toBe(1);
    expect((await admin.put(`/${id}/Actions/unlock`)).body).toEqual({ code: 200, msg: '解锁成功' });
    expect((await admin.get(`/${id}`)).body.data.lockMark).toBe(0);
    expect((await login(server, 'lisi', 'Reset2026')).body.code).toBe(200);
  });

  it('refuses deleting yourself, an administrator or a manager of others, then deletes with everything of the user', async () => {
    const db = server.database.db;
    const lisi = await userId(db, 'lisi');
    const adminId = await userId(db, 'admin');
    const manager = await userManager(db, 'deleter');
    const before = await snapshot(db);
    expect((await admin.del(`/${adminId}`)).body.msg).toBe('不能删除自己');
    expect((await usersClient(server, manager.token, 'en').del(`/${adminId}`)).body.msg).toBe('A system administrator cannot be deleted');
    expect((await usersClient(server, manager.token, 'zh-TW').del(`/${lisi}`)).body.msg).toBe('該使用者是其他使用者的直屬主管，請先更換其下屬的主管');
    expect(await snapshot(db)).toEqual(before);

    const zhouqi = await userId(db, 'zhouqi');
    expect((await admin.put(`/${zhouqi}`, { realName: '周七', managerId: null })).body.code).toBe(200);
    // the manager of an organisation stays until the organisation has another
    await db.updateTable('baseOrganize').set({ managerId: lisi }).where('enCode', '=', 'scm.finance').execute();
    const managing = await snapshot(db);
    expect((await admin.del(`/${lisi}`)).body.msg).toBe('该用户是组织“财务部”的负责人，请先更换负责人');
    expect(await snapshot(db)).toEqual(managing);
    await db.updateTable('baseOrganize').set({ managerId: null }).where('enCode', '=', 'scm.finance').execute();
    const session = await tokenFor(db, 'lisi');
    const version = await accessVersion(db);
    expect((await admin.del(`/${lisi}`)).body).toEqual({ code: 200, msg: '删除成功' });
    expect(await accessVersion(db)).toBeGreaterThan(version);
    expect((await admin.get(`/${lisi}`)).status).toBe(404);
    expect(await db.selectFrom('baseUserRelation').select('id').where('userId', '=', lisi).execute()).toEqual([]);
    expect((await usersClient(server, session).get('/Current/getUserOrganizes')).body.code).toBe(602);
  });
});
