import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';
import { seedGoodsDemo } from '../../server/modules/business/goods';

/**
 * 价格监控 (/pricemonitor) and 添加商品 (/addGoods), issue 15 item 1: a customer sees every good's
 * latest price with the chosen good's history as a line chart and sets a price alert; staff add a
 * good with its first price and set a new one through the goods form.
 */
let e2e: E2E;
let customer: Session;
let staff: Session;
beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const staffId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
  const orgs = await db.selectFrom('baseOrganize').select('id').where('enCode', 'in', ['customer.east', 'customer.south']).execute();
  await seedGoodsDemo(db, Date.now(), { by: staffId, customerOrganisations: orgs.map((o) => o.id) });
  customer = await sessionPage(e2e, 'customer');
  staff = await sessionPage(e2e, 'staff');
});
afterAll(async () => {
  await customer?.context.close();
  await staff?.context.close();
  await e2e?.close();
});

describe('price monitor in the browser', () => {
  it('a customer sees the latest prices and the chart, and sets an alert', async () => {
    const { page, errors } = customer;
    await page.goto('/pricemonitor');
    await page.getByTestId('price-monitor').waitFor();
    const monitor = page.getByTestId('monitor-row');
    await expect.poll(() => monitor.count()).toBe(6);
    const prices = await monitor.locator('td[data-cell="priceText"]').allTextContents();
    expect(prices.every((p) => /^\d{1,3}(,\d{3})*\.\d{2}$/.test(p))).toBe(true);
    // the first good is chosen: its 30 days of prices drawn as a line
    const chart = page.getByTestId('price-chart');
    await expect.poll(() => chart.getAttribute('data-points')).toBe('30');
    await chart.locator('.recharts-line-curve').first().waitFor();
    // choosing another good draws its history
    const second = monitor.nth(1);
    const secondName = await cell(second, 'fullName').textContent();
    await second.click();
    await expect.poll(() => chart.textContent()).toContain(secondName!);

    await page.getByTestId('alert-direction').getByText('跌到或低于').click();
    await page.getByTestId('alert-threshold').fill('3000');
    await page.getByTestId('alert-save').click();
    await expect.poll(() => page.getByTestId('alert-row').count()).toBe(1);
    expect(await page.getByTestId('alert-row').locator('td[data-cell="threshold"]').textContent()).toBe('3,000.00');
    const alerts = (await api(e2e, customer.token).get('/api/business/PriceAlert')).body.data.list;
    expect(alerts).toMatchObject([{ goodsName: secondName, direction: 'below', threshold: 300000 }]);
    expect(await seriousViolations(page, ['[data-testid="price-monitor"]'])).toEqual([]);
    noReactErrors(errors);
  });

  it('staff add a good with its price and set a new price through the form', async () => {
    const { page, errors } = staff;
    await page.goto('/addGoods');
    await page.locator('[data-resource-page="business-goods"]').waitFor();
    await waitRows(page, 6);
    await page.locator('[data-button="btn_add"]').click();
    const dialog = page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
    await dialog.waitFor();
    await formItem(page, 'category').locator('input').fill('螺纹钢');
    await formItem(page, 'fullName').locator('input').fill('螺纹钢 HRB400E Φ32');
    await formItem(page, 'material').locator('input').fill('HRB400E');
    await formItem(page, 'spec').locator('input').fill('Φ32mm×12m');
    await pickOption(page, formItem(page, 'warehouseId').locator('input').first(), '上海宝山仓');
    await formItem(page, 'newPrice').locator('input').fill('3888.5');
    await dialog.locator('[data-action="form-submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    const row = rows(page).filter({ has: page.locator('td[data-cell="fullName"]', { hasText: 'Φ32' }) });
    await expect.poll(() => cell(row, 'priceText').textContent()).toBe('3,888.50');

    await row.locator('[data-button="btn_edit"]').click();
    await dialog.waitFor();
    await expect.poll(() => formItem(page, 'fullName').locator('input').inputValue()).toBe('螺纹钢 HRB400E Φ32');
    await formItem(page, 'newPrice').locator('input').fill('3900');
    await dialog.locator('[data-action="form-submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cell(row, 'priceText').textContent()).toBe('3,900.00');
    const id = await row.getAttribute('data-row-id');
    const history = (await api(e2e, staff.token).get(`/api/business/Goods/${id}/Price`)).body.data.list;
    expect(history.map((p: { price: number }) => p.price)).toEqual([388850, 390000]);
    noReactErrors(errors);
  });

  it('staff record a receipt on /inventory; the place and its ledger show it in tonnes', async () => {
    const { page, errors } = staff;
    await page.goto('/inventory');
    await page.getByTestId('inventory').waitFor();
    await expect.poll(() => page.getByTestId('stock-row').count()).toBe(6);
    await pickOption(page, page.getByTestId('receipt-warehouse'), '广州南沙仓');
    await pickOption(page, page.getByTestId('receipt-goods'), '螺纹钢 HRB400E Φ32');
    await page.getByTestId('receipt-tonnes').fill('25.5');
    await page.getByTestId('receipt-save').click();
    await expect.poll(() => page.getByTestId('stock-row').count()).toBe(7);
    const row = page.getByTestId('stock-row').filter({ hasText: 'Φ32' });
    expect(await row.locator('td[data-cell="tonnesText"]').textContent()).toBe('25.500');
    await row.click();
    const ledger = page.getByTestId('ledger-row');
    await expect.poll(() => ledger.count()).toBe(1);
    expect(await ledger.locator('td[data-cell="deltaText"]').textContent()).toBe('+25.500');
    expect(await seriousViolations(page, ['[data-testid="inventory"]'])).toEqual([]);
    noReactErrors(errors);
  });
});
