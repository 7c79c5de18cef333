import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { openSocket, socketUrl, type TestSocket } from '../helpers/socket';
import { sendMessage, MESSAGE_TYPE } from '../../server/modules/message/inbox';

/**
 * In-site messages (spec 7.11, issue 14 item 1): announcements written, released to chosen people
 * or everyone and pushed to signed-in recipients at once; each person's list, filters, read
 * detail, mark all read within the filter, deleting their own copies; flow and system messages
 * sent by the platform; who may call what. SQLite and, as api-postgres, PostgreSQL.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let tokens: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  tokens = { admin: await tokenFor(db, 'admin'), staff: await tokenFor(db, 'staff'), customer: await tokenFor(db, 'customer') };
  admin = client(server.url, tokens.admin!);
  adminEn = client(server.url, tokens.admin!, 'en');
  staff = client(server.url, tokens.staff!);
  customer = client(server.url, tokens.customer!);
  for (const account of ['admin', 'staff', 'customer']) ids[account] = (await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

async function connected(token: string): Promise<TestSocket> {
  const socket = await openSocket(socketUrl(server.url, `/websocket/${encodeURIComponent(token)}`));
  socket.send({ method: 'OnConnection', token, mobileDevice: false });
  await socket.next('initMessage');
  return socket;
}
const titles = (reply: { body: any }) => (reply.body.data.list as { title: string }[]).map((m) => m.title);

describe('announcements', () => {
  it('a draft reaches nobody; released, it reaches every enabled user and the signed-in ones at once', async () => {
    const made = await admin.post('/api/message', { title: '  系统维护通知  ', bodyText: '周六 22:00 停机维护一小时。' });
    expect(made.body.code).toBe(200);
    const id = made.body.data.id as string;
    expect(titles(await staff.get('/api/message'))).not.toContain('系统维护通知');
    const draft = await admin.get(`/api/message/${id}`);
    expect(draft.body.data).toMatchObject({ title: '系统维护通知', enabledMark: 0, toUserIds: [], receiverCount: 0 });

    const staffSocket = await connected(tokens.staff!);
    const customerSocket = await connected(tokens.customer!);
    const released = await admin.put(`/api/message/${id}/Actions/Release`);
    expect(released.body).toMatchObject({ code: 200, msg: '发布成功' });
    // pushed to both signed-in recipients without a request of theirs
    for (const socket of [staffSocket, customerSocket]) expect(await socket.next('messagePush')).toMatchObject({ id, messageType: 1, title: '系统维护通知', releaseUser: expect.stringContaining('/admin') });
    staffSocket.close();
    customerSocket.close();

    const everyone = await server.database.db.selectFrom('baseUser').select((eb) => eb.fn.countAll<number>().as('n')).where('enabledMark', '=', 1).where('userKind', '!=', 'anonymous').executeTakeFirstOrThrow();
    expect((await admin.get(`/api/message/${id}`)).body.data).toMatchObject({ enabledMark: 1, receiverCount: Number(everyone.n), readCount: 0 });
    const mine = await staff.get('/api/message?type=1');
    expect(mine.body.data.list[0]).toMatchObject({ id, title: '系统维护通知', type: 1, isRead: '0' });
    // released is final: no change, no second release
    expect((await admin.put(`/api/message/${id}`, { title: '改' })).body).toMatchObject({ code: 400, msg: '公告已发布，不能再修改' });
    expect((await adminEn.put(`/api/message/${id}/Actions/Release`)).body).toMatchObject({ code: 400, msg: 'The announcement is already released' });
  });

  it('to chosen recipients only; a bad form is refused in the caller\'s language and stores nothing', async () => {
    const before = await server.database.db.selectFrom('baseMessage').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await admin.post('/api/message', { title: '  ' })).body).toMatchObject({ code: 400, msg: '请输入公告标题' });
    expect((await adminEn.post('/api/message', { title: 'x'.repeat(201) })).body).toMatchObject({ code: 400, msg: 'The announcement title can be at most 200 characters' });
    expect((await admin.post('/api/message', { title: '无人', toUserIds: ['no-such-user'] })).body.code).toBe(200);
    const after = await server.database.db.selectFrom('baseMessage').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    const nobody = (await admin.get('/api/message/Notice?keyword=无人')).body.data.list[0].id;
    expect((await admin.put(`/api/message/${nobody}/Actions/Release`)).body).toMatchObject({ code: 400, msg: '没有可接收该公告的用户' });
    expect((await admin.get(`/api/message/${nobody}`)).body.data.enabledMark).toBe(0);

    const id = (await admin.post('/api/message', { title: '仅运营', toUserIds: [ids.staff] })).body.data.id;
    await admin.put(`/api/message/${id}/Actions/Release`);
    expect(titles(await staff.get('/api/message'))).toContain('仅运营');
    expect(titles(await customer.get('/api/message'))).not.toContain('仅运营');
    expect((await customer.get(`/api/message/ReadInfo/${id}`)).body.code).toBe(404);
  });

  it('only message managers write announcements; everyone reads their own messages', async () => {
    expect((await staff.post('/api/message', { title: '越权' })).body.code).toBe(403);
    expect((await staff.get('/api/message/Notice')).body.code).toBe(403);
    expect((await customer.get('/api/message')).body.code).toBe(200);
    expect((await client(server.url, null).get('/api/message')).status).toBe(401);
  });
});

describe('my messages', () => {
  it('list with type, isRead and keyword; ReadInfo marks read; the unread count follows and never goes below zero', async () => {
    const db = server.database.db;
    const hub = server.app.realtime;
    const flow = await sendMessage(db, hub, { type: MESSAGE_TYPE.flow, title: '请审批：采购申请 PO-1', bodyText: '', toUserIds: [ids.customer!], flowType: 2, linkId: 'task-1', sentBy: ids.staff! });
    await sendMessage(db, hub, { type: MESSAGE_TYPE.system, title: '密码即将过期', toUserIds: [ids.customer!], sentBy: null });
    const unread = (await customer.get('/api/message/Unread')).body.data;
    expect(unread).toMatchObject({ flow: 1, system: 1 });
    expect(unread.total).toBe(unread.flow + unread.system + unread.notice);

    expect(titles(await customer.get('/api/message?type=2'))).toEqual(['请审批：采购申请 PO-1']);
    expect(titles(await customer.get('/api/message?keyword=密码'))).toEqual(['密码即将过期']);
    const item = (await customer.get('/api/message?type=2')).body.data.list[0];
    expect(item).toMatchObject({ flowType: 2, linkId: 'task-1', releaseUser: expect.stringContaining('/staff'), isRead: '0' });

    const read = await customer.get(`/api/message/ReadInfo/${flow.id}`);
    expect(read.body.data).toMatchObject({ title: '请审批：采购申请 PO-1', isRead: '1' });
    expect((await customer.get('/api/message/Unread')).body.data.flow).toBe(0);
    expect(titles(await customer.get('/api/message?type=2&isRead=0'))).toEqual([]);
    // reading it again changes nothing
    await customer.get(`/api/message/ReadInfo/${flow.id}`);
    expect((await customer.get('/api/message/Unread')).body.data.flow).toBe(0);
  });

  it('mark all read touches only what the filter shows, and only mine', async () => {
    const db = server.database.db;
    const hub = server.app.realtime;
    await sendMessage(db, hub, { type: MESSAGE_TYPE.system, title: '系统甲', toUserIds: [ids.customer!, ids.staff!], sentBy: null });
    await sendMessage(db, hub, { type: MESSAGE_TYPE.flow, title: '流程乙', toUserIds: [ids.customer!], sentBy: null });
    const readAll = await customer.post('/api/message/Actions/ReadAll', { type: 3, keyword: '', isRead: '0' });
    expect(readAll.body).toMatchObject({ code: 200, msg: '已全部标为已读' });
    expect(titles(await customer.get('/api/message?type=3&isRead=0'))).toEqual([]);
    expect(titles(await customer.get('/api/message?type=2&isRead=0'))).toEqual(['流程乙']);
    expect(titles(await staff.get('/api/message?type=3&isRead=0'))).toContain('系统甲');
  });

  it('deleting removes only my copy; paging is stable', async () => {
    const db = server.database.db;
    const sent = await sendMessage(db, server.app.realtime, { type: MESSAGE_TYPE.system, title: '共享消息', toUserIds: [ids.customer!, ids.staff!], sentBy: null });
    expect((await customer.raw('DELETE', '/api/message/Record', JSON.stringify({ ids: [sent.id] }))).body.code).toBe(200);
    expect(titles(await customer.get('/api/message?keyword=共享'))).toEqual([]);
    expect(titles(await staff.get('/api/message?keyword=共享'))).toEqual(['共享消息']);

    for (let i = 0; i < 25; i++) await sendMessage(db, server.app.realtime, { type: MESSAGE_TYPE.system, title: `批量${String(i).padStart(2, '0')}`, toUserIds: [ids.staff!], sentBy: null });
    const first = await staff.get('/api/message?keyword=批量&currentPage=1&pageSize=20');
    const second = await staff.get('/api/message?keyword=批量&currentPage=2&pageSize=20');
    expect(first.body.data.pagination.total).toBe(25);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(25);
  });
});
