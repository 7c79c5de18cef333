import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { accountOf, ledgerMismatches, move } from '../../server/modules/business/funds';
import { formatFen, parseYuan } from '../../src/runtime/money';
import XLSX from '@e965/xlsx';

/**
 * The money core of the ordering front end (issue 15 items 2-3): deposits, the credit limit and
 * repayments recorded by staff; customers see only their own organisation's pool and ledger;
 * movements never overspend, also 20 at once; after every test each account equals the sums
 * of its ledger. SQLite and PostgreSQL.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
// a staff member without business.funds:manage (the demo staff role holds it since the ordering demo)
let clerk: ReturnType<typeof client>;
let east: string;
let south: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const token = await tokenFor(db, 'admin');
  admin = client(server.url, token);
  adminEn = client(server.url, token, 'en');
  customer = client(server.url, await tokenFor(db, 'customer'));
  customer2 = client(server.url, await tokenFor(db, 'customer2'));
  clerk = client(server.url, (await makeUser(db, 'clerk')).token);
  east = (await customer.get('/api/business/CapitalPool')).body.data.organizeId;
  south = (await customer2.get('/api/business/CapitalPool')).body.data.organizeId;
});
afterEach(async () => {
  expect(await ledgerMismatches(server.database.db)).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

describe('money in fen', () => {
  it('parses yuan as text and prints two decimals', () => {
    expect(parseYuan('1,234.5')).toBe(123450);
    expect(parseYuan(0.1)).toBe(10);
    expect(parseYuan('0.105')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
    expect(formatFen(123450)).toBe('1,234.50');
    expect(formatFen(-5)).toBe('-0.05');
  });
});

describe('capital pool and credit', () => {
  it('staff record a deposit, a credit limit and a repayment; the customer sees its pool and ledger', async () => {
    expect((await admin.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount: '10000.50', note: '银行转账' })).body).toMatchObject({ code: 200, msg: '入金已登记', data: { balance: 1000050, available: 1000050 } });
    expect((await admin.post('/api/business/Credit/Limit', { organizeId: east, limit: '5000' })).body.data).toMatchObject({ creditLimit: 500000, creditAvailable: 500000 });
    const pool = (await customer.get('/api/business/CapitalPool')).body.data;
    expect(pool).toMatchObject({ organizeId: east, balance: 1000050, frozen: 0, creditLimit: 500000, creditUsed: 0 });
    const ledger = (await customer.get('/api/business/CapitalPool/Ledger')).body.data;
    expect(ledger.list.map((r: { kind: string }) => r.kind)).toEqual(['creditLimit', 'deposit']);
    expect(ledger.list[1]).toMatchObject({ balanceDelta: 1000050, balanceAfter: 1000050, note: '银行转账' });
    expect((await customer.get('/api/business/CapitalPool/Ledger?kind=deposit')).body.data.list).toHaveLength(1);
    // the credit line's own ledger: only its movements
    expect((await customer.get('/api/business/Credit/Ledger')).body.data.list.map((r: { kind: string }) => r.kind)).toEqual(['creditLimit']);
    expect((await customer.get(`/api/business/Credit/Ledger?organizeId=${south}`)).body.code).toBe(403);
    // repaying more than is used is refused and changes nothing
    expect((await admin.post('/api/business/Credit/Repay', { organizeId: east, amount: '1' })).body).toMatchObject({ code: 400, msg: '已用信用额度不足，无法释放或还款' });
  });

  it('a customer never sees another organisation\'s money; only staff with funds management record movements', async () => {
    expect((await customer.get(`/api/business/CapitalPool?organizeId=${south}`)).body.code).toBe(403);
    expect((await customer.get(`/api/business/CapitalPool/Ledger?organizeId=${south}`)).body.code).toBe(403);
    expect((await customer.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount: '1' })).body.code).toBe(403);
    expect((await clerk.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount: '1' })).body.code).toBe(403);
    expect((await admin.get(`/api/business/CapitalPool?organizeId=${south}`)).body.data.organizeId).toBe(south);
  });

  it('bad amounts are refused in the caller\'s language and nothing is written', async () => {
    const before = (await admin.get(`/api/business/CapitalPool?organizeId=${east}`)).body.data;
    for (const amount of ['0', '-5', '1.234', 'abc', '']) expect((await admin.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount })).body).toMatchObject({ code: 400, msg: '金额必须为大于0、最多两位小数的数字' });
    expect((await adminEn.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount: '1e5' })).body.msg).toBe('The amount must be a number above 0 with at most two decimals');
    expect((await admin.post('/api/business/Credit/Limit', { organizeId: east, limit: '-1' })).body.code).toBe(400);
    expect((await admin.get(`/api/business/CapitalPool?organizeId=${east}`)).body.data).toEqual(before);
  });

  it('20 parallel freezes against one pool never overspend; the limit cannot drop below what is used', async () => {
    const db = server.database.db;
    await admin.post('/api/business/CapitalPool/Deposit', { organizeId: south, amount: '1000' });
    // each freezes 60 yuan: 1000 yuan holds 16 of them
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.transaction().execute((trx) => move(trx, south, { kind: 'freeze', amount: 6000, refType: 'order', refId: `p${i}`, by: null }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    const account = await accountOf(db, south);
    expect(account).toMatchObject({ balance: 100000, frozen: 96000 });
    // release, deduct and credit in one transaction, refused as a whole when one step cannot happen
    await expect(db.transaction().execute(async (trx) => {
      await move(trx, south, { kind: 'release', amount: 6000, by: null });
      await move(trx, south, { kind: 'creditUse', amount: 1, by: null });
    })).rejects.toThrow();
    expect(await accountOf(db, south)).toMatchObject({ frozen: 96000, creditUsed: 0 });
    await admin.post('/api/business/Credit/Limit', { organizeId: south, limit: '300' });
    await db.transaction().execute((trx) => move(trx, south, { kind: 'creditUse', amount: 20000, by: null }));
    expect((await admin.post('/api/business/Credit/Limit', { organizeId: south, limit: '100' })).body).toMatchObject({ code: 400, msg: '信用额度不能低于已用额度' });
    await db.transaction().execute((trx) => move(trx, south, { kind: 'deduct', amount: 6000, refType: 'settlement', by: null }));
    expect(await accountOf(db, south)).toMatchObject({ balance: 94000, frozen: 90000, creditUsed: 20000, creditLimit: 30000 });
  });

  it('客户资金: staff see every customer organisation and record a deposit, a limit and a repayment in one go, all or none', async () => {
    const list = (await admin.get('/api/business/CapitalPool/Accounts')).body.data.list as { id: string; organizeName: string }[];
    expect(list.map((a) => a.id).sort()).toEqual([east, south].sort());
    const before = (await admin.get(`/api/business/CapitalPool/Accounts/${south}`)).body.data;
    expect(before).toMatchObject({ id: south, deposit: '', repay: '' });
    expect((await admin.put(`/api/business/CapitalPool/Accounts/${south}`, {})).body).toMatchObject({ code: 400, msg: '请填写入金金额、授信额度或还款金额' });
    // a repayment beyond what is used refuses the deposit with it
    expect((await admin.put(`/api/business/CapitalPool/Accounts/${south}`, { deposit: '50', repay: '999999' })).body.code).toBe(400);
    expect((await admin.get(`/api/business/CapitalPool/Accounts/${south}`)).body.data.balanceText).toBe(before.balanceText);
    expect((await admin.put(`/api/business/CapitalPool/Accounts/${south}`, { deposit: '50', creditLimit: '400', repay: '100', note: '对账' })).body).toMatchObject({ code: 200, msg: '已登记' });
    const after = (await admin.get(`/api/business/CapitalPool/Accounts/${south}`)).body.data;
    expect(after).toMatchObject({ creditLimit: '400.00', creditLimitText: '400.00', creditUsedText: '100.00' });
    expect((await clerk.get('/api/business/CapitalPool/Accounts')).body.code).toBe(403);
    expect((await customer.get(`/api/business/CapitalPool/Accounts/${east}`)).body.code).toBe(403);
  });

  it('导出: the ledger as .xlsx under the list’s filters, in the caller’s language, only one’s own organisation’s', async () => {
    const link = (await customer.post('/api/business/CapitalPool/Ledger/Export', {})).body.data as { url: string; name: string };
    expect(link.name).toBe('华东客户公司-资金流水.xlsx');
    const res = await fetch(`${server.url}${link.url}`);
    expect(res.status).toBe(200);
    const sheet = XLSX.read(Buffer.from(await res.arrayBuffer()));
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['时间', '类型', '余额变动', '冻结变动', '授信变动', '余额', '可用余额', '可用授信', '备注']);
    const listed = (await customer.get('/api/business/CapitalPool/Ledger?pageSize=500')).body.data;
    expect(rows.length - 1).toBe(listed.pagination.total);
    expect(rows[1]![2]).toBe(listed.list[0].balanceText);
    // filtered, in English
    const en = (await client(server.url, await tokenFor(server.database.db, 'customer'), 'en').post('/api/business/CapitalPool/Ledger/Export', { kind: 'deposit' })).body.data as { url: string };
    const enRows = XLSX.utils.sheet_to_json<string[]>(((b) => b.Sheets[b.SheetNames[0]!]!)(XLSX.read(Buffer.from(await (await fetch(`${server.url}${en.url}`)).arrayBuffer()))), { header: 1 });
    expect(enRows[0]![0]).toBe('Time');
    expect(enRows.slice(1).every((r) => r[1] === 'Deposit')).toBe(true);
    // another organisation's ledger: refused; a made-up ticket: not found
    expect((await customer.post('/api/business/CapitalPool/Ledger/Export', { organizeId: south })).body.code).toBe(403);
    expect((await fetch(`${server.url}/api/business/CapitalPool/Ledger/Download/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

