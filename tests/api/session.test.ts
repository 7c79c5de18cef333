import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { hashToken } from '../../server/auth/sessions';
import { call, md5, tokenOf } from './oauth-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const me = (token: string, headers?: Record<string, string>) => call(server, '/api/oauth/CurrentUser', { token, headers });

describe('session lifetime', () => {
  it('logout revokes the token: the next call answers 602', async () => {
    const token = await tokenOf(server, 'staff');
    expect((await me(token)).body.code).toBe(200);
    const out = await call(server, '/api/oauth/Logout', { token });
    expect(out.body).toEqual({ code: 200, msg: '退出成功' });
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 602, msg: '登录信息无效,请重新登录' });
  });

  it('an expired session answers 600', async () => {
    const token = await tokenOf(server, 'staff');
    await server.database.db.updateTable('baseSession').set({ expiresAt: Date.now() - 1000 }).where('tokenHash', '=', hashToken(token)).execute();
    const reply = await me(token, { 'x-language': 'en' });
    expect(reply.body).toEqual({ code: 600, msg: 'Your session has expired, please sign in again' });
  });

  it('an unknown token answers 602', async () => {
    expect((await me('not-a-token')).body.code).toBe(602);
  });

  it('with singleLogin on, a new sign-in ends the older session with 601', async () => {
    const db = server.database.db;
    const older = await tokenOf(server, 'customer');
    const parallel = await tokenOf(server, 'customer');
    expect((await me(older)).body.code).toBe(200); // off: several sessions live side by side
    await db.updateTable('baseSysConfig').set({ value: '1' }).where('key', '=', 'singleLogin').execute();
    try {
      const newer = await tokenOf(server, 'customer');
      const ended = await me(older);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ code: 601, msg: '您的账号已在其他地方登录' });
      expect((await me(parallel)).body.code).toBe(601);
      expect((await me(newer)).body.code).toBe(200);
    } finally {
      await db.updateTable('baseSysConfig').set({ value: '0' }).where('key', '=', 'singleLogin').execute();
    }
  });
});

describe('lock screen', () => {
  it('locks the session (603 everywhere but lock state, unlock and logout) and unlocks with the right password', async () => {
    const token = await tokenOf(server, 'staff');
    const locked = await call(server, '/api/oauth/LockScreen', { token, method: 'POST' });
    expect(locked.body.code).toBe(200);
    const blocked = await me(token);
    expect(blocked.status).toBe(401);
    expect(blocked.body).toEqual({ code: 603, msg: '屏幕已锁定，请先解锁' });
    expect((await call(server, '/api/system/SysConfig', { token })).body.code).toBe(603);

    const state = await call(server, '/api/oauth/LockState', { token });
    expect(state.body.data).toEqual({ locked: true, account: 'staff', userName: '张运营', headIcon: null });

    const otherAccount = await call(server, '/api/oauth/UnlockScreen', { token, json: { account: 'admin', password: md5('demo1234') } });
    expect(otherAccount.body.msg).toBe('账号与当前登录账号不一致');
    const wrong = await call(server, '/api/oauth/UnlockScreen', { token, json: { account: 'staff', password: md5('bad') } });
    expect(wrong.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
    expect((await server.database.db.selectFrom('baseLoginFailure').select('failures').where('account', '=', 'staff').executeTakeFirst())?.failures).toBe(1);

    const unlocked = await call(server, '/api/oauth/UnlockScreen', { token, form: { account: 'staff', password: md5('demo1234') } });
    expect(unlocked.body).toEqual({ code: 200, msg: '解锁成功' });
    expect((await me(token)).body.code).toBe(200);
    expect((await call(server, '/api/oauth/LockState', { token })).body.data.locked).toBe(false);
  });

  it('ends the session when wrong unlock passwords lock the account', async () => {
    const token = await tokenOf(server, 'customer2');
    await call(server, '/api/oauth/LockScreen', { token, method: 'POST' });
    let last;
    for (let i = 0; i < 5; i += 1) last = await call(server, '/api/oauth/UnlockScreen', { token, json: { account: 'customer2', password: md5('bad') } });
    expect(last!.body.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
    expect((await call(server, '/api/oauth/LockState', { token })).body.code).toBe(602);
  });

  it('logout works while locked', async () => {
    const token = await tokenOf(server, 'admin');
    await call(server, '/api/oauth/LockScreen', { token, method: 'POST' });
    expect((await call(server, '/api/oauth/Logout', { token })).body.code).toBe(200);
    expect((await me(token)).body.code).toBe(602);
  });
});
