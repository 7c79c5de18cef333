import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { tokenFor } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { accountOf, move } from '../../server/modules/business/funds';
import { api, cell, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Orders in the browser (issue 15 item 4): the customer orders from the /addOrder cart at the
 * current price, sees the order in /order with its lines, cancels one; staff confirm another.
 */
let e2e: E2E;
let customer: Session;
let goodsId: string;
beforeAll(async () => {
  e2e = await startE2E();
  customer = await sessionPage(e2e, 'customer');
  const db = e2e.server.database.db;
  const now = Date.now();
  const warehouse = newId();
  goodsId = newId();
  await db.insertInto('bizWarehouse').values({ id: warehouse, fullName: '上海一号库', address: null, sortCode: 0, enabledMark: 1, createdAt: now }).execute();
  await db.insertInto('bizGoods').values({ id: goodsId, category: '螺纹钢', fullName: '螺纹钢', material: 'HRB400', spec: 'Φ20', unit: '吨', warehouseId: warehouse, price: 380000, priceAt: now, enabledMark: 1, createdBy: null, createdAt: now, updatedAt: null }).execute();
  const east = (await api(e2e, customer.token).get('/api/business/CapitalPool')).body.data.organizeId as string;
  await db.transaction().execute(async (trx) => {
    await accountOf(trx, east);
    await move(trx, east, { kind: 'deposit', amount: 2_000_000, by: null });
    await move(trx, east, { kind: 'creditLimit', amount: 500_000, by: null });
  });
});
afterAll(async () => {
  await customer?.context.close();
  await e2e?.close();
});

const rowOf = (s: Session, orderNo: string) => rows(s.page).filter({ has: s.page.locator('td[data-cell="orderNo"]', { hasText: orderNo }) });

describe('orders in the browser', () => {
  it('the customer orders from the cart, sees it with its lines and cancels one; staff confirm another', async () => {
    const { page, errors } = customer;
    await page.goto('/addOrder');
    await page.getByTestId('add-order').waitFor();
    await expect.poll(() => page.getByTestId('cart-available').textContent()).toBe('¥ 20,000.00');
    await pickOption(page, page.locator('[data-cart-line="0"] input[data-cart="goods"]'), '螺纹钢 · HRB400 Φ20 · 上海一号库');
    await page.locator('[data-cart-line="0"] input[data-cart="tonnes"]').fill('2.5');
    await expect.poll(() => page.locator('[data-cart-line="0"] [data-cart="amount"]').textContent()).toBe('9,500.00');
    expect(await page.getByTestId('cart-total').textContent()).toBe('¥ 9,500.00');
    expect(await page.getByTestId('cart-total-capitals').textContent()).toBe('玖仟伍佰元整');
    expect(await seriousViolations(page, ['[data-testid="add-order"]'])).toEqual([]);
    await page.locator('button[data-cart="submit"]').click();
    await page.waitForURL(/\/order$/);
    await page.getByTestId('orders-page').waitFor();
    await waitRows(page, 1);
    const placed = (await api(e2e, customer.token).get('/api/business/Order')).body.data.list as { id: string; orderNo: string }[];
    expect(placed).toHaveLength(1);
    const first = rowOf(customer, placed[0]!.orderNo);
    expect(await cell(first, 'amountText').textContent()).toBe('9,500.00');
    expect(await cell(first, 'status').textContent()).toBe('待确认');

    // 详情: the order with its lines
    await first.locator('[data-button="btn_view"]').click();
    await page.getByTestId('order-detail-lines').waitFor();
    await expect.poll(() => page.getByTestId('order-detail-lines').locator('tbody tr').first().textContent()).toContain('2.500');
    expect(await page.getByTestId('order-detail-total').textContent()).toBe('¥ 9,500.00');
    expect(await seriousViolations(page, ['[data-testid="orders-page"]'])).toEqual([]);

    // a second order, cancelled by the customer from the list
    const second = (await api(e2e, customer.token).post('/api/business/Order', { lines: [{ goodsId, tonnes: '1' }] })).body.data as { orderNo: string };
    await page.goto('/order');
    await waitRows(page, 2);
    const row = rowOf(customer, second.orderNo);
    await row.locator('[data-button="btn_cancel"]').click();
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(() => cell(row, 'status').textContent()).toBe('已取消');
    noReactErrors(errors);

    // staff confirm the first
    const staff = await sessionPage(e2e, 'admin');
    await staff.page.goto('/order');
    await waitRows(staff.page, 2);
    const toConfirm = rowOf(staff, placed[0]!.orderNo);
    expect(await cell(toConfirm, 'organizeName').textContent()).toBe('华东客户公司');
    await toConfirm.locator('[data-button="btn_confirm"]').click();
    await staff.page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(() => cell(toConfirm, 'status').textContent()).toBe('已确认');
    noReactErrors(staff.errors);
    await staff.context.close();
    const admin = api(e2e, await tokenFor(e2e.server.database.db, 'admin'));
    expect((await admin.get(`/api/business/Order/${placed[0]!.id}`)).body.data.status).toBe(2);
  });

  it('/invoice: the customer requests an invoice for a settled order; staff reject it, then issue a new one', async () => {
    const db = e2e.server.database.db;
    const order = (await api(e2e, customer.token).post('/api/business/Order', { lines: [{ goodsId, tonnes: '0.1' }] })).body.data as { id: string; orderNo: string };
    // what settlement (the pickup module) does: status 4 with the actual amount
    await db.updateTable('bizOrder').set({ status: 4, settledAmount: 38_000 }).where('id', '=', order.id).execute();
    const { page, errors } = customer;
    await page.goto('/invoice');
    await page.locator('[data-resource-page="business-invoices"]').waitFor();
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    const dialog = page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
    await dialog.waitFor();
    await pickOption(page, dialog.locator('[data-field-key="orderId"] input').first(), `${order.orderNo} · ¥380.00`);
    await dialog.locator('[data-field-key="title"] input').fill('华东客户公司');
    await dialog.locator('[data-field-key="taxNo"] input').fill('91310000MA1FL0000X');
    await dialog.locator('[data-field-key="amount"] input').fill('380');
    await dialog.locator('[data-action="form-submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await waitRows(page, 1);
    expect(await cell(rows(page).first(), 'status').textContent()).toBe('待开票');
    expect(await cell(rows(page).first(), 'amountText').textContent()).toBe('380.00');
    noReactErrors(errors);

    const staff = await sessionPage(e2e, 'admin');
    await staff.page.goto('/invoice');
    await waitRows(staff.page, 1);
    await rows(staff.page).first().locator('[data-button="btn_reject"]').click();
    const form = staff.page.locator('[role="dialog"]').filter({ has: staff.page.locator('.scp-model-form') });
    await form.waitFor();
    await form.locator('[data-field-key="reason"] textarea').fill('抬头有误');
    await form.locator('[data-action="form-submit"]').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => cell(rows(staff.page).first(), 'status').textContent()).toBe('已驳回');
    // the amount is free again: a new request, issued by staff
    const again = (await api(e2e, customer.token).post('/api/business/Invoice', { orderId: order.id, title: '华东客户公司', taxNo: '91310000MA1FL0000X', amount: '380' })).body;
    expect(again.code).toBe(200);
    await staff.page.reload();
    await waitRows(staff.page, 2);
    const fresh = rows(staff.page).filter({ has: staff.page.locator('td[data-cell="invoiceNo"]', { hasText: again.data.invoiceNo }) });
    await fresh.locator('[data-button="btn_issue"]').click();
    // issued without a file (the file is optional)
    const issue = staff.page.locator('[role="dialog"]').filter({ has: staff.page.locator('.scp-model-form') });
    await issue.locator('[data-action="form-submit"]').click();
    await issue.waitFor({ state: 'detached' });
    await expect.poll(() => cell(fresh, 'status').textContent()).toBe('已开票');
    noReactErrors(staff.errors);
    await staff.context.close();
  });
});
