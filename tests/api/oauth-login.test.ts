import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, md5, solveCaptcha } from './oauth-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/oauth/Login', () => {
  it('signs each demo account in and answers a token and a known layout', async () => {
    for (const account of ['admin', 'staff', 'customer', 'customer2']) {
      const reply = await login(server, account);
      expect(reply.status, account).toBe(200);
      expect(reply.body.code).toBe(200);
      expect(reply.body.data!.token.length).toBeGreaterThan(20);
      expect(['classic', 'functional', 'plain', 'blend']).toContain(reply.body.data!.theme);
    }
  });

  it('maps an unknown stored theme to classic and records the sign-in', async () => {
    await server.database.db.updateTable('baseUser').set({ theme: 'fancy' }).where('account', '=', 'customer2').execute();
    const reply = await login(server, 'customer2');
    expect(reply.body.data!.theme).toBe('classic');
    const logs = await server.database.db.selectFrom('baseLoginLog').selectAll().where('account', '=', 'customer2').where('success', '=', 1).execute();
    expect(logs.length).toBeGreaterThan(0);
  });

  it('accepts a sub-account written mobile@account and an account in another case', async () => {
    expect((await login(server, '13800000000@staff')).body.code).toBe(200);
    expect((await login(server, 'STAFF')).body.code).toBe(200);
  });

  it('refuses a wrong password without saying which part was wrong, in the caller language', async () => {
    const wrong = await login(server, 'staff', 'nope1234');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, msg: '账号或密码错误', data: { needCaptcha: false } });
    const unknown = await login(server, 'nobody', 'nope1234');
    expect(unknown.body.msg).toBe('账号或密码错误');
    const english = await login(server, 'nobody', 'nope1234', {}, { 'x-language': 'en' });
    expect(english.body.msg).toBe('Wrong account or password');
    const taiwan = await login(server, 'nobody', 'nope1234', {}, { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(taiwan.body.msg).toBe('帳號或密碼錯誤');
    await server.database.db.deleteFrom('baseLoginFailure').execute();
  });

  it('requires a captcha after three failures: missing is refused, wrong is refused, right signs in', async () => {
    for (let i = 0; i < 2; i += 1) expect((await login(server, 'customer', 'bad')).body.data).toEqual({ needCaptcha: false });
    const third = await login(server, 'customer', 'bad');
    expect(third.body).toMatchObject({ msg: '账号或密码错误', data: { needCaptcha: true } });

    const config = await call(server, '/api/oauth/getConfig/customer');
    expect(config.body.data).toMatchObject({ needCaptcha: true, enableVerificationCode: 0, verificationCodeNumber: 4, sysName: '供应链服务平台' });
    expect((await call(server, '/api/oauth/getConfig/staff')).body.data.needCaptcha).toBe(false);

    const missing = await login(server, 'customer');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 400, msg: '请输入验证码', data: { needCaptcha: true } });
    expect((await login(server, 'customer', 'demo1234', {}, { 'x-language': 'en' })).body.msg).toBe('Please enter the verification code');

    const first = await solveCaptcha(server);
    const wrong = await login(server, 'customer', 'demo1234', { code: first.code === 'zzzz' ? 'yyyy' : 'zzzz', timestamp: first.timestamp });
    expect(wrong.body.msg).toBe('验证码错误');
    // One use: the same key cannot be tried again.
    expect((await login(server, 'customer', 'demo1234', { code: first.code, timestamp: first.timestamp })).body.msg).toBe('验证码已失效，请点击图片刷新');

    const good = await solveCaptcha(server);
    const ok = await login(server, 'customer', 'demo1234', { code: good.code.toUpperCase(), timestamp: good.timestamp });
    expect(ok.body.code).toBe(200);
    expect((await call(server, '/api/oauth/getConfig/customer')).body.data.needCaptcha).toBe(false);
  });

  it('requires a captcha from the first attempt when the configuration enables it', async () => {
    await server.database.db.updateTable('baseSysConfig').set({ value: '1' }).where('key', '=', 'enableVerificationCode').execute();
    try {
      expect((await login(server, 'admin')).body.msg).toBe('请输入验证码');
      const captcha = await solveCaptcha(server);
      expect((await login(server, 'admin', 'demo1234', captcha)).body.code).toBe(200);
    } finally {
      await server.database.db.updateTable('baseSysConfig').set({ value: '0' }).where('key', '=', 'enableVerificationCode').execute();
    }
  });

  it('locks the account after lockFailures failures, with the minutes left, even for the right password', async () => {
    const attempt = async (password: string) => {
      const captcha = await solveCaptcha(server);
      return login(server, 'customer2', password, captcha);
    };
    for (let i = 1; i < 5; i += 1) expect((await attempt('bad')).body.msg).toBe('账号或密码错误');
    const fifth = await attempt('bad');
    expect(fifth.body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    const right = await attempt('demo1234');
    expect(right.body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    expect((await login(server, 'customer2', 'demo1234', {}, { 'x-language': 'en' })).body.msg).toBe(
      'Too many wrong passwords: the account is locked, try again in 10 minutes',
    );
    // When the lock runs out the account signs in again.
    await server.database.db.updateTable('baseLoginFailure').set({ lockedUntil: Date.now() - 1000 }).where('account', '=', 'customer2').execute();
    expect((await login(server, 'customer2')).body.code).toBe(200);
  });

  it('refuses a disabled account only once the password is right', async () => {
    const db = server.database.db;
    await db.updateTable('baseUser').set({ enabledMark: 0 }).where('account', '=', 'staff').execute();
    try {
      expect((await login(server, 'staff', 'bad')).body.msg).toBe('账号或密码错误');
      expect((await login(server, 'staff')).body.msg).toBe('账号已被禁用，请联系管理员');
    } finally {
      await db.updateTable('baseUser').set({ enabledMark: 1 }).where('account', '=', 'staff').execute();
      await db.deleteFrom('baseLoginFailure').execute();
    }
  });

  it('answers malformed bodies with 400 and a message, never a 500', async () => {
    const noPassword = await call(server, '/api/oauth/Login', { form: { account: 'admin' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.msg).toMatch(/参数错误/);
    const badJson = await call(server, '/api/oauth/Login', { raw: '{"account":' });
    expect(badJson.status).toBe(400);
    const empty = await call(server, '/api/oauth/Login', { form: { account: ' ', password: md5('x') } });
    expect(empty.body.msg).toBe('请输入账号');
    const grant = await call(server, '/api/oauth/Login', { form: { account: 'admin', password: md5('demo1234'), grant_type: 'magic' } });
    expect(grant.body.msg).toBe('不支持的授权方式');
    const badKey = await fetch(`${server.url}/api/file/ImageCode/${'x'.repeat(80)}`);
    expect(badKey.status).toBe(400);
  });

  it('serves the captcha as an SVG image', async () => {
    const res = await fetch(`${server.url}/api/file/ImageCode/abc123`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg/);
  });

  it('draws a captcha for the same key asked for at once several times without a 500 (found by the access matrix)', async () => {
    const key = `same${Date.now()}`;
    const replies = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.url}/api/file/ImageCode/${key}`).then(async (r) => ({ status: r.status, svg: await r.text() }))));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    // One code is kept under the key: the one of the image drawn last.
    const rows = await server.database.db.selectFrom('baseCaptcha').select('code').where('id', '=', key).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('failure memory', () => {
  it('forgets failures older than a day, so the captcha is no longer demanded', async () => {
    const db = server.database.db;
    for (let i = 0; i < 3; i += 1) await login(server, 'ghost', 'bad');
    expect((await call(server, '/api/oauth/getConfig/ghost')).body.data.needCaptcha).toBe(true);
    await db.updateTable('baseLoginFailure').set({ lastFailedAt: Date.now() - 25 * 3600_000 }).where('account', '=', 'ghost').execute();
    expect((await call(server, '/api/oauth/getConfig/GHOST')).body.data.needCaptcha).toBe(false);
  });
});
