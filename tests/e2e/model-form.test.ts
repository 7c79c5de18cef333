import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { cell, fieldError, form, formItem, noReactErrors, openFromMenu, pickOption, rows, sessionPage, waitRows } from './model-helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('商品档案 (demo-model): a generated form is filled, validated and saved', () => {
  it('shows required and shared-pattern messages on the fields, then saves and lists the record', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await openFromMenu(page, 'operations', 'goods', '/operations/goods');
    await page.locator('.scp-model-page[data-model-id="demo-model"]').waitFor();
    await waitRows(page, 0);

    await page.locator('[data-button="btn_add"]').click();
    // popupType drawer, drawerWidth 720px
    const drawer = page.locator('.mantine-Drawer-content');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(720);
    await form(page).waitFor();

    await drawer.locator('[data-action="form-submit"]').click();
    for (const [key, message] of [['goodsCode', '商品编码不能为空'], ['goodsName', '商品名称不能为空'], ['category', '商品分类不能为空'], ['price', '销售单价不能为空']] as const) {
      await expect.poll(() => fieldError(page, key).textContent()).toBe(message);
    }
    // defaults fill unit (件); it has no message
    expect(await fieldError(page, 'unit').count()).toBe(0);

    // the author's regList message and the shared patterns' messages, on the field
    await formItem(page, 'goodsCode').locator('input').fill('.G1001');
    await expect.poll(() => fieldError(page, 'goodsCode').textContent()).toBe('商品编码只能包含字母、数字和点');
    await formItem(page, 'goodsName').locator('input').fill('测试#商品');
    await expect.poll(() => fieldError(page, 'goodsName').textContent()).toBe('名称不能含有特殊符号');
    const mobile = formItem(page, 'supplierMobile').locator('input');
    await mobile.fill('12345');
    await mobile.blur();
    await expect.poll(() => fieldError(page, 'supplierMobile').textContent()).toBe('请正确输入您的手机号');

    // fix every value
    await formItem(page, 'goodsCode').locator('input').fill('G.1001');
    await formItem(page, 'goodsName').locator('input').fill('测试商品甲');
    await pickOption(page, formItem(page, 'category').locator('input').first(), '煤炭');
    await formItem(page, 'price').locator('input').fill('12.5');
    await mobile.fill('13800138000');
    await mobile.blur();
    await expect.poll(() => form(page).locator('.scp-field-error').count()).toBe(0);

    await drawer.locator('[data-action="form-submit"]').click();
    await drawer.waitFor({ state: 'hidden' });
    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'goodsCode').textContent()).toBe('G.1001');
    expect(await cell(row, 'goodsName').textContent()).toBe('测试商品甲');
    expect(await cell(row, 'category').textContent()).toBe('煤炭');
    expect(await cell(row, 'unit').textContent()).toBe('件');

    // the server holds what the browser sent
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-model').execute();
    expect(stored.map((r) => JSON.parse(r.data))).toEqual([expect.objectContaining({ goodsCode: 'G.1001', category: 'coal', unit: 'pcs', price: 12.5, supplierMobile: '13800138000' })]);
    noReactErrors(errors);
    await context.close();
  });
});
