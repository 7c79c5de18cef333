import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, md5, tokenOf } from './oauth-client';

/**
 * Contract with the product's own web client (JNPF 3.4.7), /api/oauth: the reply shapes its
 * sign-in page and shell read (docs/COMPATIBILITY.md). A failure here means that client breaks.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const setConfig = (key: string, value: string) => server.database.db.updateTable('baseSysConfig').set({ value }).where('key', '=', key).execute();

interface Node {
  id: string;
  type: number;
  urlAddress: string | null;
  linkTarget: string | null;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('GET /api/oauth/CurrentUser as the client reads it', () => {
  it('menuList and routerList: one node per system, the current one picked by userInfo.systemIds', async () => {
    const { body } = await call(server, '/api/oauth/CurrentUser', { token: await tokenOf(server, 'admin') });
    expect(body.code).toBe(200);
    const { menuList, routerList, userInfo, permissionList, sysConfigInfo } = body.data;
    // What the client does: reject on an empty menuList, then take the current system's children.
    expect(menuList.length).toBeGreaterThan(0);
    const systemId = userInfo.systemIds.filter((o: { currentSystem: boolean }) => o.currentSystem)[0].id;
    expect(systemId).toEqual(expect.any(String));
    const menus: Node[] = menuList.filter((o: Node) => o.id === systemId)[0].children;
    const routes: Node[] = routerList.filter((o: Node) => o.id === systemId)[0].children;
    expect(menus.length).toBeGreaterThan(0);
    expect(routes).toEqual(menus);
    for (const node of flat(menus)) {
      expect(node).toMatchObject({ id: expect.any(String), enCode: expect.any(String), fullName: expect.any(String), type: expect.any(Number), hasChildren: expect.any(Boolean), children: expect.any(Array) });
      expect(node).toHaveProperty('icon');
      expect(node).toHaveProperty('propertyJson');
    }
    expect(permissionList[0]).toMatchObject({ modelId: expect.any(String), button: expect.any(Array), column: expect.any(Array), form: expect.any(Array) });
    expect(sysConfigInfo).toMatchObject({ sysName: expect.any(String), layoutType: expect.any(String) });
    expect(userInfo).toMatchObject({ userId: expect.any(String), userAccount: 'admin', userName: expect.any(String), positionIds: expect.any(Array) });
  });

  it('in-app page addresses have no leading slash (the client routes "/" + urlAddress); links are full addresses', async () => {
    const { body } = await call(server, '/api/oauth/CurrentUser', { token: await tokenOf(server, 'admin') });
    const all = flat(body.data.menuList[0].children);
    const inApp = all.filter((n) => [2, 3, 4, 5, 8].includes(n.type) && n.urlAddress);
    expect(inApp.length).toBeGreaterThan(10);
    for (const n of inApp) expect(n.urlAddress, n.urlAddress ?? '').not.toMatch(/^\//);
    expect(all.find((n) => n.type === 2 && n.urlAddress === 'systemData/dictionary')).toBeTruthy();
    for (const n of all.filter((x) => x.type === 7)) expect(n.urlAddress).toMatch(/^https?:\/\//);
  });
});

describe('GET /api/oauth/getLoginConfig (public)', () => {
  it('answers without a session, in the shape the sign-in page reads', async () => {
    const { status, body } = await call(server, '/api/oauth/getLoginConfig');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      redirect: false,
      url: '',
      ticketParams: '',
      socialsList: [],
      isTenant: false,
      loginMethods: ['password', 'sms', 'scan'],
      enableVerificationCode: 0,
      verificationCodeNumber: 4,
      sysName: '供应链服务平台',
      title: '供应链服务平台',
      logoIcon: expect.any(String),
      copyright: expect.any(String),
    });
  });

  it('follows system config: a method turned off is not offered, and its routes refuse it', async () => {
    await setConfig('enableSmsLogin', '0');
    await setConfig('enableScanLogin', '0');
    await setConfig('enableVerificationCode', '1');
    try {
      const { body } = await call(server, '/api/oauth/getLoginConfig', { headers: { 'x-language': 'en' } });
      expect(body.data).toMatchObject({ loginMethods: ['password'], enableVerificationCode: 1 });
      const sms = await call(server, '/api/oauth/getSmsCode/13800000001', { headers: { 'x-language': 'en' } });
      expect(sms.body).toEqual({ code: 400, msg: 'This sign-in method is turned off' });
      const smsLogin = await call(server, '/api/oauth/smsCodeLogin', { form: { account: '13800000001', smsCode: '123456' } });
      expect(smsLogin.body).toEqual({ code: 400, msg: '该登录方式未开启' });
      const scan = await call(server, '/api/oauth/ScanLogin/Ticket', { method: 'POST', json: {} });
      expect(scan.body.msg).toBe('该登录方式未开启');
      // A registration code is no sign-in: still sent.
      expect((await call(server, '/api/oauth/getSmsCode/13900000099?purpose=register')).body.code).toBe(200);
    } finally {
      await setConfig('enableSmsLogin', '1');
      await setConfig('enableScanLogin', '1');
      await setConfig('enableVerificationCode', '0');
    }
    expect((await call(server, '/api/oauth/ScanLogin/Ticket', { method: 'POST', json: {} })).body.code).toBe(200);
  });
});

describe('POST /api/oauth/updatePasswordMessage (signed in)', () => {
  const DAY = 86_400_000;
  const remind = async (token: string) => call(server, '/api/oauth/updatePasswordMessage', { method: 'POST', json: {}, token });
  const changedAt = (account: string, at: number) => server.database.db.updateTable('baseUser').set({ changePasswordDate: at }).where('account', '=', account).execute();

  it('needs a session', async () => {
    const reply = await remind('');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(600);
  });

  it('passwords that do not expire: no reminder', async () => {
    const { body } = await remind(await tokenOf(server, 'staff'));
    expect(body).toEqual({ code: 200, msg: '密码未到期', data: { remind: false, expired: false, expiresAt: null, daysLeft: null } });
  });

  it('reminds in the last updateInAdvance days of updateCycle, and an expired password forces the change dialog', async () => {
    await setConfig('passwordIsUpdatedRegularly', '1');
    await setConfig('updateCycle', '30');
    await setConfig('updateInAdvance', '5');
    try {
      const token = await tokenOf(server, 'staff');
      const now = Date.now();
      await changedAt('staff', now - 10 * DAY - 60_000);
      let { body } = await remind(token);
      expect(body.data).toMatchObject({ remind: false, expired: false, daysLeft: 19, expiresAt: now + 20 * DAY - 60_000 });

      await changedAt('staff', now - 27 * DAY - 60_000);
      ({ body } = await remind(token));
      expect(body).toMatchObject({ msg: '您的密码将在2天后过期，请及时修改密码', data: { remind: true, expired: false, daysLeft: 2 } });
      const info = await call(server, '/api/oauth/CurrentUser', { token });
      expect(info.body.data.userInfo.mustChangePassword).toBe(false);

      await changedAt('staff', now - 31 * DAY);
      ({ body } = await remind(token));
      expect(body).toMatchObject({ msg: '您的密码已过期，请修改密码', data: { remind: true, expired: true } });
      const after = await call(server, '/api/oauth/CurrentUser', { token });
      expect(after.body.data.userInfo.mustChangePassword).toBe(true);
    } finally {
      await setConfig('passwordIsUpdatedRegularly', '0');
      await changedAt('staff', Date.now());
    }
  });
});

describe("POST /api/oauth/LockScreen as the product's client sends its unlock", () => {
  it('with { account, password } it checks them and unlocks; without, it locks', async () => {
    const token = await tokenOf(server, 'customer');
    const lock = (json: unknown) => call(server, '/api/oauth/LockScreen', { method: 'POST', token, json });
    // The product locks in the browser only: its unlock on an unlocked session just checks the password.
    expect((await lock({ account: 'customer', password: md5('demo1234') })).body).toEqual({ code: 200, msg: '解锁成功' });
    expect((await lock({})).body.code).toBe(200);
    expect((await call(server, '/api/oauth/CurrentUser', { token })).body.code).toBe(603);
    expect((await lock({ account: 'customer', password: md5('wrong') })).body.msg).toBe('账号或密码错误');
    expect((await lock({ account: 'customer', password: md5('demo1234') })).body.code).toBe(200);
    expect((await call(server, '/api/oauth/CurrentUser', { token })).body.code).toBe(200);
  });
});

describe('refusals as the client reads them', () => {
  it('the origin marker gets HTTP 200 with the code and message in the envelope; other callers get the matching status', async () => {
    const plain = await fetch(`${server.url}/api/oauth/CurrentUser`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(plain.status).toBe(401);
    expect((await plain.json()).code).toBe(602);
    const product = await fetch(`${server.url}/api/oauth/CurrentUser`, { headers: { authorization: 'Bearer not-a-token', 'jnpf-origin': 'pc', 'x-language': 'zh-CN' } });
    expect(product.status).toBe(200);
    expect(await product.json()).toMatchObject({ code: 602, msg: expect.any(String) });
    const refused = await fetch(`${server.url}/api/oauth/Login`, { method: 'POST', headers: { 'jnpf-origin': 'pc', 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: md5('wrong') }) });
    expect(refused.status).toBe(200);
    expect((await refused.json()).code).toBe(400);
  });
});
