import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { openSocket, Refused, socketUrl, type TestSocket } from '../helpers/socket';
import { call, md5, solveCaptcha, tokenOf } from './oauth-client';

/**
 * Contract with the product's own web client (JNPF 3.4.7): the real-time socket it opens at
 * ws://<origin>/websocket/{token} (spec 4 "Server socket commands", 7.12; docs/COMPATIBILITY.md).
 */

let server: TestServer;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-socket-front-'));
beforeAll(async () => {
  // A built front end, so the page fallback is in play for addresses that are not the socket.
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const open = (token: string) => openSocket(socketUrl(server.url, `/websocket/${encodeURIComponent(token)}`));
const refusal = async (token: string) => {
  const error = await open(token).then(
    (s) => {
      s.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refused);
  // The server ends the connection after its answer: never an open socket.
  await (error as Refused).connectionClosed;
  return error as Refused;
};
async function connected(token: string): Promise<TestSocket> {
  const socket = await open(token);
  socket.send({ method: 'OnConnection', token, mobileDevice: false });
  await socket.next('initMessage');
  return socket;
}
const setConfig = (key: string, value: string) => server.database.db.updateTable('baseSysConfig').set({ value }).where('key', '=', key).execute();

describe('/websocket/{token}: who may connect', () => {
  it('refuses an unknown token before any upgrade, with the 602 envelope', async () => {
    const refused = await refusal('no-such-token');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 602, msg: '登录信息无效,请重新登录' });
  });

  it('refuses an expired session (600) and an ended one (602)', async () => {
    const expired = await tokenOf(server, 'customer');
    await server.database.db.updateTable('baseSession').set({ expiresAt: Date.now() - 1000 }).where('userId', '=', (await idOf('customer'))).execute();
    expect((await refusal(expired)).body.code).toBe(600);
    const ended = await tokenOf(server, 'customer');
    await call(server, '/api/oauth/Logout', { token: ended });
    expect((await refusal(ended)).body.code).toBe(602);
  });

  it('is an address of the socket only: other upgrades get a 404, never the page', async () => {
    const refused = (await openSocket(socketUrl(server.url, '/websocket')).catch((e: unknown) => e)) as Refused;
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(404);
    await refused.connectionClosed;
    expect((await fetch(`${server.url}/somewhere`)).status).toBe(200);
  });

  it('declares its access like every route: signed in, token from the path, allowed on a locked screen', () => {
    const route = server.app.declaredRoutes().find((r) => r.url === '/websocket/:token' && r.method === 'GET');
    expect(route?.access).toBe('signedIn');
    expect(server.app.hasRoute({ method: 'GET', url: '/websocket/:token' })).toBe(true);
  });
});

async function idOf(account: string) {
  return (await server.database.db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

describe('the handshake and the server commands', () => {
  it('answers OnConnection with initMessage: unread counts computed from the sources (none yet: zeros)', async () => {
    const token = await tokenOf(server, 'staff');
    const socket = await open(token);
    socket.send({ method: 'OnConnection', token, mobileDevice: false });
    expect(await socket.next('initMessage')).toEqual({
      method: 'initMessage', unreadMessageCount: 0, unreadNoticeCount: 0, unreadSystemMessageCount: 0, unreadTotalCount: 0, unreadNums: {},
    });
    const staffId = await idOf('staff');
    server.app.realtime.addUnreadSource(async (userId) => (userId === staffId ? { messages: 2, system: 1, chat: { u9: 3 } } : {}));
    socket.send({ method: 'OnConnection', token, mobileDevice: false });
    expect(await socket.next('initMessage')).toMatchObject({ unreadMessageCount: 2, unreadSystemMessageCount: 1, unreadTotalCount: 6, unreadNums: { u9: 3 } });
    socket.close();
  });

  it('says what is wrong with a bad frame, an unknown method, or another session’s token', async () => {
    const token = await tokenOf(server, 'staff');
    const socket = await open(token);
    socket.send('not json');
    expect((await socket.next('error')).msg).toBe('消息格式不正确，应为带 method 的 JSON 对象');
    socket.send({ method: 'Nope' });
    expect((await socket.next('error')).msg).toBe('不支持的消息类型：Nope');
    socket.send({ method: 'OnConnection', token: await tokenOf(server, 'staff') });
    expect((await socket.next('error')).msg).toBe('连接消息中的令牌与连接地址中的不一致');
    expect((await socket.closed).code).toBe(1008);
  });

  it("pushes 'logout' and closes when the session signs out", async () => {
    const token = await tokenOf(server, 'customer');
    const socket = await connected(token);
    await call(server, '/api/oauth/Logout', { token });
    expect(await socket.next('logout')).toEqual({ method: 'logout', msg: '登录信息无效,请重新登录' });
    expect(await socket.closed).toEqual({ code: 4602, reason: 'logout' });
  });

  it("pushes 'logout' (signed in elsewhere) to the older sessions when single sign-in is on", async () => {
    const older = await connected(await tokenOf(server, 'customer2'));
    await setConfig('singleLogin', '1');
    try {
      const newer = await connected(await tokenOf(server, 'customer2'));
      expect((await older.next('logout')).msg).toBe('您的账号已在其他地方登录');
      expect((await older.closed).code).toBe(4601);
      expect(newer.frames.map((f) => f.method)).toEqual(['initMessage']);
      newer.close();
    } finally {
      await setConfig('singleLogin', '0');
    }
  });

  it("pushes 'logout' when wrong unlock passwords lock the account out, in the user's language", async () => {
    const token = await tokenOf(server, 'customer');
    await call(server, '/api/permission/Users/Current/SystemLanguage', { method: 'PUT', token, json: { language: 'en' } });
    const socket = await connected(token);
    await call(server, '/api/oauth/LockScreen', { method: 'POST', token, json: {} });
    let locked = 0;
    for (let i = 0; i < 10 && !locked; i++) {
      const reply = await call(server, '/api/oauth/UnlockScreen', { method: 'POST', token, json: { account: 'customer', password: md5('wrong') } });
      if (reply.body.msg.includes('锁定')) locked = 1;
    }
    expect(locked).toBe(1);
    expect((await socket.next('logout')).msg).toBe('Your sign-in is no longer valid, please sign in again');
    await server.database.db.deleteFrom('baseLoginFailure').execute();
    await call(server, '/api/permission/Users/Current/SystemLanguage', { method: 'PUT', token: await tokenOf(server, 'customer'), json: { language: 'zh-CN' } });
  });

  it('the periodic check ends sockets whose session expired (600) or whose account was disabled', async () => {
    const expiring = await connected(await tokenOf(server, 'admin'));
    const adminId = await idOf('admin');
    await server.database.db.updateTable('baseSession').set({ expiresAt: Date.now() - 1 }).where('userId', '=', adminId).execute();
    await server.app.realtime.sweep();
    expect((await expiring.next('logout')).msg).toBe('登录过期,请重新登录');
    expect((await expiring.closed).code).toBe(4600);

    const disabled = await connected(await tokenOf(server, 'staff'));
    await server.database.db.updateTable('baseUser').set({ enabledMark: 0 }).where('account', '=', 'staff').execute();
    try {
      await server.app.realtime.sweep();
      expect((await disabled.closed).code).toBe(4602);
    } finally {
      await server.database.db.updateTable('baseUser').set({ enabledMark: 1 }).where('account', '=', 'staff').execute();
    }
  });

  it("delivers 'closeSocket' and 'refresh' to a user's sockets only", async () => {
    const staff = await connected(await tokenOf(server, 'staff'));
    const customer = await connected(await tokenOf(server, 'customer'));
    server.app.realtime.refresh({ userId: await idOf('staff') });
    expect(await staff.next('refresh')).toEqual({ method: 'refresh' });
    server.app.realtime.closeSockets({ userId: await idOf('staff') });
    expect(await staff.next('closeSocket')).toEqual({ method: 'closeSocket' });
    expect((await staff.closed).code).toBe(1000);
    expect(customer.frames.map((f) => f.method)).toEqual(['initMessage']);
    customer.close();
  });

  it('a locked screen keeps its socket', async () => {
    const token = await tokenOf(server, 'customer2');
    await call(server, '/api/oauth/LockScreen', { method: 'POST', token, json: {} });
    const socket = await connected(token);
    expect(socket.frames[0]!.method).toBe('initMessage');
    socket.close();
  });

  it("changing the password ends the user's other sessions' sockets and keeps this one", async () => {
    const mine = await tokenOf(server, 'customer2');
    const own = await connected(mine);
    const other = await connected(await tokenOf(server, 'customer2'));
    const captcha = await solveCaptcha(server);
    const changed = await call(server, '/api/permission/Users/Current/Actions/ModifyPassword', {
      method: 'POST', token: mine,
      json: { oldPassword: md5('demo1234'), newPassword: 'AnotherPass1', repeatPassword: 'AnotherPass1', code: captcha.code, timestamp: captcha.timestamp },
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect((await other.next('logout')).method).toBe('logout');
    expect((await other.closed).code).toBe(4602);
    own.send({ method: 'OnConnection', token: mine });
    await own.next('initMessage');
    expect(own.frames.map((f) => f.method)).toEqual(['initMessage', 'initMessage']);
    own.close();
  });
});
