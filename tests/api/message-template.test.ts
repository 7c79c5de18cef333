import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Message templates and message data types (spec 7.11: /api/message/MessageTemplateConfig,
 * MessageDataType/getTypeList/{id}): the calls, the list's keyword and filters, copy, the
 * refusals in the caller's language, and who may call what. Runs on SQLite and, as
 * api-postgres, on PostgreSQL.
 */

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;

const BASE = '/api/message/MessageTemplateConfig';
const template = (over: Record<string, unknown> = {}) => ({
  fullName: '待办提醒', enCode: 'flowTodo', messageType: '2', channel: 'site', title: '待办：{title}', content: '{user} 提交了「{title}」，请处理。', sortCode: 0, enabledMark: 1, description: '', ...over,
});
const codes = (reply: { body: any }) => (reply.body.data.list as { enCode: string }[]).map((r) => r.enCode).sort();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const token = await tokenFor(db, 'admin');
  admin = client(server.url, token);
  adminEn = client(server.url, token, 'en');
  staff = client(server.url, await tokenFor(db, 'staff'));
  customer = client(server.url, await tokenFor(db, 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('message data types', () => {
  it('getTypeList/1 lists the message types, /2 the channels, named in the caller\'s language', async () => {
    const types = await admin.get('/api/message/MessageDataType/getTypeList/1');
    expect(types.body.code).toBe(200);
    expect(types.body.data.map((e: { enCode: string; fullName: string }) => [e.enCode, e.fullName])).toEqual([['1', '公告'], ['2', '流程'], ['3', '系统']]);
    const channels = await adminEn.get('/api/message/MessageDataType/getTypeList/2');
    expect(channels.body.data.map((e: { enCode: string }) => e.enCode)).toEqual(['site', 'mail', 'sms', 'dingTalk', 'weCom', 'webhook']);
    expect(channels.body.data[1].fullName).toBe('E-mail');
    // any signed-in user reads it (a cached list of the client)
    expect((await customer.get('/api/message/MessageDataType/getTypeList/1')).body.data).toHaveLength(3);
  });

  it('an unknown list is a clear 400; no token is a 401-family refusal', async () => {
    const unknown = await adminEn.get('/api/message/MessageDataType/getTypeList/9');
    expect(unknown.body.code).toBe(400);
    expect(unknown.body.msg).toBe('Message data type "9" does not exist (1 message types, 2 sending channels)');
    expect((await client(server.url, null).get('/api/message/MessageDataType/getTypeList/1')).body.code).not.toBe(200);
  });

  it('a disabled dictionary entry leaves the list and cannot be chosen', async () => {
    const db = server.database.db;
    const type = await db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', 'messageChannel').executeTakeFirstOrThrow();
    await db.updateTable('baseDictionaryData').set({ enabledMark: 0 }).where('dictionaryTypeId', '=', type.id).where('enCode', '=', 'webhook').execute();
    try {
      expect((await admin.get('/api/message/MessageDataType/getTypeList/2')).body.data.map((e: { enCode: string }) => e.enCode)).not.toContain('webhook');
      const refused = await admin.post(BASE, template({ enCode: 'hook1', channel: 'webhook' }));
      expect(refused.body.msg).toBe('发送渠道不存在或已停用');
    } finally {
      await db.updateTable('baseDictionaryData').set({ enabledMark: 1 }).where('dictionaryTypeId', '=', type.id).where('enCode', '=', 'webhook').execute();
    }
  });
});

describe('template calls', () => {
  let id: string;

  it('creates, reads, lists, updates and deletes a template', async () => {
    const created = await admin.post(BASE, template());
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.msg).toBe('新建成功');
    id = created.body.data.id;

    const one = await admin.get(`${BASE}/${id}`);
    expect(one.body.data).toMatchObject({ fullName: '待办提醒', enCode: 'flowTodo', messageType: '2', messageTypeName: '流程', channel: 'site', channelName: '站内消息', title: '待办：{title}', enabledMark: 1, description: null });
    expect(one.body.data.placeholders).toEqual(['title', 'user']);
    expect((await adminEn.get(`${BASE}/${id}`)).body.data).toMatchObject({ messageTypeName: 'Workflow', channelName: 'In-site message' });

    const updated = await admin.put(`${BASE}/${id}`, template({ title: '请处理 {title}', channel: 'mail', sortCode: 3, description: '流程待办' }));
    expect(updated.body.code, updated.body.msg).toBe(200);
    expect((await admin.get(`${BASE}/${id}`)).body.data).toMatchObject({ title: '请处理 {title}', channel: 'mail', sortCode: 3, description: '流程待办' });

    const temp = await admin.post(BASE, template({ enCode: 'temp1' }));
    const removed = await admin.del(`${BASE}/${temp.body.data.id}`);
    expect(removed.body.code).toBe(200);
    const gone = await admin.get(`${BASE}/${temp.body.data.id}`);
    expect(gone.body.code).toBe(404);
    expect(gone.body.msg).toBe('消息模板不存在');
    expect((await admin.del(`${BASE}/${temp.body.data.id}`)).body.code).toBe(404);
    expect((await admin.put(`${BASE}/nope`, template())).body.code).toBe(404);
  });

  it('the list takes a keyword (name, code, title), type, channel and status filters, and pages', async () => {
    await admin.post(BASE, template({ fullName: '系统公告', enCode: 'notice1', messageType: '1', channel: 'site', title: '公告 {title}' }));
    await admin.post(BASE, template({ fullName: '短信验证', enCode: 'smsCode', messageType: '3', channel: 'sms', title: '验证码', content: '您的验证码是 {code}', enabledMark: 0 }));
    expect(codes(await admin.get(BASE))).toEqual(['flowTodo', 'notice1', 'smsCode']);
    expect(codes(await admin.get(`${BASE}?keyword=${encodeURIComponent('公告')}`))).toEqual(['notice1']);
    expect(codes(await admin.get(`${BASE}?keyword=SMSCODE`))).toEqual(['smsCode']);
    expect(codes(await admin.get(`${BASE}?keyword=${encodeURIComponent('请处理')}`))).toEqual(['flowTodo']);
    expect(codes(await admin.get(`${BASE}?messageType=1`))).toEqual(['notice1']);
    expect(codes(await admin.get(`${BASE}?channel=sms`))).toEqual(['smsCode']);
    expect(codes(await admin.get(`${BASE}?enabledMark=1&messageType=3`))).toEqual([]);
    const paged = await admin.get(`${BASE}?currentPage=2&pageSize=2`);
    expect(paged.body.data.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 3 });
    expect(paged.body.data.list).toHaveLength(1);
    expect((await admin.get(`${BASE}?pageSize=0`)).body.code).toBe(400);
  });

  it('copy makes a disabled twin named "….副本NNNNN" (copy in English) with a code "….copyNNNNN"', async () => {
    const copied = await admin.post(`${BASE}/copy/${id}`);
    expect(copied.body.code, copied.body.msg).toBe(200);
    expect(copied.body.msg).toBe('复制成功');
    const copy = (await admin.get(`${BASE}/${copied.body.data.id}`)).body.data;
    expect(copy.fullName).toMatch(/^待办提醒\.副本\d{5}$/);
    expect(copy.enCode).toMatch(/^flowTodo\.copy\d{5}$/);
    expect(copy).toMatchObject({ messageType: '2', channel: 'mail', title: '请处理 {title}', content: '{user} 提交了「{title}」，请处理。', enabledMark: 0 });
    const inEnglish = (await adminEn.post(`${BASE}/copy/${id}`)).body.data.id;
    expect((await admin.get(`${BASE}/${inEnglish}`)).body.data.fullName).toMatch(/^待办提醒\.copy\d{5}$/);
    // a long name and code still fit 50 characters
    const long = await admin.post(BASE, template({ fullName: '长'.repeat(50), enCode: 'c'.repeat(50) }));
    const longCopy = (await admin.get(`${BASE}/${(await admin.post(`${BASE}/copy/${long.body.data.id}`)).body.data.id}`)).body.data;
    expect(longCopy.fullName.length).toBeLessThanOrEqual(50);
    expect(longCopy.enCode.length).toBeLessThanOrEqual(50);
    expect((await admin.post(`${BASE}/copy/nope`)).body.code).toBe(404);
  });

  it('refuses bad input in the caller\'s language, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '' }, '请输入模板名称', 'Please enter the template name'],
      [{ fullName: 'x'.repeat(51) }, '模板名称最多为50个字符！', 'The template name may have at most 50 characters'],
      [{ enCode: ' ' }, '请输入模板编码', 'Please enter the template code'],
      [{ enCode: 'a b' }, '模板编码只能包含字母、数字、点、下划线和连字符，并以字母或数字开头', 'The template code may contain letters, digits, dots, underscores and hyphens, starting with a letter or digit'],
      [{ enCode: 'notice1' }, '模板编码已存在', 'The template code already exists'],
      [{ messageType: null }, '请选择消息类型', 'Please select the message type'],
      [{ messageType: '7' }, '消息类型不存在或已停用', 'The message type does not exist or is disabled'],
      [{ channel: '' }, '请选择发送渠道', 'Please select the sending channel'],
      [{ channel: 'fax' }, '发送渠道不存在或已停用', 'The sending channel does not exist or is disabled'],
      [{ title: '' }, '请输入消息标题', 'Please enter the message title'],
      [{ title: 't'.repeat(201) }, '消息标题最多为200个字符！', 'The message title may have at most 200 characters'],
      [{ content: '  ' }, '请输入消息内容', 'Please enter the message content'],
      [{ content: 'c'.repeat(10_001) }, '消息内容最多为10000个字符！', 'The message content may have at most 10000 characters'],
      [{ sortCode: -1 }, '排序必须是0到999999之间的整数', 'The sort number must be a whole number from 0 to 999999'],
    ];
    const before = await server.database.db.selectFrom('baseMessageTemplate').select('id').execute();
    for (const [change, zh, english] of cases) {
      const reply = await admin.post(BASE, template({ enCode: 'refused', ...change }));
      expect(reply.body.code, JSON.stringify(change)).toBe(400);
      expect(reply.body.msg).toBe(zh);
      expect((await adminEn.post(BASE, template({ enCode: 'refused', ...change }))).body.msg).toBe(english);
    }
    // a wrongly typed body is a 400 too, never a 500
    expect((await admin.post(BASE, { ...template({ enCode: 'refused' }), title: { a: 1 } })).body.code).toBe(400);
    expect((await admin.put(`${BASE}/${id}`, template({ enCode: 'notice1' }))).body.msg).toBe('模板编码已存在');
    expect(await server.database.db.selectFrom('baseMessageTemplate').select('id').execute()).toHaveLength(before.length);
  });

  it('is the message managers\': staff and customers are refused every template call', async () => {
    for (const c of [staff, customer]) {
      expect((await c.get(BASE)).body.code).toBe(403);
      expect((await c.get(`${BASE}/${id}`)).body.code).toBe(403);
      expect((await c.post(BASE, template({ enCode: 'x1' }))).body.code).toBe(403);
      expect((await c.put(`${BASE}/${id}`, template())).body.code).toBe(403);
      expect((await c.post(`${BASE}/copy/${id}`)).body.code).toBe(403);
      expect((await c.del(`${BASE}/${id}`)).body.code).toBe(403);
    }
    expect((await admin.get(`${BASE}/${id}`)).body.data.enCode).toBe('flowTodo');
  });
});
