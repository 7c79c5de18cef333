import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * The selectors of issue 12 items 5 and 7 in the browser: a dictionary-fed select's add button
 * opens dictionary management on the field's category, and after it closes the select offers an
 * entry added meanwhile; a record's detail viewer prints through the print-template picker
 * (schemas/models/demo-order.json names two templates) into the preview.
 */

let e2e: E2E;
let admin: Session;
const A11Y = ['[role="dialog"]'];

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('selectors in the browser', () => {
  it('the dictionary add button opens dictionary management on the category, and closing it reloads the options', async () => {
    const { page, errors } = admin;
    await page.goto('/operations/goods');
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    const category = formItem(page, 'category');
    await category.locator('input').first().click();
    await page.getByRole('option', { name: '煤炭', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: '木材', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const add = category.getByRole('button', { name: '管理数据字典「商品分类」' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dictionary = page.getByRole('dialog', { name: '数据字典' });
    await dictionary.locator('[data-page="systemData-dictionary"]').waitFor();
    // the field's category is the one chosen: its entries are listed
    await dictionary.locator('.scp-dict-entries td[data-cell="fullName"]', { hasText: '煤炭' }).first().waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);

    const client = api(e2e, admin.token);
    const types = (await client.get('/api/system/DictionaryType')).body.data.list as { id: string; enCode: string; children?: unknown[] }[];
    const goods = types.flatMap(function flat(t: { id: string; enCode: string; children?: unknown[] }): { id: string; enCode: string }[] {
      return [t, ...((t.children ?? []) as (typeof t)[]).flatMap(flat)];
    }).find((t) => t.enCode === 'goodsCategory')!;
    const created = await client.post('/api/system/DictionaryData', { dictionaryTypeId: goods.id, parentId: '0', fullName: '木材', enCode: 'timber', enabledMark: 1, sortCode: 99 });
    expect(created.body.code).toBe(200);

    await dictionary.getByRole('button', { name: '关闭' }).click();
    await dictionary.waitFor({ state: 'detached' });
    await category.locator('input').first().click();
    await page.getByRole('option', { name: '木材', exact: true }).waitFor();
    noReactErrors(errors);
  });

  it('prints a record from its detail viewer through the print-template picker', async () => {
    const { page, errors } = admin;
    const client = api(e2e, admin.token);
    // the demo seeds the two templates the demo order model names (server/modules/system/print-dev/seed.ts)
    await page.goto('/business/customerOrder');
    await waitRows(page, 1);
    const row = rows(page).first();
    const recordId = await row.getAttribute('data-row-id');
    await row.locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.waitFor();
    await detail.getByRole('button', { name: '打 印' }).click();

    const picker = page.getByRole('dialog', { name: '请选择打印模板' });
    await picker.waitFor();
    await picker.getByRole('button', { name: '发货通知单' }).waitFor();
    expect(await picker.locator('[data-print-template]').allTextContents()).toEqual(['订单确认单', '发货通知单']);
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await picker.getByRole('button', { name: '发货通知单' }).click();
    await picker.waitFor({ state: 'detached' });

    const printed = (await client.get(`/api/system/printDev/Data?id=demo-order-print-b&recordId=${recordId}`)).body.data.html as string;
    const orderNo = /<td[^>]*><p>([^<]+)<\/p><\/td>/.exec(printed)![1]!;
    // the preview is titled by the template's name and shows the record's values
    const preview = page.getByRole('dialog', { name: '发货通知单' });
    await preview.waitFor();
    const frame = page.frameLocator('[data-print-frame]');
    await expect.poll(() => frame.locator('body').textContent()).toContain(`订单编号${orderNo}`);
    await preview.getByRole('button', { name: '取消', exact: true }).click();
    await preview.waitFor({ state: 'detached' });
    noReactErrors(errors);
  });

  it('refuses to print in a function preview (功能预览不支持打印)', async () => {
    const { page, errors } = admin;
    await page.goto('/previewModel?id=demo-order');
    await waitRows(page, 1);
    await rows(page).first().locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.getByRole('button', { name: '打 印' }).click();
    await page.getByText('功能预览不支持打印').waitFor();
    expect(await page.getByRole('dialog', { name: '请选择打印模板' }).count()).toBe(0);
    noReactErrors(errors);
  });
});
