import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { singleUpload } from './upload-client';
import { dovecotInstalled, startDovecot, startSmtp, type MailUser } from '../helpers/mail-servers';

/**
 * The mailbox against real protocol servers on 127.0.0.1 (issue 21 item 2): dovecot (IMAP) and
 * an smtp-server SMTP server delivering into dovecot. A staff member configures an account,
 * sends themself a mail with an attachment, receives it back in the background, lists it
 * unread, reads it (read), downloads the attachment; another user reaches none of it; the
 * password never appears in a reply; bad credentials and a closed port are clear refusals;
 * drafts; reply and forward prefill. SQLite and PostgreSQL.
 */
const staffMail: MailUser = { address: 'staff@mail.test', password: 'imap-secret-1' };
const otherMail: MailUser = { address: 'other@mail.test', password: 'imap-secret-2' };
let server: TestServer;
let imap: Awaited<ReturnType<typeof startDovecot>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let staffToken: string;

const account = (over: Record<string, unknown> = {}) => ({
  email: staffMail.address, displayName: '张运营', imapHost: '127.0.0.1', imapPort: imap.port, imapSecure: false,
  smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpSecure: false, username: staffMail.address, password: staffMail.password, ...over,
});

/** Starts a receive and waits (polling the state, as the page does) until it ends. */
async function receive(api: ReturnType<typeof client>) {
  expect((await api.post('/api/mail/Receive')).body.code).toBe(200);
  for (let i = 0; i < 300; i++) {
    const state = (await api.get('/api/mail/Receive/State')).body.data;
    if (state.state === 'done' || state.state === 'failed') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('receive did not finish');
}

beforeAll(async () => {
  if (!dovecotInstalled()) throw new Error('dovecot is not installed (/usr/sbin/dovecot): apt-get install dovecot-imapd');
  imap = await startDovecot([staffMail, otherMail]);
  smtp = await startSmtp({ users: [staffMail, otherMail], imapPort: imap.port });
  // the spec's 100,000 ms, shortened so the stalled-server case below ends quickly
  // the test's mail servers listen on 127.0.0.1, inside the network: listed as the operator would
  server = await startTestServer({ mailReceiveTimeoutMs: 3000, mailInternalHosts: ['127.0.0.1'] });
  staffToken = await tokenFor(server.database.db, 'staff');
  staff = client(server.url, staffToken);
  customer = client(server.url, await tokenFor(server.database.db, 'customer'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  await imap?.stop();
});

describe('mailbox', () => {
  it('keeps the account with the password sealed, and never returns the password', async () => {
    expect((await staff.get('/api/mail/Account')).body.data).toBeNull();
    expect((await staff.put('/api/mail/Account', account({ password: '' }))).body.msg).toBe('请填写邮箱密码');
    const saved = await staff.put('/api/mail/Account', account());
    expect(saved.body.code).toBe(200);
    const read = await staff.get('/api/mail/Account');
    expect(read.body.data).toMatchObject({ email: staffMail.address, imapPort: imap.port, passwordSet: true });
    expect(JSON.stringify(read.body)).not.toContain(staffMail.password);
    const row = await server.database.db.selectFrom('mailAccount').selectAll().executeTakeFirstOrThrow();
    expect(row.passwordEnc).not.toContain(staffMail.password);
    expect(row.passwordEnc.startsWith('v1.')).toBe(true);
    // a blank password keeps the stored one; the connection test uses it
    expect((await staff.put('/api/mail/Account', account({ password: undefined, displayName: '运营' }))).body.code).toBe(200);
    const tested = await staff.post('/api/mail/Account/Test', account({ password: undefined }));
    expect(tested.body).toMatchObject({ code: 200, msg: '收信和发信服务器均连接成功' });
  });

  it('bad credentials and a closed port are clear refusals, never a 500', async () => {
    const wrong = await staff.post('/api/mail/Account/Test', account({ password: 'wrong' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('邮件服务器拒绝登录，请检查登录名和密码');
    const en = await client(server.url, staffToken, 'en').post('/api/mail/Account/Test', account({ password: 'wrong' }));
    expect(en.body.msg).toBe('The mail server refused the sign-in: check the user name and password');
    const closed = await staff.post('/api/mail/Account/Test', account({ imapPort: 1 }));
    expect(closed.body.msg).toBe('无法连接邮件服务器 127.0.0.1:1，请检查服务器地址和端口');
    // a receive with a wrong stored password fails in the background with the reason in its state
    const other = client(server.url, await tokenFor(server.database.db, 'customer2'));
    await other.put('/api/mail/Account', { ...account(), email: otherMail.address, username: otherMail.address, password: 'wrong' });
    const state = await receive(other);
    expect(state).toMatchObject({ state: 'failed', error: '邮件服务器拒绝登录，请检查登录名和密码' });
    expect(JSON.stringify(state)).not.toContain('wrong');
  });

  it('refuses a mail server inside the network the operator did not list (no connection made)', async () => {
    for (const host of ['127.0.0.2', 'localhost', '10.1.2.3', '[::1]']) {
      const refused = await staff.post('/api/mail/Account/Test', account({ imapHost: host }));
      expect(refused.body, host).toMatchObject({ code: 400, msg: `邮件服务器 ${host} 位于内部网络，未被允许连接（由运维在 MAIL_INTERNAL_HOSTS 中列出）` });
    }
    const smtp = await staff.post('/api/mail/Account/Test', account({ smtpHost: '192.168.1.10' }));
    expect(smtp.body.msg).toContain('192.168.1.10');
  });

  it('sends a mail with an attachment to oneself, receives it back, lists it unread, reads it', async () => {
    const upload = await singleUpload(server.url, staffToken, new TextEncoder().encode('报价单 v1\n'), '报价单.txt');
    expect(upload.code).toBe(200);
    const sent = await staff.post('/api/mail/Send', { to: staffMail.address, cc: '', subject: '本周报价', html: '<p>请查收<b>报价单</b></p><script>alert(1)</script>', attachments: [upload.data.fileId] });
    expect(sent.body).toMatchObject({ code: 200, msg: '邮件已发送' });
    expect(smtp.received).toHaveLength(1);
    const sentList = await staff.get('/api/mail/Message?folder=sent');
    expect(sentList.body.data.list).toMatchObject([{ subject: '本周报价', to: staffMail.address, hasAttachments: true }]);

    expect(await receive(staff)).toMatchObject({ state: 'done', total: 1, done: 1, received: 1, error: null });
    const inbox = await staff.get('/api/mail/Message?folder=inbox&currentPage=1&pageSize=10');
    expect(inbox.body.data.unread).toBe(1);
    expect(inbox.body.data.pagination).toMatchObject({ total: 1 });
    const item = inbox.body.data.list[0];
    expect(item).toMatchObject({ subject: '本周报价', read: false, hasAttachments: true });
    expect(item.from).toContain(staffMail.address);
    expect((await staff.get('/api/mail/Message?folder=inbox&keyword=报价单')).body.data.pagination.total).toBe(1);
    expect((await staff.get('/api/mail/Message?folder=inbox&keyword=nothing-like-this')).body.data.pagination.total).toBe(0);

    const mail = await staff.get(`/api/mail/Message/${item.id}`);
    expect(mail.body.data).toMatchObject({ subject: '本周报价', read: true, attachments: [{ name: '报价单.txt' }] });
    expect(mail.body.data.html).toContain('<b>报价单</b>');
    expect(mail.body.data.html).not.toContain('<script');
    expect((await staff.get('/api/mail/Message?folder=inbox')).body.data).toMatchObject({ unread: 0, list: [{ read: true }] });

    // the attachment downloads through the file service, for its owner only
    const fileId = mail.body.data.attachments[0].fileId;
    const link = await staff.get(`/api/file/Download/mail/${fileId}`);
    expect(link.body.code).toBe(200);
    const bytes = await fetch(`${server.url}${link.body.data.url}`);
    expect(await bytes.text()).toBe('报价单 v1\n');
    expect((await customer.get(`/api/file/Download/mail/${fileId}`)).status).toBe(404);
    expect((await customer.get(`/api/mail/Message/${item.id}`)).status).toBe(404);
    expect((await customer.get('/api/mail/Message?folder=inbox')).body.data.pagination.total).toBe(0);
    expect((await customer.del(`/api/mail/Message/${item.id}`)).status).toBe(404);

    // a second receive fetches nothing new
    expect(await receive(staff)).toMatchObject({ state: 'done', total: 0, received: 0 });
  });

  it('prefills reply, reply all and forward', async () => {
    const item = (await staff.get('/api/mail/Message?folder=inbox')).body.data.list[0];
    const reply = (await staff.get(`/api/mail/Message/${item.id}/Compose?mode=reply`)).body.data;
    expect(reply).toMatchObject({ to: staffMail.address, subject: 'Re: 本周报价', attachments: [] });
    expect(reply.inReplyTo).toMatch(/^<.+>$/);
    expect(reply.html).toContain('<blockquote>');
    const forward = (await staff.get(`/api/mail/Message/${item.id}/Compose?mode=forward`)).body.data;
    expect(forward).toMatchObject({ to: '', subject: 'Fw: 本周报价', attachments: [{ name: '报价单.txt' }] });
    // the reply goes out and comes back threaded
    const sent = await staff.post('/api/mail/Send', { to: reply.to, subject: reply.subject, html: `<p>收到</p>${reply.html}`, inReplyTo: reply.inReplyTo });
    expect(sent.body.code).toBe(200);
    expect(await receive(staff)).toMatchObject({ state: 'done', received: 1 });
    const list = (await staff.get('/api/mail/Message?folder=inbox')).body.data;
    expect(list.list[0]).toMatchObject({ subject: 'Re: 本周报价', read: false });
  });

  it('keeps drafts: save, change, send from a draft; another user cannot touch them', async () => {
    const bad = await staff.post('/api/mail/Draft', { to: 'not an address', subject: 'x', html: '' });
    expect(bad.body.msg).toBe('邮件地址格式不正确');
    const saved = await staff.post('/api/mail/Draft', { to: '', subject: '草稿一', html: '<p>未完成</p>' });
    expect(saved.body).toMatchObject({ code: 200, msg: '草稿已保存' });
    const id = saved.body.data.id;
    expect((await staff.put(`/api/mail/Draft/${id}`, { to: otherMail.address, subject: '草稿一（改）', html: '<p>写完了</p>' })).body.code).toBe(200);
    expect((await customer.put(`/api/mail/Draft/${id}`, { to: '', subject: 'x', html: '' })).status).toBe(404);
    expect((await customer.del(`/api/mail/Draft/${id}`)).status).toBe(404);
    const drafts = (await staff.get('/api/mail/Message?folder=draft')).body.data;
    expect(drafts.list).toMatchObject([{ id, subject: '草稿一（改）', to: otherMail.address }]);
    // an upload of someone else is not an attachment one may send
    const foreign = await singleUpload(server.url, await tokenFor(server.database.db, 'customer'), new TextEncoder().encode('x'), 'x.txt');
    expect((await staff.post('/api/mail/Send', { to: otherMail.address, subject: 's', html: '', attachments: [foreign.data.fileId] })).body.msg).toBe('附件无效，请重新上传');
    expect((await staff.post('/api/mail/Send', { to: '', subject: 's', html: '' })).body.msg).toBe('请填写收件人');
    const sent = await staff.post('/api/mail/Send', { to: otherMail.address, subject: '草稿一（改）', html: '<p>写完了</p>', draftId: id });
    expect(sent.body.code).toBe(200);
    expect((await staff.get('/api/mail/Message?folder=draft')).body.data.pagination.total).toBe(0);
    expect(smtp.received.at(-1)!.to).toEqual([otherMail.address]);
    const second = (await staff.post('/api/mail/Draft', { to: '', subject: '草稿二', html: '' })).body.data.id;
    expect((await staff.del(`/api/mail/Draft/${second}`)).body.code).toBe(200);
  });

  it('gives up a receive from a server that greets and then never answers', async () => {
    const silent = net.createServer((socket) => socket.write('* OK silent IMAP ready\r\n'));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const user = client(server.url, await tokenFor(server.database.db, 'customer'));
      expect((await user.put('/api/mail/Account', { ...account(), imapPort: port })).body.code).toBe(200);
      const started = Date.now();
      const state = await receive(user);
      expect(state).toMatchObject({ state: 'failed', error: `邮件服务器 127.0.0.1:${port} 响应超时` });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });

  it('refuses receive and send without an account', async () => {
    const none = client(server.url, await tokenFor(server.database.db, 'admin'));
    expect((await none.post('/api/mail/Receive')).body.msg).toBe('尚未设置邮箱账户');
    expect((await none.post('/api/mail/Send', { to: staffMail.address, subject: 's', html: '' })).body.msg).toBe('尚未设置邮箱账户');
    expect((await none.get('/api/mail/Receive/State')).body.data).toMatchObject({ state: 'idle' });
  });
});
