import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { cell, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';
import { makeGoods, makeOrder, userOf } from '../helpers/ordering-state';

/**
 * Pickups in the browser (issue 15 items 5 and 7), over a confirmed order built in the database:
 * the customer requests a pickup from /waitGoods; staff confirm it in /outOrder with the actual
 * weight; the customer sees the order's settlement in /settlement.
 */
let e2e: E2E;
let customer: Session;
let staff: Session;
beforeAll(async () => {
  e2e = await startE2E();
  customer = await sessionPage(e2e, 'customer');
  staff = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await customer?.context.close();
  await staff?.context.close();
  await e2e?.close();
});

describe('pickups in the browser', () => {
  it('a pickup requested, confirmed with the actual weight and settled', async () => {
    const db = e2e.server.database.db;
    const user = await userOf(db, 'customer');
    const org = user.organizeId;
    const g = await makeGoods(db, { stockKg: 50000, price: 400000 });
    // 10 t at 4000 yuan/t: 39 000 yuan held in the pool, 1 000 on credit
    const o = await makeOrder(db, org, user.id, [{ ...g, kg: 10000 }], 100000);
    const orderNo = (await db.selectFrom('bizOrder').select('orderNo').where('id', '=', o.orderId).executeTakeFirstOrThrow()).orderNo;

    const { page, errors } = customer;
    await page.goto('/waitGoods');
    const row = page.getByTestId(`pool-row-${orderNo}`);
    await row.waitFor();
    expect(await row.locator('td[data-cell="left"]').textContent()).toBe('10.000');
    await page.getByTestId(`pool-pick-${o.rows[0]}`).check();
    await page.getByTestId('pickup-open').click();
    await page.getByTestId('pickup-form').waitFor();
    await page.getByTestId('pickup-vehicle').fill('沪A12345');
    await page.getByTestId('pickup-driver').fill('王师傅');
    await page.getByTestId('pickup-phone').fill('13900000000');
    await page.getByTestId(`pickup-tonnes-${o.rows[0]}`).fill('10');
    await page.getByTestId('pickup-submit').click();
    await page.getByTestId('pickup-form').waitFor({ state: 'detached' });
    expect(await seriousViolations(page, ['[data-testid="wait-goods"]'])).toEqual([]);
    noReactErrors(errors);

    const s = staff.page;
    await s.goto('/outOrder');
    const waiting = s.getByTestId('outbound-waiting').locator('tr', { hasText: orderNo });
    await waiting.waitFor();
    await waiting.getByRole('button').click();
    const form = s.getByTestId('confirm-form');
    await form.waitFor();
    await form.locator('input').fill('9.5');
    await s.getByTestId('confirm-submit').click();
    await form.waitFor({ state: 'detached' });
    const out = s.getByTestId('outbound-history').locator('tr', { hasText: orderNo });
    await expect.poll(() => out.locator('td[data-cell="actual"]').textContent()).toBe('9.500');
    noReactErrors(staff.errors);

    await page.goto('/settlement');
    await page.locator('[data-resource-page="business-settlement"]').waitFor();
    await waitRows(page, 1);
    const settled = rows(page).filter({ has: page.locator('td[data-cell="orderNo"]', { hasText: orderNo }) });
    expect(await cell(settled, 'actualKgText').textContent()).toBe('9.500');
    expect(await cell(settled, 'actualAmountText').textContent()).toBe('38,000.00');
    expect(await cell(settled, 'releasedText').textContent()).toBe('1,000.00');
    expect(await cell(settled, 'creditReleasedText').textContent()).toBe('1,000.00');
    noReactErrors(errors);
  });

  it('a pickup without specification from /noSpec, cancelled in /getOrder', async () => {
    const db = e2e.server.database.db;
    const user = await userOf(db, 'customer');
    const g = await makeGoods(db, { category: '冷轧卷板' });
    const o = await makeOrder(db, user.organizeId, user.id, [{ ...g, kg: 3000 }]);
    const { page, errors } = customer;
    await page.goto('/noSpec');
    await page.getByTestId('no-spec').waitFor();
    await page.getByTestId('nospec-category').click();
    await page.getByRole('option', { name: /冷轧卷板/ }).click();
    await page.getByTestId('nospec-tonnes').fill('2.5');
    await page.getByTestId('pickup-vehicle').fill('沪B54321');
    await page.getByTestId('pickup-driver').fill('李师傅');
    await page.getByTestId('pickup-phone').fill('13911112222');
    await page.getByTestId('nospec-submit').click();
    await expect.poll(async () => Number((await db.selectFrom('bizWaitGoods').select('kgReserved').where('id', '=', o.rows[0]!).executeTakeFirstOrThrow()).kgReserved)).toBe(2500);
    expect(await seriousViolations(page, ['[data-testid="no-spec"]'])).toEqual([]);

    await page.goto('/getOrder');
    const row = page.getByTestId('pickups').locator('tr', { hasText: '沪B54321' });
    await row.waitFor();
    expect(await row.locator('td[data-cell="planned"]').textContent()).toBe('2.500');
    expect(await seriousViolations(page, ['[data-testid="get-order"]'])).toEqual([]);
    await row.getByRole('button').click();
    await expect.poll(() => row.locator('td[data-cell="status"]').textContent()).toBe('已取消');
    expect(Number((await db.selectFrom('bizWaitGoods').select('kgReserved').where('id', '=', o.rows[0]!).executeTakeFirstOrThrow()).kgReserved)).toBe(0);
    noReactErrors(errors);
  });

  it('a transfer from /outOrder shows in both organisations\' transfer lists', async () => {
    const db = e2e.server.database.db;
    const user = await userOf(db, 'customer');
    const g = await makeGoods(db, { name: '线材Q235-货转' });
    const o = await makeOrder(db, user.organizeId, user.id, [{ ...g, kg: 4000 }]);
    const orderNo = (await db.selectFrom('bizOrder').select('orderNo').where('id', '=', o.orderId).executeTakeFirstOrThrow()).orderNo;
    const { page, errors } = customer;
    await page.goto('/outOrder');
    await page.getByTestId('transfer-form').waitFor();
    await page.getByTestId('transfer-row').click();
    await page.getByRole('option', { name: new RegExp(orderNo) }).click();
    await page.getByTestId('transfer-receiver').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('transfer-tonnes').fill('1.5');
    await page.getByTestId('transfer-submit').click();
    const sent = page.getByTestId('transfers').locator('tr', { hasText: orderNo });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('1.500');
    expect(await seriousViolations(page, ['[data-testid="out-order"]'])).toEqual([]);
    noReactErrors(errors);
    const row = await db.selectFrom('bizWaitGoods').selectAll().where('id', '=', o.rows[0]!).executeTakeFirstOrThrow();
    expect([Number(row.kgTotal), Number(row.kgTransferred)]).toEqual([2500, 1500]);
    const other = await sessionPage(e2e, 'customer2');
    await other.page.goto('/outOrder');
    await other.page.getByTestId('transfers').locator('tr', { hasText: orderNo }).waitFor();
    await other.context.close();
  });
});
