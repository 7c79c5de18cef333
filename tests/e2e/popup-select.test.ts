import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Popup select and related form in a generated form (schemas/models/demo-inbound.json): pick a
 * supplier from the demo interface (demoSuppliers) and a warehouse record (demo-warehouse) by
 * keyboard, save, and see the names — not ids — in the list, the detail viewer and the related
 * record's nested detail. Attribute fields show the chosen row's other columns.
 */

let e2e: E2E;
let admin: Session;
let warehouseId = '';

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
  const made = await api(e2e, admin.token).post('/api/visualdev/OnlineDev/demo-warehouse', { data: { warehouseCode: 'WH.E2E', warehouseName: '浦东一号仓', warehouseType: 'normal' } });
  expect(made.body.code, made.body.msg).toBe(200);
  warehouseId = made.body.data.id;
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('popup select and related form', () => {
  it('picks a supplier row and a warehouse record, saves, and shows their names in the list and the details', async () => {
    const { page, errors } = admin;
    await page.goto('/previewModel?id=demo-inbound');
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    const formDialog = page.getByRole('dialog').filter({ has: page.locator('.scp-model-form') });
    await formDialog.waitFor();
    await formItem(page, 'goodsName').locator('input').fill('螺纹钢');
    await formItem(page, 'quantity').locator('input').fill('12');
    await formItem(page, 'receiptDate').locator('button').first().click();
    await page.locator('.mantine-Popover-dropdown button', { hasText: /^15$/ }).first().click();

    // the supplier: opened from the keyboard; confirm with no row chosen does nothing
    const supplier = formItem(page, 'supplier').locator('input[data-popup-input]');
    await supplier.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: '选择数据' });
    await picker.waitFor();
    await picker.locator('[data-popup-row="sup-01"]').waitFor();
    expect(await axeViolations(page, { include: ['[data-popup-picker]'] })).toEqual([]);
    const confirm = picker.getByRole('button', { name: '确定' });
    expect(await confirm.getAttribute('aria-disabled')).toBe('true');
    await confirm.click({ force: true });
    expect(await picker.isVisible()).toBe(true);
    await picker.getByRole('textbox', { name: '关键词' }).fill('华南');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.locator('[data-popup-row]').count()).toBe(1);
    await picker.getByRole('radio', { name: '选择第1行' }).focus();
    await page.keyboard.press('Space');
    await picker.getByRole('button', { name: '确定' }).click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => supplier.inputValue()).toBe('华南煤炭供应');
    await expect.poll(() => formItem(page, 'supplierCity').locator('input').inputValue()).toBe('广州');

    // the contact: free text with suggestions from the same interface (autoComplete)
    const contact = formItem(page, 'supplierContact').locator('input');
    await contact.fill('李');
    await page.getByRole('option', { name: '李经理', exact: true }).click();
    await expect.poll(() => contact.inputValue()).toBe('李经理');

    // the warehouse: a record of another model
    await formItem(page, 'warehouse').locator('input[data-popup-input]').click();
    const records = page.getByRole('dialog', { name: '选择数据' });
    await records.locator(`[data-popup-row="${warehouseId}"]`).click();
    await records.getByRole('button', { name: '确定' }).click();
    await records.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, 'warehouse').locator('input').inputValue()).toBe('浦东一号仓');
    await expect.poll(() => formItem(page, 'warehouseCode').locator('input').inputValue()).toBe('WH.E2E');

    await formDialog.locator('[data-action="form-submit"]').click();
    await formDialog.waitFor({ state: 'detached' });
    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'supplier').textContent()).toBe('华南煤炭供应');
    await expect.poll(() => cell(row, 'warehouse').textContent()).toBe('浦东一号仓');

    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-inbound').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ supplier: 'sup-02', supplierContact: '李经理', warehouse: warehouseId, warehouseCode: 'WH.E2E' });

    await row.locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    const item = (key: string) => detail.locator(`.scp-detail-item[data-field-key="${key}"]`);
    await expect.poll(() => item('supplier').textContent()).toContain('华南煤炭供应');
    await expect.poll(() => item('supplierCity').textContent()).toContain('广州');
    const link = item('warehouse').getByRole('button', { name: '查看关联记录：浦东一号仓' });
    await link.focus();
    await page.keyboard.press('Enter');
    const nested = page.getByRole('dialog', { name: '详情' }).filter({ has: page.locator('.scp-detail-item[data-field-key="warehouseName"]') });
    await expect.poll(() => nested.locator('.scp-detail-item[data-field-key="warehouseName"]').textContent()).toContain('浦东一号仓');
    noReactErrors(errors);
  });
});
