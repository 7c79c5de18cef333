import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { newPage, startE2E, type E2E } from './browser';
import { makeGoods, makeOrder, userOf } from '../helpers/ordering-state';
import { tokenFor } from '../helpers/access';
import { api, cell, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * 资金池 (/capitalPool, issue 15 item 2): staff record a deposit and a credit limit for the
 * customer's organisation; the customer sees the pool, the credit line and the ledger rows
 * that make them up, in yuan; the other customer sees none of it.
 */
let e2e: E2E;
let customer: Session;
let customer2: Session;
beforeAll(async () => {
  e2e = await startE2E();
  customer = await sessionPage(e2e, 'customer');
  customer2 = await sessionPage(e2e, 'customer2');
});
afterAll(async () => {
  await customer?.context.close();
  await customer2?.context.close();
  await e2e?.close();
});

describe('capital pool in the browser', () => {
  it('shows the pool, the credit line and the ledger of the customer\'s own organisation', async () => {
    const east = (await api(e2e, customer.token).get('/api/business/CapitalPool')).body.data.organizeId;
    const admin = api(e2e, await tokenFor(e2e.server.database.db, 'admin'));
    expect((await admin.post('/api/business/CapitalPool/Deposit', { organizeId: east, amount: '10000.50', note: '银行转账 0001' })).body.code).toBe(200);
    expect((await admin.post('/api/business/Credit/Limit', { organizeId: east, limit: '5000' })).body.code).toBe(200);

    const { page, errors } = customer;
    await page.goto('/capitalPool');
    await page.getByTestId('capital-pool').waitFor();
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toBe('¥ 10,000.50');
    expect(await page.getByTestId('funds-available').getAttribute('data-fen')).toBe('1000050');
    expect(await page.getByTestId('funds-credit-available').textContent()).toBe('¥ 5,000.00');
    await waitRows(page, 2);
    const deposit = rows(page).filter({ has: page.locator('td[data-cell="kind"]', { hasText: '入金' }) });
    await expect.poll(() => cell(deposit, 'balanceText').textContent()).toBe('+10,000.50');
    expect(await cell(deposit, 'note').textContent()).toBe('银行转账 0001');
    expect(await seriousViolations(page, ['[data-testid="capital-pool"]'])).toEqual([]);
    // 导出: the ledger downloads as a spreadsheet
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export').click()]);
    expect(file.suggestedFilename()).toBe('华东客户公司-资金流水.xlsx');
    // 授信额度: the same account, the credit line's movements only
    await page.goto('/credit');
    await page.getByTestId('capital-pool').waitFor();
    await expect.poll(() => page.getByTestId('funds-credit-limit').textContent()).toBe('¥ 5,000.00');
    await waitRows(page, 1);
    await expect.poll(() => rows(page).locator('td[data-cell="kind"]').allTextContents()).toEqual(['授信额度调整']);
    noReactErrors(errors);

    // the other customer's page shows its own (empty) organisation, none of the first one's rows
    await customer2.page.goto('/capitalPool');
    await expect.poll(() => customer2.page.getByTestId('funds-balance').textContent()).toBe('¥ 0.00');
    await waitRows(customer2.page, 0);
    expect(await rows(customer2.page).count()).toBe(0);
  });

  it('客户资金: staff record a deposit through the form; the customer pool shows it', async () => {
    const staffSession = await sessionPage(e2e, 'admin');
    const { page, errors } = staffSession;
    await page.goto('/system/customerFunds');
    await page.locator('[data-resource-page="business-customer-funds"]').waitFor();
    await waitRows(page, 2);
    const row = rows(page).filter({ has: page.locator('td[data-cell="organizeName"]', { hasText: '华东' }) });
    const before = await cell(row, 'balanceText').textContent();
    await row.locator('[data-button="btn_edit"]').click();
    const dialog = page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
    await dialog.waitFor();
    await dialog.locator('[data-field-key="deposit"] input').fill('2000');
    await dialog.locator('[data-field-key="note"] textarea').fill('电汇');
    await dialog.locator('[data-action="form-submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cell(row, 'balanceText').textContent()).not.toBe(before);
    expect(await cell(row, 'balanceText').textContent()).toBe('12,000.50');
    noReactErrors(errors);
    await staffSession.context.close();

    await customer.page.goto('/capitalPool');
    await expect.poll(() => customer.page.getByTestId('funds-balance').textContent()).toBe('¥ 12,000.50');
  });

  it('我的欠款 (/debtHome): opened with ?token= in a fresh browser, the bills by due date with the overdue one in red', async () => {
    const db = e2e.server.database.db;
    const me = await userOf(db, 'customer');
    const g = await makeGoods(db, { stockKg: 10_000, price: 100_000 });
    const old = await makeOrder(db, me.organizeId, me.id, [{ ...g, kg: 1000 }], 60_000);
    await db.updateTable('bizLedger').set({ createdAt: Date.now() - 45 * 86_400_000 }).where('refId', '=', old.orderId).execute();
    const { context, page } = await newPage(e2e);
    await page.goto(`/debtHome?token=${encodeURIComponent(customer.token)}`);
    await page.getByTestId('debt-home-page').waitFor();
    await expect.poll(() => page.getByTestId('debt-overdue').textContent()).toBe('¥ 600.00');
    await page.getByTestId('debt-overdue-alert').waitFor();
    const overdue = page.locator('[data-testid="debt-bills"] tr[data-overdue="true"]');
    expect(await overdue.count()).toBe(1);
    expect(await overdue.textContent()).toContain('逾期 15 天');
    expect(await seriousViolations(page, ['[data-testid="debt-home-page"]'])).toEqual([]);
    await overdue.getByRole('button').click();
    await page.getByTestId('order-info-page').waitFor();
    await context.close();
  });
});
