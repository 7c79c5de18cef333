import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { openSocket, socketUrl } from '../helpers/socket';
import { hashToken } from '../../server/auth/sessions';

/**
 * 在线用户 (issue 14 item 5): the open sessions an administrator may see, and forcing one offline:
 * the session's socket gets 'logout' with 登录过期,请重新登录 and closes, its token is refused
 * from the next request; nobody forces themselves; user managers only. SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('online users', () => {
  it('lists open sessions and forces one offline at once', async () => {
    const db = server.database.db;
    const admin = client(server.url, await tokenFor(db, 'admin'));
    const staffToken = await tokenFor(db, 'staff');
    const socket = await openSocket(socketUrl(server.url, `/api/message/websocket/${encodeURIComponent(staffToken)}`));
    socket.send({ method: 'OnConnection', token: staffToken, mobileDevice: false });
    await socket.next('initMessage');

    const list = await admin.get('/api/system/OnlineUser?keyword=staff');
    expect(list.body.code).toBe(200);
    const session = list.body.data.list.find((s: { account: string }) => s.account === 'staff');
    expect(session).toMatchObject({ account: 'staff', realName: '张运营' });
    expect(JSON.stringify(list.body)).not.toContain(staffToken);

    const forced = await admin.del(`/api/system/OnlineUser/${session.id}`);
    expect(forced.body).toMatchObject({ code: 200, msg: '已强制下线' });
    expect((await socket.next('logout')).msg).toBe('登录过期,请重新登录');
    expect((await socket.closed).code).toBe(4600);
    expect((await client(server.url, staffToken).get('/api/oauth/CurrentUser')).body.code).toBe(602); // ended: the next request is refused
    expect((await admin.get('/api/system/OnlineUser?keyword=staff')).body.data.list.map((s: { id: string }) => s.id)).not.toContain(session.id);
    const audited = await db.selectFrom('baseAuditLog').selectAll().where('entity', '=', 'onlineUser').execute();
    expect(audited).toHaveLength(1);
  });

  it('refuses forcing oneself, and anyone without user management', async () => {
    const db = server.database.db;
    const token = await tokenFor(db, 'admin');
    const admin = client(server.url, token);
    const own = await db.selectFrom('baseSession').select('id').where('tokenHash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect((await admin.get('/api/system/OnlineUser?keyword=admin&pageSize=100')).body.data.list.map((s: { id: string }) => s.id)).toContain(own.id);
    expect((await admin.del(`/api/system/OnlineUser/${own.id}`)).body).toMatchObject({ code: 400, msg: '不能强制自己下线，请使用退出登录' });
    expect((await admin.get('/api/oauth/CurrentUser')).body.code).toBe(200);
    const staff = client(server.url, await tokenFor(db, 'staff'));
    expect((await staff.get('/api/system/OnlineUser')).body.code).toBe(403);
    expect((await staff.del(`/api/system/OnlineUser/${own.id}`)).body.code).toBe(403);
  });
});
