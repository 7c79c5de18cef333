import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { makeGoods, makeOrder, userOf } from '../helpers/ordering-state';
import { accountOf, ledgerMismatches } from '../../server/modules/business/funds';

/**
 * /debtHome's data (issue 21 item 3): bills from the credit each order still uses, due after the
 * configured term, repayments paying the oldest first, overdue amounts; one's own organisation
 * only (staff with business.funds:manage any). SQLite and PostgreSQL.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let customerEn: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
const DAY = 86_400_000;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(db(), 'admin'));
  const token = await tokenFor(db(), 'customer');
  customer = client(server.url, token);
  customerEn = client(server.url, token, 'en');
  customer2 = client(server.url, await tokenFor(db(), 'customer2'));
});
afterAll(async () => {
  await server?.close();
});

describe('debts on the credit line', () => {
  it('lists bills by due date, pays the oldest first, shows what is overdue; the bills add up to the credit used', async () => {
    const me = await userOf(db(), 'customer');
    const g = await makeGoods(db(), { stockKg: 50_000, price: 100_000 });
    const old = await makeOrder(db(), me.organizeId, me.id, [{ ...g, kg: 2000 }], 150_000);
    const recent = await makeOrder(db(), me.organizeId, me.id, [{ ...g, kg: 1000 }], 80_000);
    // the older order used its credit 40 days ago: past the 30-day term
    await db().updateTable('bizLedger').set({ createdAt: Date.now() - 40 * DAY }).where('refId', '=', old.orderId).execute();

    let debt = (await customer.get('/api/business/Debt')).body.data;
    expect(debt).toMatchObject({ termDays: 30, creditUsedText: '2,300.00', overdue: 150_000, overdueText: '1,500.00', overdueCount: 1 });
    expect(debt.bills.map((b: { orderId: string; outstandingText: string; overdue: boolean; daysOverdue: number }) => [b.orderId, b.outstandingText, b.overdue, b.daysOverdue])).toEqual([
      [old.orderId, '1,500.00', true, 10],
      [recent.orderId, '800.00', false, 0],
    ]);

    // a repayment of 1,600 yuan pays the older bill and 100 of the newer
    expect((await admin.put(`/api/business/CapitalPool/Accounts/${me.organizeId}`, { repay: '1600', note: '还款' })).body.code).toBe(200);
    debt = (await customer.get('/api/business/Debt')).body.data;
    expect(debt).toMatchObject({ overdue: 0, overdueCount: 0, creditUsedText: '700.00' });
    expect(debt.bills).toEqual([expect.objectContaining({ orderId: recent.orderId, repaidText: '100.00', outstandingText: '700.00' })]);
    expect(debt.repayments[0]).toMatchObject({ amountText: '1,600.00', note: '还款' });
    const account = await accountOf(db(), me.organizeId);
    expect(debt.bills.reduce((s: number, b: { outstanding: number }) => s + b.outstanding, 0)).toBe(account.creditUsed);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('one\'s own organisation only; staff with business.funds:manage may name one', async () => {
    const east = await userOf(db(), 'customer');
    expect((await customer2.get(`/api/business/Debt?organizeId=${east.organizeId}`)).body.code).toBe(403);
    expect((await customerEn.get(`/api/business/Debt?organizeId=${(await userOf(db(), 'customer2')).organizeId}`)).body).toMatchObject({ code: 403, msg: expect.stringMatching(/[a-z]/) });
    const south = (await customer2.get('/api/business/Debt')).body.data;
    expect(south.organizeName).toBe('华南客户公司');
    expect((await admin.get(`/api/business/Debt?organizeId=${east.organizeId}`)).body.data.organizeId).toBe(east.organizeId);
  });

  it('the term is a system setting', async () => {
    expect((await admin.put('/api/system/SysConfig', { creditTermDays: 0 })).body.code).toBe(400);
    expect((await admin.put('/api/system/SysConfig', { creditTermDays: 60 })).body.code).toBe(200);
    expect((await customer.get('/api/business/Debt')).body.data.termDays).toBe(60);
  });
});
