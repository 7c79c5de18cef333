import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { api, cell, form, formItem, noReactErrors, openFromMenu, pickOption, rows, sessionPage, waitFirst, waitRows } from './model-helpers';

/**
 * Spec platform 6 on 商品档案 as `staff`: schemas/menu.json grants every button but btn_remove
 * and every column and form field but `price`. The browser hides them; the server refuses them.
 */

let e2e: E2E;
let recordId: string;
beforeAll(async () => {
  e2e = await startE2E();
  const admin = await sessionPage(e2e, 'admin');
  const made = await api(e2e, admin.token).post<{ id: string }>('/api/visualdev/OnlineDev/demo-model', {
    data: { goodsCode: 'P.001', goodsName: '权限商品', category: 'coal', unit: 'pcs', price: 99 },
  });
  expect(made.body.code, made.body.msg).toBe(200);
  recordId = made.body.data!.id;
  await admin.context.close();
});
afterAll(async () => {
  await e2e?.close();
});

describe('商品档案 as staff', () => {
  it('hides the 销售单价 column and field and the delete buttons; add and edit work', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'staff');
    await openFromMenu(page, 'operations', 'goods', '/operations/goods');
    await waitRows(page, 1);
    expect(await page.locator('th[data-column="goodsCode"]').count()).toBe(1);
    expect(await page.locator('th[data-column="price"]').count()).toBe(0);
    expect(await page.locator('th', { hasText: '销售单价' }).count()).toBe(0);
    expect(await cell(rows(page).first(), 'price').count()).toBe(0);
    expect(await page.locator('[data-button="btn_remove"]').count()).toBe(0);
    expect(await page.locator('[data-button="btn_batchRemove"]').count()).toBe(0);
    expect(await page.locator('[data-button="btn_edit"]').count()).toBe(1);
    // the range search on price is a search over a column staff may not see
    // add: no price field; the permitted required fields are enough
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    expect(await formItem(page, 'price').count()).toBe(0);
    expect(await form(page).getByText('销售单价').count()).toBe(0);
    await formItem(page, 'goodsCode').locator('input').fill('S.001');
    await formItem(page, 'goodsName').locator('input').fill('员工商品');
    await pickOption(page, formItem(page, 'category').locator('input').first(), '有色金属');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /OnlineDev\/demo-model(\?|$)/.test(r.url()));
    await page.locator('[data-action="form-submit"]').click();
    const reply = await (await saved).json();
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    await form(page).waitFor({ state: 'detached' });
    await waitFirst(page, 'goodsCode', 'S.001');

    // edit the admin's record
    const row = rows(page).filter({ has: page.locator('td[data-cell="goodsCode"]', { hasText: /^P\.001$/ }) });
    await row.locator('[data-button="btn_edit"]').click();
    await form(page).waitFor();
    const name = formItem(page, 'goodsName').locator('input');
    await expect.poll(() => name.inputValue()).toBe('权限商品');
    expect(await formItem(page, 'price').count()).toBe(0);
    await name.fill('权限商品改');
    await page.locator('[data-action="form-submit"]').click();
    await form(page).waitFor({ state: 'detached' });
    await expect.poll(() => cell(row, 'goodsName').textContent()).toBe('权限商品改');
    // the hidden price kept its stored value
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('id', '=', recordId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ goodsName: '权限商品改', price: 99 });
    noReactErrors(errors);
    await context.close();
  });

  it('the server refuses what the browser hides: delete and batch delete answer 403; price is not sent', async () => {
    const { context, token } = await sessionPage(e2e, 'staff');
    const c = api(e2e, token);
    const del = await c.del(`/api/visualdev/OnlineDev/demo-model/${recordId}`);
    expect(del.status).toBe(403);
    const batch = await c.post('/api/visualdev/OnlineDev/batchDelete/demo-model', { ids: [recordId] });
    expect(batch.status).toBe(403);
    const list = await c.post<{ list: Record<string, unknown>[] }>('/api/visualdev/OnlineDev/demo-model/List', { currentPage: 1, pageSize: 20 });
    expect(list.body.data!.list.length).toBeGreaterThan(0);
    expect(list.body.data!.list.every((r) => !('price' in r))).toBe(true);
    const one = await c.get<{ data: string }>(`/api/visualdev/OnlineDev/demo-model/${recordId}`);
    expect(JSON.parse(one.body.data!.data)).not.toHaveProperty('price');
    // still there
    expect(await e2e.server.database.db.selectFrom('visualdevRecord').select('id').where('id', '=', recordId).executeTakeFirst()).toBeTruthy();
    await context.close();
  });
});
