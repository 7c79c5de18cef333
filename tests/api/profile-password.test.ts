import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, md5, solveCaptcha, tokenOf } from './oauth-client';
import { CURRENT, modifyPassword, POLICY_OFF, setConfig, STRICT_POLICY } from './profile-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await setConfig(server, POLICY_OFF);
});

describe('POST /api/permission/Users/Current/Actions/ModifyPassword', () => {
  it('answers the spec 5.2 messages in form order', async () => {
    const token = await tokenOf(server, 'customer2');
    const msg = async (override: Record<string, unknown>) => (await modifyPassword(server, token, 'demo1234', 'Newpass12', override)).body.msg;
    expect(await msg({ oldPassword: undefined })).toBe('旧密码不能为空');
    expect(await msg({ newPassword: '' })).toBe('新密码不能为空');
    // With the strength limit off (the default), spec 5.1's pattern: 6–16 letters and digits, both.
    for (const weak of ['a', '111111', 'abcdef']) {
      expect(await msg({ newPassword: weak, repeatPassword: weak, password: md5(weak) }), weak).toBe('新密码须为6-16位字符的密码（数字和字母组成）');
    }
    expect(await msg({ repeatPassword: '' })).toBe('重复密码不能为空');
    expect(await msg({ repeatPassword: 'other' })).toBe('两次密码输入不一致');
    expect(await msg({ code: '' })).toBe('验证码不能为空');
    expect(await msg({ code: 'zzzz' })).toBe('验证码错误');
    expect(await msg({ oldPassword: md5('wrong') })).toBe('旧密码错误');
    // The MD5 beside the plain password must describe the same password.
    expect(await msg({ password: md5('something else') })).toBe('新密码与其摘要不一致');
  });

  it('counts wrong old passwords toward the lock-out, as sign-in does', async () => {
    const token = await tokenOf(server, 'customer2');
    const wrong = () => modifyPassword(server, token, 'not-mine1', 'Newpass12');
    for (let i = 0; i < 4; i += 1) expect((await wrong()).body.msg).toBe('旧密码错误');
    expect((await wrong()).body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    // Locked: the right old password is refused too, and so is signing in.
    expect((await modifyPassword(server, token, 'demo1234', 'Newpass12')).body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    expect((await login(server, 'customer2')).body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    await server.database.db.deleteFrom('baseLoginFailure').where('account', '=', 'customer2').execute();
    expect((await login(server, 'customer2')).body.code).toBe(200);
  });

  it('enforces each policy rule on the server, whatever the browser claims', async () => {
    await setConfig(server, STRICT_POLICY);
    const token = await tokenOf(server, 'customer2');
    const cases: [string, string][] = [
      ['aB1!', '新密码长度不能小于8位'],
      ['abcdefgH!', '新密码必须包含数字'],
      ['ABCDEFG1!', '新密码必须包含小写字母'],
      ['abcdefg1!', '新密码必须包含大写字母'],
      ['abcdefG12', '新密码必须包含字符'],
    ];
    for (const [plain, expected] of cases) {
      const reply = await modifyPassword(server, token, 'demo1234', plain);
      expect(reply.status, plain).toBe(400);
      expect(reply.body.msg, plain).toBe(expected);
    }
    // A lying client: only the MD5 of a weak password, no plain text to judge.
    const captcha = await solveCaptcha(server);
    const lie = await call(server, `${CURRENT}/Actions/ModifyPassword`, {
      token, json: { oldPassword: md5('demo1234'), password: md5('weak'), code: captcha.code, timestamp: captcha.timestamp },
    });
    expect(lie.body.msg).toBe('新密码不能为空');
    expect((await login(server, 'customer2')).body.code).toBe(200);
  });

  it('changes the password, sets changePasswordDate, ends the other sessions and keeps this one', async () => {
    await setConfig(server, STRICT_POLICY);
    const other = await tokenOf(server, 'customer');
    const token = await tokenOf(server, 'customer');
    const before = Date.now();
    const reply = await modifyPassword(server, token, 'demo1234', 'Better#2026');
    expect(reply.body).toEqual({ code: 200, msg: '修改成功，请牢记新密码' });
    expect((await call(server, '/api/oauth/CurrentUser', { token: other })).body.code).toBe(602);
    const me = await call(server, '/api/oauth/CurrentUser', { token });
    expect(me.body.code).toBe(200);
    expect(me.body.data.userInfo.changePasswordDate).toBeGreaterThanOrEqual(before);
    expect((await login(server, 'customer', 'demo1234')).body.msg).toBe('账号或密码错误');
    expect((await login(server, 'customer', 'Better#2026')).body.code).toBe(200);
    // The stored hash is argon2id of the MD5, never the plain text.
    const row = await server.database.db.selectFrom('baseUser').select('passwordHash').where('account', '=', 'customer').executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('exposes the forced-change flag when the policy demands it and the initial password was never changed', async () => {
    const token = await tokenOf(server, 'staff');
    const flag = async () => (await call(server, '/api/oauth/CurrentUser', { token })).body.data;
    expect((await flag()).userInfo.mustChangePassword).toBe(false);
    await setConfig(server, { mandatoryModificationOfInitialPassword: 1 });
    expect((await flag()).userInfo.mustChangePassword).toBe(false); // demo accounts count as changed
    await server.database.db.updateTable('baseUser').set({ changePasswordDate: null }).where('account', '=', 'staff').execute();
    const data = await flag();
    expect(data.userInfo.mustChangePassword).toBe(true);
    expect(data.userInfo.changePasswordDate).toBeNull();
    expect(data.sysConfigInfo.mandatoryModificationOfInitialPassword).toBe(1);
    expect((await modifyPassword(server, token, 'demo1234', 'demo12345')).body.code).toBe(200);
    expect((await flag()).userInfo.mustChangePassword).toBe(false);
  });

  it('publishes the password policy without signing in, and nothing else', async () => {
    await setConfig(server, { ...STRICT_POLICY, mandatoryModificationOfInitialPassword: 1 });
    const reply = await call(server, '/api/oauth/getPasswordPolicy');
    expect(reply.body.data).toEqual({ ...STRICT_POLICY, mandatoryModificationOfInitialPassword: 1 });
  });
});
