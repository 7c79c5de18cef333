import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBillNumber } from '../../server/modules/system/bill-rule';
import { periodKeys } from '../../src/runtime/bill-number';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Numbering rules (spec 5.5, 7.13): the rule calls, their refusals in three languages, who may
 * call what, the numbers (format, periods, never twice under concurrency) and the serial fields
 * of records (filled on create, kept on update, read-only for the caller). Runs on SQLite and,
 * as api-postgres, on PostgreSQL.
 */

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let adminToken: string;

const rule = (over: Record<string, unknown> = {}) => ({
  fullName: '测试单号', enCode: 'testNo', category: 'other', prefix: 'TS', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', sortCode: 0, enabledMark: 1, description: '', ...over,
});
const today = () => periodKeys(Date.now());
const inbound = '/api/visualdev/OnlineDev/demo-inbound';
const receipt = (extra: Record<string, unknown> = {}) => ({ data: JSON.stringify({ receiptDate: Date.UTC(2026, 10, 26), goodsName: '螺纹钢', quantity: 10, ...extra }) });
const stored = async (id: string) => JSON.parse((await admin.get(`${inbound}/${id}`)).body.data.data) as Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  adminToken = await tokenFor(db, 'admin');
  admin = client(server.url, adminToken);
  staff = client(server.url, await tokenFor(db, 'staff'));
  customer = client(server.url, await tokenFor(db, 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('rule calls', () => {
  let id: string;

  it('creates, lists, reads, updates and toggles a rule; the list carries the example and the last number', async () => {
    const created = await admin.post('/api/system/BillRule', rule());
    expect(created.body.code, created.body.msg).toBe(200);
    id = created.body.data.id;

    const one = await admin.get(`/api/system/BillRule/${id}`);
    expect(one.body.data).toMatchObject({ enCode: 'testNo', prefix: 'TS', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', enabledMark: 1, lastNumber: null });
    expect(one.body.data.example).toBe(`TS${today().yyyyMMdd}0001`);

    const page = await admin.get('/api/system/BillRule?keyword=TESTNO&currentPage=1&pageSize=20');
    expect(page.body.data.pagination.total).toBe(1);
    expect(page.body.data.list[0].id).toBe(id);
    const byCategory = await admin.get('/api/system/BillRule?categoryId=warehouse');
    expect(byCategory.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['rukudanhao']);
    expect((await admin.get('/api/system/BillRule?category=other')).body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['testNo']);

    const updated = await admin.put(`/api/system/BillRule/${id}`, rule({ prefix: 'TX', dateFormat: 'no', digit: 6, startNumber: '0042' }));
    expect(updated.body.code, updated.body.msg).toBe(200);
    expect((await admin.get(`/api/system/BillRule/${id}`)).body.data.example).toBe('TX000042');

    const off = await admin.put(`/api/system/BillRule/${id}/Actions/State`);
    expect(off.body.data.enabledMark).toBe(0);
    const selector = await staff.get('/api/system/BillRule/Selector?pageSize=100');
    expect(selector.body.code).toBe(200);
    expect(selector.body.data.list.map((r: { enCode: string }) => r.enCode)).not.toContain('testNo');
    expect(selector.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(expect.arrayContaining(['OrderNumber', 'bxdj', 'rukudanhao']));
    expect((await admin.put(`/api/system/BillRule/${id}/Actions/State`)).body.data.enabledMark).toBe(1);
  });

  it('refuses what the rule form refuses (spec 5.5), in the caller\'s language, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '' }, '请输入业务名称', 'Please enter the business name'],
      [{ fullName: 'x'.repeat(51) }, '业务名称最多为50个字符！', 'The business name can have at most 50 characters'],
      [{ enCode: ' ' }, '请输入业务编码', 'Please enter the business code'],
      [{ enCode: 'a/b' }, '业务编码只能包含字母、数字、点、下划线和连字符，并以字母或数字开头', 'The business code may contain only letters, digits, dots, underscores and hyphens, and starts with a letter or digit'],
      [{ enCode: 'bxdj' }, '业务编码已存在', 'The business code is already in use'],
      [{ category: '' }, '请选择业务分类', 'Please select the business category'],
      [{ category: 'nope' }, '业务分类不存在', 'The business category does not exist'],
      [{ prefix: '' }, '请输入流水前缀', 'Please enter the prefix'],
      [{ prefix: 'A B' }, '流水前缀不能含有空格', 'The prefix cannot contain spaces'],
      [{ dateFormat: '' }, '请选择流水日期', 'Please select the date format'],
      [{ dateFormat: 'yyyy-MM' }, '流水日期只能是 yyyyMMdd、yyyyMM、yyyy 或 no', 'The date format must be yyyyMMdd, yyyyMM, yyyy or no'],
      [{ digit: null }, '请输入流水位数', 'Please enter the number of digits'],
      [{ digit: 10 }, '流水位数必须是1到9之间的整数', 'The number of digits must be a whole number from 1 to 9'],
      [{ digit: 2.5 }, '流水位数必须是1到9之间的整数', 'The number of digits must be a whole number from 1 to 9'],
      [{ startNumber: '' }, '请输入流水起始', 'Please enter the start number'],
      [{ startNumber: '1a' }, '流水起始只能是数字', 'The start number may contain digits only'],
      [{ startNumber: '000' }, '流水起始不能全为0', 'The start number cannot be all zeros'],
      [{ startNumber: '12345', digit: 4 }, '流水起始的位数不能超过流水位数', 'The start number cannot have more digits than the number of digits'],
      [{ sortCode: 1000000 }, '排序必须是0到999999之间的整数', 'Sort order must be a whole number from 0 to 999999'],
    ];
    const before = await server.database.db.selectFrom('baseBillRule').select('id').execute();
    const en = client(server.url, adminToken, 'en');
    for (const [change, zh, english] of cases) {
      const reply = await admin.post('/api/system/BillRule', rule({ enCode: 'refused', ...change }));
      expect(reply.body.code, JSON.stringify(change)).toBe(400);
      expect(reply.body.msg).toBe(zh);
      const inEnglish = await en.post('/api/system/BillRule', rule({ enCode: 'refused', ...change }));
      if (!english.startsWith('Sort')) expect(inEnglish.body.msg).toBe(english);
      else expect(inEnglish.body.code).toBe(400);
    }
    const tw = await client(server.url, adminToken, 'zh-TW').post('/api/system/BillRule', rule({ enCode: 'refused', category: '' }));
    expect(tw.body.msg).toBe('請選擇業務分類');
    expect(await server.database.db.selectFrom('baseBillRule').select('id').execute()).toHaveLength(before.length);
    expect((await admin.get('/api/system/BillRule/no-such-rule')).body.code).toBe(404);
  });

  it('exports a rule as a download link whose file holds the rule without its counter', async () => {
    const reply = await admin.get(`/api/system/BillRule/${id}/Action/Export`);
    expect(reply.body.code).toBe(200);
    expect(reply.body.data.url).toMatch(/^\/api\/system\/BillRule\/Download\/[A-Za-z0-9_-]{43}$/);
    const file = await fetch(`${server.url}${reply.body.data.url}`);
    expect(file.headers.get('content-disposition')).toContain('testNo.json');
    const body = (await file.json()) as { kind: string; rule: Record<string, unknown> };
    expect(body.kind).toBe('billRule');
    expect(body.rule).toMatchObject({ enCode: 'testNo', prefix: 'TX', dateFormat: 'no', digit: 6, startNumber: '0042' });
    expect(body.rule).not.toHaveProperty('lastNumber');
    expect((await fetch(`${server.url}/api/system/BillRule/Download/${'a'.repeat(43)}`)).status).toBe(404);
  });

  it('is the administrators\' and rule managers\': staff and customers are refused the management calls', async () => {
    for (const c of [staff, customer]) {
      expect((await c.get('/api/system/BillRule')).body.code).toBe(403);
      expect((await c.post('/api/system/BillRule', rule({ enCode: 'x1' }))).body.code).toBe(403);
      expect((await c.put(`/api/system/BillRule/${id}/Actions/State`)).body.code).toBe(403);
      expect((await c.get(`/api/system/BillRule/${id}/Action/Export`)).body.code).toBe(403);
      expect((await c.del(`/api/system/BillRule/${id}`)).body.code).toBe(403);
    }
    expect((await client(server.url, null).get('/api/system/BillRule/BillNumber/testNo')).status).toBe(401);
  });

  it('deletes a rule no form uses, and refuses to delete or recode one a released form draws from', async () => {
    const used = (await admin.get('/api/system/BillRule?keyword=rukudanhao')).body.data.list[0];
    const refused = await admin.del(`/api/system/BillRule/${used.id}`);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('入库单');
    const recode = await admin.put(`/api/system/BillRule/${used.id}`, { ...used, enCode: 'renamed' });
    expect(recode.body.msg).toContain('不能修改');
    const gone = await admin.del(`/api/system/BillRule/${id}`);
    expect(gone.body.code, gone.body.msg).toBe(200);
    expect((await admin.get(`/api/system/BillRule/${id}`)).body.code).toBe(404);
  });
});

describe('GET BillNumber/{code}', () => {
  it('gives prefix + date + zero-padded running number, one after the other', async () => {
    const first = await admin.get('/api/system/BillRule/BillNumber/OrderNumber');
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toBe(`DD${today().yyyyMMdd}0001`);
    expect((await admin.get('/api/system/BillRule/BillNumber/OrderNumber')).body.data).toBe(`DD${today().yyyyMMdd}0002`);
    expect((await admin.get('/api/system/BillRule/BillNumber/bxdj')).body.data).toBe(`BX${today().yyyyMM}00001`);
    const listed = (await admin.get('/api/system/BillRule?keyword=OrderNumber')).body.data.list[0];
    expect(listed.lastNumber).toBe(`DD${today().yyyyMMdd}0002`);
  });

  it('never gives one number twice: 200 requests at once get 200 consecutive numbers', async () => {
    await admin.post('/api/system/BillRule', rule({ enCode: 'parallel', prefix: 'P', dateFormat: 'no', digit: 5 }));
    const replies = await Promise.all(Array.from({ length: 200 }, () => admin.get('/api/system/BillRule/BillNumber/parallel')));
    expect(replies.every((r) => r.body.code === 200)).toBe(true);
    const numbers = replies.map((r) => r.body.data as string);
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(Array.from({ length: 200 }, (_, i) => `P${String(i + 1).padStart(5, '0')}`));
  });

  it('formats as the example does, a running number past the digit count uncut, and remembers what it handed out', async () => {
    await admin.post('/api/system/BillRule', rule({ enCode: 'tiny', prefix: 'T-', dateFormat: 'yyyy', digit: 1, startNumber: '9' }));
    const drawn = [(await admin.get('/api/system/BillRule/BillNumber/tiny')).body.data, (await admin.get('/api/system/BillRule/BillNumber/tiny')).body.data];
    expect(drawn).toEqual([`T-${today().yyyy}9`, `T-${today().yyyy}10`]);
    // a HEAD is not a draw
    expect((await fetch(`${server.url}/api/system/BillRule/BillNumber/tiny`, { method: 'HEAD', headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(404);
    expect((await admin.get('/api/system/BillRule/BillNumber/tiny')).body.data).toBe(`T-${today().yyyy}11`);
    drawn.push(`T-${today().yyyy}11`);
    const issued = await server.database.db.selectFrom('baseBillRuleIssued as i').innerJoin('baseBillRule as r', 'r.id', 'i.ruleId').select('i.number').where('r.enCode', '=', 'tiny').execute();
    expect(issued.map((r) => r.number).sort()).toEqual([...drawn].sort());
  });

  it('answers 404 for an unknown code and refuses a disabled rule', async () => {
    expect((await admin.get('/api/system/BillRule/BillNumber/unknownRule')).body.code).toBe(404);
    const made = await admin.post('/api/system/BillRule', rule({ enCode: 'offRule', enabledMark: 0 }));
    const off = await admin.get('/api/system/BillRule/BillNumber/offRule');
    expect(off.body.code).toBe(400);
    expect(off.body.msg).toBe('单据规则「offRule」已停用');
    await admin.del(`/api/system/BillRule/${made.body.data.id}`);
  });

  it('lets a user draw only from rules a form they are granted uses', async () => {
    // staff is granted 入库单 (demo-inbound, rule rukudanhao), not the corpus forms' rules
    expect((await staff.get('/api/system/BillRule/BillNumber/rukudanhao')).body.code).toBe(200);
    expect((await staff.get('/api/system/BillRule/BillNumber/bxdj')).body.code).toBe(403);
    expect((await customer.get('/api/system/BillRule/BillNumber/rukudanhao')).body.code).toBe(403);
  });
});

describe('periods', () => {
  const day = (d: number, h = 12) => new Date(2031, 0, d, h, 0, 0);

  it('restarts daily for yyyyMMdd, monthly for yyyyMM, never for no; a late caller counts on in the newer period', async () => {
    const db = server.database.db;
    await admin.post('/api/system/BillRule', rule({ enCode: 'daily', prefix: 'D', dateFormat: 'yyyyMMdd', digit: 3 }));
    await admin.post('/api/system/BillRule', rule({ enCode: 'monthly', prefix: 'M', dateFormat: 'yyyyMM', digit: 3 }));
    await admin.post('/api/system/BillRule', rule({ enCode: 'yearly', prefix: 'Y', dateFormat: 'yyyy', digit: 3 }));
    await admin.post('/api/system/BillRule', rule({ enCode: 'never', prefix: 'N', dateFormat: 'no', digit: 3 }));
    expect(await nextBillNumber(db, 'daily', day(1))).toBe('D20310101001');
    expect(await nextBillNumber(db, 'daily', day(1, 23))).toBe('D20310101002');
    expect(await nextBillNumber(db, 'daily', day(2, 0))).toBe('D20310102001');
    // a request that read its clock before midnight but draws after the new day began
    expect(await nextBillNumber(db, 'daily', day(1, 23))).toBe('D20310102002');
    expect(await nextBillNumber(db, 'monthly', day(1))).toBe('M203101001');
    expect(await nextBillNumber(db, 'monthly', day(31))).toBe('M203101002');
    expect(await nextBillNumber(db, 'monthly', new Date(2031, 1, 1))).toBe('M203102001');
    expect(await nextBillNumber(db, 'yearly', day(1))).toBe('Y2031001');
    expect(await nextBillNumber(db, 'yearly', new Date(2032, 5, 1))).toBe('Y2032001');
    expect(await nextBillNumber(db, 'never', day(1))).toBe('N001');
    expect(await nextBillNumber(db, 'never', new Date(2032, 5, 1))).toBe('N002');
  });

  it('keeps counting past the digit count, restarts when the format changes, and jumps to a raised start number', async () => {
    const db = server.database.db;
    const made = await admin.post('/api/system/BillRule', rule({ enCode: 'small', prefix: 'S', dateFormat: 'no', digit: 1, startNumber: '8' }));
    expect([await nextBillNumber(db, 'small'), await nextBillNumber(db, 'small'), await nextBillNumber(db, 'small')]).toEqual(['S8', 'S9', 'S10']);
    await admin.put(`/api/system/BillRule/${made.body.data.id}`, rule({ enCode: 'small', prefix: 'S', dateFormat: 'no', digit: 3, startNumber: '500' }));
    expect(await nextBillNumber(db, 'small')).toBe('S500');
    await admin.put(`/api/system/BillRule/${made.body.data.id}`, rule({ enCode: 'small', prefix: 'S', dateFormat: 'no', digit: 3, startNumber: '1' }));
    expect(await nextBillNumber(db, 'small')).toBe('S501');
    await admin.put(`/api/system/BillRule/${made.body.data.id}`, rule({ enCode: 'small', prefix: 'S', dateFormat: 'yyyy', digit: 3, startNumber: '1' }));
    expect(await nextBillNumber(db, 'small', day(1))).toBe('S2031001');
  });
});

describe('serial fields of records', () => {
  it('fills the field on create, keeps it on update whatever the client sends, and never repeats under concurrency', async () => {
    const first = await staff.post(inbound, receipt());
    expect(first.body.code, first.body.msg).toBe(200);
    const number = (await stored(first.body.data.id)).receiptNo as string;
    expect(number).toMatch(new RegExp(`^RK${today().yyyyMMdd}\\d{4}$`));

    const edited = await staff.put(`${inbound}/${first.body.data.id}`, receipt({ receiptNo: 'FORGED-1', goodsName: '线材' }));
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect(await stored(first.body.data.id)).toMatchObject({ receiptNo: number, goodsName: '线材' });

    const forged = await staff.post(inbound, receipt({ receiptNo: 'FORGED-2' }));
    expect((await stored(forged.body.data.id)).receiptNo).toMatch(new RegExp(`^RK${today().yyyyMMdd}\\d{4}$`));

    const many = await Promise.all(Array.from({ length: 40 }, () => staff.post(inbound, receipt())));
    expect(many.every((r) => r.body.code === 200)).toBe(true);
    const numbers = await Promise.all(many.map(async (r) => (await stored(r.body.data.id)).receiptNo));
    expect(new Set([number, ...numbers]).size).toBe(41);
  });

  it('keeps a number GET BillNumber handed out, once', async () => {
    const handed = (await staff.get('/api/system/BillRule/BillNumber/rukudanhao')).body.data as string;
    const kept = await staff.post(inbound, receipt({ receiptNo: handed }));
    expect((await stored(kept.body.data.id)).receiptNo).toBe(handed);
    const again = await staff.post(inbound, receipt({ receiptNo: handed }));
    expect((await stored(again.body.data.id)).receiptNo).not.toBe(handed);
  });

  it('refuses a new record under the field while its rule is disabled, in the caller\'s language; old records stay editable', async () => {
    const before = await staff.post(inbound, receipt());
    const ruleId = (await admin.get('/api/system/BillRule?keyword=rukudanhao')).body.data.list[0].id;
    await admin.put(`/api/system/BillRule/${ruleId}/Actions/State`);
    try {
      const refused = await staff.post(inbound, receipt());
      expect(refused.body.code).toBe(400);
      expect(refused.body.data.errors).toEqual([{ field: 'receiptNo', message: '「入库单号」的单据规则「rukudanhao」不存在或已停用，请联系管理员' }]);
      const en = await client(server.url, await tokenFor(server.database.db, 'staff'), 'en').post(inbound, receipt());
      expect(en.body.data.errors[0].message).toBe('The numbering rule "rukudanhao" of "Receipt number" does not exist or is disabled; please contact your administrator');
      const edit = await staff.put(`${inbound}/${before.body.data.id}`, receipt({ goodsName: '铝锭' }));
      expect(edit.body.code, edit.body.msg).toBe(200);
    } finally {
      await admin.put(`/api/system/BillRule/${ruleId}/Actions/State`);
    }
  });
});
