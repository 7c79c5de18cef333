import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { startSilentServer, startStandIn, type StandIn } from '../helpers/third-party-standin';

// DingTalk and WeCom (spec 7.16): connection tests and "push all organisations / users" as real
// HTTP calls to the configured addresses, answered by a local stand-in that records what arrived.
const KEYS = { dingKey: 'ding-key', dingSecret: 'ding-secret-1', corpId: 'corp-1', corpSecret: 'corp-secret-1', agentSecret: 'agent-secret-1' };
let server: TestServer;
let standIn: StandIn;
let admin: ReturnType<typeof client>;
let en: ReturnType<typeof client>;

const orgs = async () => server.database.db.selectFrom('baseOrganize').select(['id', 'parentId', 'fullName']).where('enabledMark', '=', 1).execute();
const enabledUsers = async () => server.database.db.selectFrom('baseUser').select(['id', 'realName', 'organizeId']).where('enabledMark', '=', 1).execute();
const since = (n: number) => standIn.arrived.slice(n);

beforeAll(async () => {
  server = await startTestServer();
  standIn = await startStandIn(KEYS);
  const token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
  en = client(server.url, token, 'en');
  const saved = await admin.put('/api/system/SysConfig', {
    dingSynUrl: standIn.url, dingSynAppKey: KEYS.dingKey, dingSynAppSecret: KEYS.dingSecret,
    qyhUrl: `${standIn.url}/`, qyhCorpId: KEYS.corpId, qyhCorpSecret: KEYS.corpSecret, qyhAgentSecret: KEYS.agentSecret,
    synTimeoutSeconds: 1,
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
});
afterAll(async () => {
  await standIn?.close();
  await server?.close();
});

describe('connection tests', () => {
  it('asks DingTalk for a token with the stored key and secret', async () => {
    const n = standIn.arrived.length;
    const reply = await en.post('/api/system/SysConfig/testDingTalkConnect', {});
    expect(reply.body).toMatchObject({ code: 200, msg: 'Connected to DingTalk' });
    expect(since(n)).toEqual([{ method: 'GET', path: '/gettoken', query: { appkey: KEYS.dingKey, appsecret: KEYS.dingSecret }, body: undefined }]);
  });

  it("shows DingTalk's refusal of a wrong secret typed on the screen, in the caller's language", async () => {
    const reply = await en.post('/api/system/SysConfig/testDingTalkConnect', { dingSynAppSecret: 'wrong' });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe('DingTalk refused (40089): invalid appkey or appsecret');
    const zh = await admin.post('/api/system/SysConfig/testDingTalkConnect', { dingSynAppSecret: 'wrong' });
    expect(zh.body.msg).toBe('钉钉拒绝了请求（40089）：invalid appkey or appsecret');
  });

  it('tests WeCom with the application secret (type 0) and the address-book secret (type 1)', async () => {
    const n = standIn.arrived.length;
    expect((await en.post('/api/system/SysConfig/0/testQyWebChatConnect', {})).body).toMatchObject({ code: 200, msg: 'Connected to WeCom' });
    expect((await en.post('/api/system/SysConfig/1/testQyWebChatConnect', {})).body.code).toBe(200);
    expect(since(n).map((a) => [a.path, a.query.corpsecret])).toEqual([['/cgi-bin/gettoken', KEYS.agentSecret], ['/cgi-bin/gettoken', KEYS.corpSecret]]);
    expect((await en.post('/api/system/SysConfig/2/testQyWebChatConnect', {})).status).toBe(400);
  });

  it('never sends the stored secret to another address than the stored one', async () => {
    const other = await startStandIn(KEYS);
    try {
      const reply = await en.post('/api/system/SysConfig/testDingTalkConnect', { dingSynUrl: other.url });
      expect(reply.body.msg).toBe('Enter the DingTalk AppKey and AppSecret first');
      expect(other.arrived).toEqual([]);
      // typed on the screen, the secret goes where the screen says
      expect((await en.post('/api/system/SysConfig/testDingTalkConnect', { dingSynUrl: other.url, dingSynAppSecret: KEYS.dingSecret })).body.code).toBe(200);
      expect(other.arrived.map((a) => a.path)).toEqual(['/gettoken']);
    } finally {
      await other.close();
    }
  });

  it('gives up on a service that does not answer within the timeout, and names one that cannot be reached', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const hung = await en.post('/api/system/SysConfig/testDingTalkConnect', { dingSynUrl: silent.url, dingSynAppSecret: 'x' });
      expect(hung.body.msg).toBe(`DingTalk did not answer within 1 s: ${silent.url}/gettoken`);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await silent.close();
    }
    const closed = await en.post('/api/system/SysConfig/0/testQyWebChatConnect', { qyhUrl: 'http://127.0.0.1:9', qyhAgentSecret: 'x' });
    expect(closed.body.msg).toBe('Cannot reach WeCom: http://127.0.0.1:9/cgi-bin/gettoken');
    const bad = await en.post('/api/system/SysConfig/testDingTalkConnect', { dingSynUrl: 'ftp://example.com', dingSynAppSecret: 'x' });
    expect(bad.body.msg).toMatch(/^Service address not understood: ftp:\/\/example.com/);
  });
});

describe('pushing organisations and users', () => {
  it('refuses users before organisations: each user is recorded as failed, nothing is sent but the token', async () => {
    const n = standIn.arrived.length;
    const reply = await en.get('/api/system/SynThirdInfo/synAllUserSysToDing?type=0');
    expect(reply.body.code).toBe(200);
    const users = await enabledUsers();
    expect(reply.body.data).toMatchObject({ synType: 2, recordTotal: users.length, synSuccessCount: 0, synFailCount: users.length });
    expect(since(n).map((a) => a.path)).toEqual(['/gettoken']);
  });

  it('creates every organisation in DingTalk under its parent, parents first', async () => {
    const n = standIn.arrived.length;
    const reply = await en.get('/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=0');
    const all = await orgs();
    expect(reply.body.data).toMatchObject({ synType: 1, recordTotal: all.length, synSuccessCount: all.length, synFailCount: 0, unSynCount: 0 });
    expect(reply.body.msg).toBe(`Push done: ${all.length} succeeded, 0 failed`);
    const creates = since(n).filter((a) => a.path === '/topapi/v2/department/create');
    expect(creates).toHaveLength(all.length);
    expect(creates.every((a) => a.query.access_token === 'ding-token')).toBe(true);
    // the service's tree has our tree's shape: each department's parent is its parent's department
    const rows = await server.database.db.selectFrom('baseSynThirdInfo').selectAll().where('thirdType', '=', 2).where('dataType', '=', 1).execute();
    const thirdOf = new Map(rows.map((r) => [r.sysObjId, r.thirdObjId!]));
    for (const o of all) {
      const dept = standIn.depts.ding.get(thirdOf.get(o.id)!);
      expect(dept, o.fullName).toEqual({ name: o.fullName, parent: all.some((p) => p.id === o.parentId) ? thirdOf.get(o.parentId) : '1' });
    }
  });

  it('pushes every user into the departments of their organisations, then updates instead of creating twice', async () => {
    const n = standIn.arrived.length;
    const users = await enabledUsers();
    const first = await en.get('/api/system/SynThirdInfo/synAllUserSysToDing');
    expect(first.body.data).toMatchObject({ recordTotal: users.length, synSuccessCount: users.length, synFailCount: 0 });
    const rows = await server.database.db.selectFrom('baseSynThirdInfo').selectAll().where('thirdType', '=', 2).where('dataType', '=', 1).execute();
    const thirdOf = new Map(rows.map((r) => [r.sysObjId, r.thirdObjId!]));
    const admin1 = users.find((u) => u.realName && u.organizeId)!;
    const arrivedUser = standIn.users.ding.get(admin1.id);
    expect(arrivedUser.name).toBe(admin1.realName);
    expect(arrivedUser.dept_id_list.split(',')).toContain(thirdOf.get(admin1.organizeId!));
    expect(since(n).filter((a) => a.path === '/topapi/v2/user/create')).toHaveLength(users.length);

    const m = standIn.arrived.length;
    await server.database.db.updateTable('baseOrganize').set({ fullName: '改名后的组织' }).where('id', '=', admin1.organizeId!).execute();
    expect((await en.get('/api/system/SynThirdInfo/synAllOrganizeSysToDing')).body.data.synSuccessCount).toBe(rows.length);
    expect((await en.get('/api/system/SynThirdInfo/synAllUserSysToDing')).body.data.synSuccessCount).toBe(users.length);
    const again = since(m).map((a) => a.path);
    expect(again.filter((p) => p.endsWith('/create'))).toEqual([]);
    expect(again.filter((p) => p === '/topapi/v2/department/update')).toHaveLength(rows.length);
    expect(again.filter((p) => p === '/topapi/v2/user/update')).toHaveLength(users.length);
    expect(standIn.depts.ding.get(thirdOf.get(admin1.organizeId!)!)!.name).toBe('改名后的组织');
  });

  it('counts what was pushed per service (getSynThirdTotal: 2 DingTalk, 1 WeCom)', async () => {
    const users = await enabledUsers();
    const all = await orgs();
    const ding = (await admin.get('/api/system/SynThirdInfo/getSynThirdTotal/2')).body.data;
    expect(ding).toMatchObject([
      { synType: 1, recordTotal: all.length, synSuccessCount: all.length, synFailCount: 0, unSynCount: 0 },
      { synType: 2, recordTotal: users.length, synSuccessCount: users.length, synFailCount: 0, unSynCount: 0 },
    ]);
    expect(typeof ding[0].synDate).toBe('number');
    expect((await admin.get('/api/system/SynThirdInfo/getSynThirdTotal/1')).body.data).toMatchObject([
      { synType: 1, synSuccessCount: 0, unSynCount: all.length, synDate: null },
      { synType: 2, synSuccessCount: 0, unSynCount: users.length, synDate: null },
    ]);
  });

  it('the 第三方同步 screen lists both services\' totals, one row per kind, each row naming its push call', async () => {
    const all = await orgs();
    const overview = (await admin.get('/api/system/SynThirdInfo/Overview')).body.data.list as { id: string; service: string; synType: number; synSuccessCount: number; unSynCount: number }[];
    expect(overview.map((r) => [r.id, r.service, r.synType])).toEqual([
      ['synAllOrganizeSysToQy', 'qy', 1], ['synAllUserSysToQy', 'qy', 2], ['synAllOrganizeSysToDing', 'ding', 1], ['synAllUserSysToDing', 'ding', 2],
    ]);
    expect(overview[2]).toMatchObject({ synSuccessCount: all.length, unSynCount: 0 });
    expect(overview[0]).toMatchObject({ synSuccessCount: 0, unSynCount: all.length });
    // the row's push (the screen's action: GET /api/system/SynThirdInfo/{id}?type=0) answers for that row
    const pushed = await admin.get(`/api/system/SynThirdInfo/${overview[2]!.id}?type=0`);
    expect(pushed.body.code, pushed.body.msg).toBe(200);
    expect(pushed.body.data).toMatchObject({ synType: 1, synSuccessCount: all.length });
  });

  it('pushes to WeCom with the address-book secret, recording a refused department and its subtree as failed', async () => {
    const all = await orgs();
    const n = standIn.arrived.length;
    const ok = await en.get('/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0');
    expect(ok.body.data).toMatchObject({ recordTotal: all.length, synSuccessCount: all.length });
    const arrived = since(n);
    expect(arrived[0]).toMatchObject({ path: '/cgi-bin/gettoken', query: { corpid: KEYS.corpId, corpsecret: KEYS.corpSecret } });
    const users = await enabledUsers();
    const pushed = await en.get('/api/system/SynThirdInfo/synAllUserSysToQy?type=0');
    expect(pushed.body.data.synSuccessCount).toBe(users.length);
    const someone = users.find((u) => u.organizeId)!;
    expect(standIn.users.qy.get(someone.id)).toMatchObject({ userid: someone.id, name: someone.realName });
    expect(Array.isArray(standIn.users.qy.get(someone.id).department)).toBe(true);

    standIn.failPaths.set('/cgi-bin/user/update', { errcode: 60104, errmsg: 'mobile existed' });
    try {
      const refused = await en.get('/api/system/SynThirdInfo/synAllUserSysToQy');
      expect(refused.body.data).toMatchObject({ synSuccessCount: 0, synFailCount: users.length });
      const row = await server.database.db.selectFrom('baseSynThirdInfo').selectAll().where('thirdType', '=', 1).where('dataType', '=', 2).where('sysObjId', '=', someone.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ synState: 2, description: 'WeCom refused (60104): mobile existed' });
    } finally {
      standIn.failPaths.clear();
    }
  });

  it('refuses a push when the service refuses the token, writing no records', async () => {
    const before = await server.database.db.selectFrom('baseSynThirdInfo').selectAll().orderBy('sysObjId').orderBy('thirdType').orderBy('dataType').execute();
    standIn.failPaths.set('/gettoken', { errcode: 88, errmsg: 'ip not allowed' });
    try {
      const reply = await en.get('/api/system/SynThirdInfo/synAllOrganizeSysToDing');
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe('DingTalk refused (88): ip not allowed');
    } finally {
      standIn.failPaths.clear();
    }
    expect(await server.database.db.selectFrom('baseSynThirdInfo').selectAll().orderBy('sysObjId').orderBy('thirdType').orderBy('dataType').execute()).toEqual(before);
  });

  it('lets only holders of system.config:update test or push; a HEAD pushes nothing', async () => {
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    const n = standIn.arrived.length;
    expect((await staff.post('/api/system/SysConfig/testDingTalkConnect', {})).status).toBe(403);
    expect((await staff.get('/api/system/SynThirdInfo/synAllOrganizeSysToDing')).status).toBe(403);
    const head = await fetch(`${server.url}/api/system/SynThirdInfo/synAllOrganizeSysToDing`, { method: 'HEAD', headers: { authorization: `Bearer ${await tokenFor(server.database.db, 'admin')}` } });
    expect(head.status).not.toBe(200);
    expect(since(n)).toEqual([]);
  });
});
