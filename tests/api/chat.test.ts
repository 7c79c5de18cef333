import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { openSocket, socketUrl, type TestSocket } from '../helpers/socket';
import { withoutCredentials } from '../../server/app';

/**
 * Chat over real sockets (spec 7.11 imreply, 7.12; issue 14 item 3): two people chat through
 * /api/message/websocket/{token}; messages are stored before they are acknowledged; history
 * pages; unread counts in initMessage and the conversation list; remove and clear are one
 * person's own; a contact outside one's scope is refused. SQLite and PostgreSQL.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  for (const account of ['admin', 'staff', 'customer']) {
    tokens[account] = await tokenFor(db, account);
    ids[account] = (await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

async function connect(account: string): Promise<{ socket: TestSocket; init: Record<string, any> }> {
  const token = tokens[account]!;
  const socket = await openSocket(socketUrl(server.url, `/api/message/websocket/${encodeURIComponent(token)}`));
  sockets.push(socket);
  socket.send({ method: 'OnConnection', token, mobileDevice: false });
  return { socket, init: await socket.next('initMessage') };
}
const send = (socket: TestSocket, toUserId: string, messageContent: unknown, messageType = 'text') => socket.send({ method: 'SendMessage', toUserId, messageType, messageContent, token: '' });

describe('chat', () => {
  it('a message is stored, acknowledged to the sender and delivered to the recipient; empty text is refused', async () => {
    const staff = (await connect('staff')).socket;
    const admin = (await connect('admin')).socket;
    // the administrator may write to anyone; the staff member may then answer (their scope alone would not show the administrator)
    send(admin, ids.staff!, '在吗？');
    expect(await staff.next('receiveMessage')).toMatchObject({ formUserId: ids.admin, message: '在吗？', messageType: 'text' });
    await admin.next('sendMessage');
    admin.frames.length = 0;
    send(staff, ids.admin!, '  你好，请确认库存  ');
    const ack = await staff.next('sendMessage');
    expect(ack).toMatchObject({ toUserId: ids.admin, messageType: 'text', message: '你好，请确认库存', userId: ids.staff });
    const got = await admin.next('receiveMessage');
    expect(got).toMatchObject({ formUserId: ids.staff, message: '你好，请确认库存', account: 'staff' });
    const stored = await server.database.db.selectFrom('baseImContent').selectAll().where('id', '=', ack.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ content: '你好，请确认库存', readState: 0 });

    send(staff, ids.admin!, '   ');
    expect((await staff.next('error')).msg).toBe('不能发送空白消息');
    send(staff, ids.admin!, { url: 'https://evil.example/x.png' }, 'image');
    expect((await staff.next('error')).msg).toBe('文件无效，请重新上传');
  });

  it('unread counts arrive with initMessage and in the conversation list; UpdateReadMessage clears them', async () => {
    const { init } = await connect('admin');
    expect(init.unreadNums[ids.staff!]).toBeGreaterThanOrEqual(1);
    const admin = client(server.url, tokens.admin!);
    const list = (await admin.get('/api/message/imreply')).body.data.list;
    expect(list[0]).toMatchObject({ id: ids.staff, account: 'staff', latestMessage: '你好，请确认库存', messageType: 'text' });
    expect(list[0].unreadMessage).toBeGreaterThanOrEqual(1);
    const again = (await connect('admin')).socket;
    again.send({ method: 'UpdateReadMessage', formUserId: ids.staff, token: '' });
    await expect.poll(async () => (await admin.get('/api/message/imreply')).body.data.list[0].unreadMessage).toBe(0);
  });

  it('history pages newest first and searches text', async () => {
    const staff = (await connect('staff')).socket;
    for (let i = 0; i < 34; i++) {
      send(staff, ids.admin!, `第${i}条`);
      await staff.next('sendMessage');
      staff.frames.length = 0;
    }
    const admin = (await connect('admin')).socket;
    admin.send({ method: 'MessageList', toUserId: ids.staff, currentPage: 1, pageSize: 30, sord: 'desc', keyword: '', token: '' });
    const first = await admin.next('messageList');
    expect(first.list).toHaveLength(30);
    expect(first.list[0].message).toBe('第33条');
    expect(first.pagination.total).toBe(36);
    admin.frames.length = 0;
    admin.send({ method: 'MessageList', toUserId: ids.staff, currentPage: 2, pageSize: 30, sord: 'desc', keyword: '', token: '' });
    expect((await admin.next('messageList')).list).toHaveLength(6);
    admin.frames.length = 0;
    admin.send({ method: 'MessageList', toUserId: ids.staff, currentPage: 1, pageSize: 30, keyword: '库存', token: '' });
    expect((await admin.next('messageList')).list.map((m: { message: string }) => m.message)).toEqual(['你好，请确认库存']);
  });

  it('remove and clear are mine alone; the next message brings the conversation back', async () => {
    const admin = client(server.url, tokens.admin!);
    const staffApi = client(server.url, tokens.staff!);
    expect((await admin.del(`/api/message/imreply/relocation/${ids.staff}`)).body.code).toBe(200);
    expect((await admin.get('/api/message/imreply')).body.data.list.map((c: { id: string }) => c.id)).not.toContain(ids.staff);
    expect((await staffApi.get('/api/message/imreply')).body.data.list.map((c: { id: string }) => c.id)).toContain(ids.admin);

    expect((await admin.del(`/api/message/imreply/deleteChatRecord/${ids.staff}`)).body.code).toBe(200);
    const staff = (await connect('staff')).socket;
    send(staff, ids.admin!, '清空之后的新消息');
    await staff.next('sendMessage');
    const back = (await admin.get('/api/message/imreply')).body.data.list.find((c: { id: string }) => c.id === ids.staff);
    expect(back).toMatchObject({ latestMessage: '清空之后的新消息', unreadMessage: 1 });
    const adminSocket = (await connect('admin')).socket;
    adminSocket.send({ method: 'MessageList', toUserId: ids.staff, currentPage: 1, pageSize: 30, token: '' });
    expect((await adminSocket.next('messageList')).list.map((m: { message: string }) => m.message)).toEqual(['清空之后的新消息']);
    staff.send({ method: 'MessageList', toUserId: ids.admin, currentPage: 1, pageSize: 100, token: '' });
    expect((await staff.next('messageList')).pagination.total).toBe(37); // the staff member's history is untouched
  });

  it('a business customer cannot write to someone outside their organisation', async () => {
    const customer = (await connect('customer')).socket;
    send(customer, ids.staff!, '你好');
    expect((await customer.next('error')).msg).toBe('该联系人不存在或不可见');
    expect(await server.database.db.selectFrom('baseImContent').select('id').where('sendUserId', '=', ids.customer!).execute()).toEqual([]);
  });

  it('an image goes up to the IM folder (images under 5 MB), is sent by its id, and only the two people may read it', async () => {
    // a 1×1 PNG
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1e5a20000000049454e44ae426082', 'hex');
    const upload = async (account: string, bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${server.url}/api/file/Uploader/IM`, { method: 'POST', headers: { authorization: `Bearer ${tokens[account]}` }, body: form });
      return (await res.json()) as { code: number; msg: string; data?: { fileId: string } };
    };
    const big = await upload('admin', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
    const text = await upload('admin', Buffer.from('not an image'), 'note.txt');
    expect(text.code).toBe(400);
    const up = await upload('admin', png, 'dot.png');
    expect(up.code).toBe(200);
    const fileId = up.data!.fileId;

    const admin = (await connect('admin')).socket;
    const staff = (await connect('staff')).socket;
    admin.send({ method: 'SendMessage', toUserId: ids.staff, messageType: 'image', messageContent: { fileId, name: 'dot.png', width: 1, height: 1 }, token: '' });
    expect(await staff.next('receiveMessage')).toMatchObject({ messageType: 'image', message: { fileId, name: 'dot.png', width: 1, height: 1 } });
    expect((await client(server.url, tokens.staff!).get(`/api/file/Download/IM/${fileId}`)).body.code).toBe(200);
    expect((await client(server.url, tokens.customer!).get(`/api/file/Download/IM/${fileId}`)).body.code).toBe(404);
    // a file of someone else's cannot be passed on by its id
    staff.send({ method: 'SendMessage', toUserId: ids.admin, messageType: 'image', messageContent: { fileId }, token: '' });
    expect((await staff.next('error')).msg).toBe('文件无效，请重新上传');
  });

  it('the log keeps the socket address without its token', () => {
    expect(withoutCredentials('/api/message/websocket/abc.def-123?x=1')).toBe('/api/message/websocket/:token');
    expect(withoutCredentials('/api/visualdev/OnlineDev/Download/t0k3n')).toBe('/api/visualdev/OnlineDev/Download/:token');
  });
});
