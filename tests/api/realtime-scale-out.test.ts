import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../bench/server-process';
import type { DatabaseHandle } from '../../server/db';
import { client, tokenFor } from '../helpers/access';
import { openSocket, socketUrl, type TestSocket } from '../helpers/socket';
import { startTwoProcesses, type TwoProcesses } from '../helpers/two-processes';

/**
 * Two server processes on one database and one Redis (issue 14 item 6): a chat message from a
 * user on process A reaches a user on process B and back, an announcement released through A
 * reaches a socket on B, and signing out through A ends the socket on B. The processes are real
 * (server/main.ts), the Redis server is the test's own; the database is a SQLite file, or under
 * TEST_DB=postgres a PostgreSQL database made for the test and dropped after it
 * (tests/helpers/two-processes.ts).
 */
let two: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
const sockets: TestSocket[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  // sign-in limits on (5 a minute per account), counted in Redis across both processes
  two = await startTwoProcesses({ RATE_LIMIT_PER_ACCOUNT: '5', RATE_LIMIT_PER_ADDRESS: '1000' });
  ({ a, b, database } = two);
  for (const account of ['admin', 'staff']) ids[account] = (await database.db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await two?.stop();
});

async function connect(server: ServerProcess, token: string) {
  const socket = await openSocket(socketUrl(server.url, `/api/message/websocket/${encodeURIComponent(token)}`));
  sockets.push(socket);
  socket.send({ method: 'OnConnection', token, mobileDevice: false });
  await socket.next('initMessage');
  return socket;
}

describe('two processes, one Redis', () => {
  it('a chat message crosses from A to B and back', async () => {
    const adminToken = await tokenFor(database.db, 'admin');
    const staffToken = await tokenFor(database.db, 'staff');
    const adminOnA = await connect(a, adminToken);
    const staffOnB = await connect(b, staffToken);
    adminOnA.send({ method: 'SendMessage', toUserId: ids.staff, messageType: 'text', messageContent: '从 A 发往 B', token: '' });
    expect(await staffOnB.next('receiveMessage')).toMatchObject({ formUserId: ids.admin, message: '从 A 发往 B' });
    staffOnB.send({ method: 'SendMessage', toUserId: ids.admin, messageType: 'text', messageContent: '从 B 回复 A', token: '' });
    expect(await adminOnA.next('receiveMessage')).toMatchObject({ formUserId: ids.staff, message: '从 B 回复 A' });
  });

  it('an announcement released through A reaches a socket on B at once', async () => {
    const staffOnB = await connect(b, await tokenFor(database.db, 'staff'));
    const admin = client(a.url, await tokenFor(database.db, 'admin'));
    const id = (await admin.post('/api/message', { title: '跨进程公告', toUserIds: [ids.staff] })).body.data.id;
    expect((await admin.put(`/api/message/${id}/Actions/Release`)).body.code).toBe(200);
    expect(await staffOnB.next('messagePush')).toMatchObject({ id, title: '跨进程公告' });
  });

  it('signing out through A ends the socket on B', async () => {
    const token = await tokenFor(database.db, 'staff');
    const staffOnB = await connect(b, token);
    expect((await client(a.url, token).get('/api/oauth/Logout')).body.code).toBe(200);
    expect((await staffOnB.next('logout')).msg).toBeTruthy();
    expect((await staffOnB.closed).code).toBe(4602);
  });
});

/**
 * Caches across processes (issue 18 items 1 and 5): each process keeps sessions, principals and
 * dictionaries in memory; a change committed through A reaches B's caches over Redis before A
 * answers, so B's next request sees it. B's caches are warmed first (several reads), or the test
 * would pass without any invalidation.
 */
describe('caches across processes', () => {
  const warm = async (api: ReturnType<typeof client>, url: string) => {
    for (let i = 0; i < 3; i += 1) expect((await api.get(url)).body.code).toBe(200);
  };

  it('a token signed out through A answers 602 on B at the next request', async () => {
    const token = await tokenFor(database.db, 'staff');
    const onB = client(b.url, token);
    await warm(onB, '/api/system/DictionaryType');
    expect((await client(a.url, token).get('/api/oauth/Logout')).body.code).toBe(200);
    expect((await onB.get('/api/system/DictionaryType')).body.code).toBe(602);
  });

  it('a dictionary category added through A is listed on B at the next request', async () => {
    const adminToken = await tokenFor(database.db, 'admin');
    const onB = client(b.url, adminToken);
    await warm(onB, '/api/system/DictionaryType');
    const created = await client(a.url, adminToken).post('/api/system/DictionaryType', { parentId: '-1', fullName: '跨进程分类', enCode: 'crossProcess', isTree: 0, sortCode: 99 });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(JSON.stringify((await onB.get('/api/system/DictionaryType')).body.data)).toContain('跨进程分类');
  });

  it('a user disabled through A is refused on B at the next request', async () => {
    const adminOnA = client(a.url, await tokenFor(database.db, 'admin'));
    const token = await tokenFor(database.db, 'staff');
    const onB = client(b.url, token);
    await warm(onB, '/api/oauth/CurrentUser');
    try {
      expect((await adminOnA.put(`/api/permission/Users/${ids.staff}/Actions/State`, { enabledMark: 0 })).body.code).toBe(200);
      expect((await onB.get('/api/oauth/CurrentUser')).body.code).not.toBe(200);
    } finally {
      expect((await adminOnA.put(`/api/permission/Users/${ids.staff}/Actions/State`, { enabledMark: 1 })).body.code).toBe(200);
    }
  });

  it('sign-in limits count across both processes', async () => {
    const wrong = (server: ServerProcess) => fetch(`${server.url}/api/oauth/Login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'account=customer2&password=0123456789abcdef0123456789abcdef' }).then(async (r) => ((await r.json()) as { code: number }).code);
    const codes = [await wrong(a), await wrong(b), await wrong(a), await wrong(b), await wrong(a), await wrong(b), await wrong(a)];
    expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});
