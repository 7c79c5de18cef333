import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { api, cell, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';
import { ledgerMismatches } from '../../server/modules/business/funds';
import { stockMismatches } from '../../server/modules/business/stock';

/**
 * The whole ordering cycle in the browser on the demo data (issue 15 item 10): the customer of
 * 华东客户公司 orders 10 t from /addOrder; staff confirm it on /order; the customer picks the
 * goods up from /waitGoods; the warehouse confirms the outbound on /outOrder with 9.8 t; the
 * order is settled (/settlement) and every number is in the ledger (/capitalPool); the customer
 * requests an invoice for the settled amount and staff issue it. The customer of 华南客户公司
 * sees none of it, through the pages or the API.
 */
let e2e: E2E;
let customer: Session;
let staff: Session;
beforeAll(async () => {
  e2e = await startE2E({ businessDemo: true });
  customer = await sessionPage(e2e, 'customer');
  staff = await sessionPage(e2e, 'staff');
});
afterAll(async () => {
  await customer?.context.close();
  await staff?.context.close();
  await e2e?.close();
});

const GOODS = '螺纹钢 HRB400E Φ18';

describe('the ordering cycle', () => {
  it('order, confirm, pickup, outbound, settlement, invoice; every number traced; the other customer sees nothing', async () => {
    const db = e2e.server.database.db;
    const customerApi = api(e2e, customer.token);
    const goods = await db.selectFrom('bizGoods').select(['id', 'price', 'warehouseId']).where('fullName', '=', GOODS).executeTakeFirstOrThrow();
    const price = Number(goods.price);
    const stockBefore = Number((await db.selectFrom('bizStock').select('kg').where('goodsId', '=', goods.id).executeTakeFirstOrThrow()).kg);
    const before = (await customerApi.get('/api/business/CapitalPool')).body.data;

    // 1. the customer orders 10 t from the cart, all from the pool
    const c = customer.page;
    await c.goto('/addOrder');
    await c.getByTestId('add-order').waitFor();
    await c.locator('[data-cart-line="0"] input[data-cart="goods"]').click();
    await c.getByRole('option', { name: new RegExp(`^${GOODS}`) }).click();
    await c.locator('[data-cart-line="0"] input[data-cart="tonnes"]').fill('10');
    const amount = price * 10;
    await expect.poll(() => c.getByTestId('cart-total').textContent()).toBe(`¥ ${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await c.locator('button[data-cart="submit"]').click();
    await c.waitForURL(/\/order$/);
    const order = (await customerApi.get('/api/business/Order')).body.data.list[0] as { id: string; orderNo: string };
    expect((await customerApi.get('/api/business/CapitalPool')).body.data).toMatchObject({ frozen: before.frozen + amount, available: before.available - amount });

    // 2. staff confirm it on /order
    const s = staff.page;
    await s.goto('/order');
    await waitRows(s, 1);
    const row = rows(s).filter({ has: s.locator('td[data-cell="orderNo"]', { hasText: order.orderNo }) });
    await row.locator('[data-button="btn_confirm"]').click();
    await s.locator('[data-action="confirm-ok"]').click();
    await expect.poll(() => cell(row, 'status').textContent()).toBe('已确认');

    // 3. the customer picks the 10 t up from /waitGoods
    const pool = (await customerApi.get('/api/business/WaitGoods')).body.data.list as { id: string; orderNo: string }[];
    const waiting = pool.find((r) => r.orderNo === order.orderNo)!;
    await c.goto('/waitGoods');
    await c.getByTestId(`pool-row-${order.orderNo}`).waitFor();
    await c.getByTestId(`pool-pick-${waiting.id}`).check();
    await c.getByTestId('pickup-open').click();
    await c.getByTestId('pickup-vehicle').fill('沪A88888');
    await c.getByTestId('pickup-driver').fill('赵师傅');
    await c.getByTestId('pickup-phone').fill('13912345678');
    await c.getByTestId(`pickup-tonnes-${waiting.id}`).fill('10');
    await c.getByTestId('pickup-submit').click();
    await c.getByTestId('pickup-form').waitFor({ state: 'detached' });

    // 4. the warehouse confirms the outbound with the weight on the scale: 9.8 t
    await s.goto('/outOrder');
    const out = s.getByTestId('outbound-waiting').locator('tr', { hasText: order.orderNo });
    await out.waitFor();
    await out.getByRole('button').click();
    await s.getByTestId('confirm-form').locator('input').fill('9.8');
    await s.getByTestId('confirm-submit').click();
    await s.getByTestId('confirm-form').waitFor({ state: 'detached' });
    noReactErrors(staff.errors);

    // 5. settled: 9.8 t paid from the hold, the rest released; stock down by what left the warehouse
    const actual = Math.round((9800 * price) / 1000);
    await c.goto('/settlement');
    await c.locator('[data-resource-page="business-settlement"]').waitFor();
    await waitRows(c, 1);
    const settled = rows(c).filter({ has: c.locator('td[data-cell="orderNo"]', { hasText: order.orderNo }) });
    expect(await cell(settled, 'actualKgText').textContent()).toBe('9.800');
    expect(await cell(settled, 'actualAmountText').textContent()).toBe((actual / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    const after = (await customerApi.get('/api/business/CapitalPool')).body.data;
    expect(after).toMatchObject({ balance: before.balance - actual, frozen: before.frozen, creditUsed: before.creditUsed });
    const movements = (await customerApi.get('/api/business/CapitalPool/Ledger?pageSize=50')).body.data.list as { kind: string; refId: string | null; balanceDelta: number; frozenDelta: number }[];
    const ofOrder = movements.filter((m) => m.refId === order.id);
    expect(ofOrder.map((m) => m.kind).sort()).toEqual(['deduct', 'freeze', 'release']);
    expect(ofOrder.reduce((sum, m) => sum + m.balanceDelta, 0)).toBe(-actual);
    expect(ofOrder.reduce((sum, m) => sum + m.frozenDelta, 0)).toBe(0);
    expect(Number((await db.selectFrom('bizStock').select('kg').where('goodsId', '=', goods.id).executeTakeFirstOrThrow()).kg)).toBe(stockBefore - 9800);
    await c.goto('/capitalPool');
    await waitRows(c, 1);
    expect(await rows(c).count()).toBeGreaterThanOrEqual(4);

    // 6. an invoice for the settled amount, issued by staff
    const invoice = await customerApi.post('/api/business/Invoice', { orderId: order.id, title: '华东客户公司', taxNo: '91310000MA1FL0000X', amount: (actual / 100).toFixed(2) });
    expect(invoice.body.code).toBe(200);
    expect((await customerApi.post('/api/business/Invoice', { orderId: order.id, title: '华东客户公司', taxNo: '91310000MA1FL0000X', amount: '0.01' })).body.code).toBe(400);
    await s.goto('/invoice');
    const inv = rows(s).filter({ has: s.locator('td[data-cell="invoiceNo"]', { hasText: invoice.body.data.invoiceNo }) });
    await inv.waitFor();
    await inv.locator('[data-button="btn_issue"]').click();
    const issue = s.locator('[role="dialog"]').filter({ has: s.locator('.scp-model-form') });
    await issue.locator('input[type="file"]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% invoice\n') });
    await issue.locator('[data-file-name="发票.pdf"]').waitFor();
    await issue.locator('[data-action="form-submit"]').click();
    await issue.waitFor({ state: 'detached' });
    await expect.poll(() => cell(inv, 'status').textContent()).toBe('已开票');
    // the customer sees the issued invoice with its file, and may download it
    await c.goto('/invoice');
    await waitRows(c, 1);
    expect(await cell(rows(c).first(), 'status').textContent()).toBe('已开票');
    await expect.poll(() => cell(rows(c).first(), 'file').textContent()).toBe('发票.pdf');
    const fileId = ((await customerApi.get('/api/business/Invoice')).body.data.list[0].file as { fileId: string }[])[0]!.fileId;
    expect((await customerApi.get(`/api/file/Download/annex/${fileId}`)).body.code).toBe(200);

    // 7. the order's whole story on /info, reached from the invoice row
    await rows(c).first().locator('[data-button="btn_orderInfo"]').click();
    await c.getByTestId('order-info-page').waitFor();
    await expect.poll(() => c.getByTestId('order-detail-no').textContent()).toBe(order.orderNo);
    const drawn = c.getByTestId('order-info-pickups');
    await drawn.locator('tbody tr').first().waitFor();
    expect(await drawn.locator('tbody tr').first().textContent()).toContain('9.800');
    expect(await c.getByTestId('order-info-actual').textContent()).toContain('9.800 t');
    expect(await c.getByTestId('order-info-invoices').textContent()).toContain(invoice.body.data.invoiceNo);
    expect(await c.getByTestId('order-info-ledger').locator('tbody tr').count()).toBe(3);
    noReactErrors(customer.errors);

    // nothing appeared or vanished
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await stockMismatches(db)).toEqual([]);

    // 华南客户公司 sees none of it
    const other = await sessionPage(e2e, 'customer2');
    const otherApi = api(e2e, other.token);
    expect((await otherApi.get(`/api/business/Order/${order.id}`)).status).toBe(404);
    expect((await otherApi.get(`/api/business/Order/${order.id}/Trace`)).status).toBe(404);
    expect((await otherApi.get('/api/business/Order')).body.data.list).toEqual([]);
    expect((await otherApi.get('/api/business/Settlement')).body.data.list).toEqual([]);
    expect((await otherApi.get('/api/business/Invoice')).body.data.list).toEqual([]);
    await other.page.goto('/order');
    await other.page.getByTestId('orders-page').waitFor();
    await waitRows(other.page, 0);
    await other.page.goto('/waitGoods');
    await other.page.getByTestId('wait-goods-empty').waitFor();
    await other.context.close();
  });
});
