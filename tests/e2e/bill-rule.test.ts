import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grantModelMenu, tokenFor } from '../helpers/access';
import { seriousViolations } from './axe';
import { expectPath, startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Numbering rules end to end: the administrator creates a rule on the 单据规则 console page
 * (schemas/admin/system-bill-rule.json), watching the example follow what is typed; then a
 * generated form whose billRule field names that rule says the number is filled in by the
 * system, and after saving shows the rule's next number, in the list and in the form.
 */

let e2e: E2E;
let admin: Session;
let formPath: string;

const RULE_CODE = 'e2eReceipt';
const dialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  // a generated form drawing from the rule the test is about to create (its code is all it names)
  const adminApi = api(e2e, await tokenFor(db, 'admin'));
  const formData = {
    popupType: 'general', generalWidth: '600px',
    fields: [
      { __config__: { jnpfKey: 'billRule', label: '收货单号', rule: RULE_CODE, span: 12 }, __vModel__: 'receiptNo' },
      { __config__: { jnpfKey: 'input', label: '商品名称', required: true, span: 12 }, __vModel__: 'goodsName' },
    ],
  };
  const columnData = { columnList: [{ prop: 'receiptNo', label: '收货单号' }, { prop: 'goodsName', label: '商品名称' }], defaultSidx: 'receiptNo', sort: 'asc', btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'edit', label: '编辑' }] };
  const made = await adminApi.post('/api/visualdev/Base', { fullName: '收货登记', enCode: 'e2eReceipts', category: 'e2e', type: 1, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) });
  expect(made.body.code, made.body.msg).toBe(200);
  expect((await adminApi.post(`/api/visualdev/Base/${made.body.data.id}/Actions/Release`)).body.code).toBe(200);
  const role = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'administrator').executeTakeFirstOrThrow();
  formPath = `/test/${await grantModelMenu(db, role.id, made.body.data.id, [])}`;
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

describe('numbering rules in the browser', () => {
  it('creates a rule on the console page; the example follows prefix, date format, digits and start number', async () => {
    const { page, errors } = admin;
    await page.goto('/system/billRule');
    await page.locator('[data-resource-page="system-bill-rule"]').waitFor();
    await waitRows(page, 3);
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    expect(await rows(page).locator('td[data-cell="enCode"]').allTextContents()).toEqual(expect.arrayContaining(['OrderNumber', 'bxdj', 'rukudanhao']));

    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    const example = formItem(page, 'example').locator('input');
    // the defaults: date format yyyyMMdd, four digits, start 1
    await expect.poll(() => example.inputValue()).toBe(`${today()}0001`);
    await formItem(page, 'fullName').locator('input').fill('收货单号');
    await formItem(page, 'enCode').locator('input').fill(RULE_CODE);
    await pickOption(page, formItem(page, 'category').locator('input'), '仓储业务');
    await formItem(page, 'prefix').locator('input').fill('SH');
    await expect.poll(() => example.inputValue()).toBe(`SH${today()}0001`);
    await pickOption(page, formItem(page, 'dateFormat').locator('input'), '无（不含日期）');
    await expect.poll(() => example.inputValue()).toBe('SH0001');
    await formItem(page, 'digit').locator('input').fill('5');
    await formItem(page, 'startNumber').locator('input').fill('7');
    await expect.poll(() => example.inputValue()).toBe('SH00007');
    expect(await example.getAttribute('readonly')).not.toBeNull();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });

    const listed = async () => {
      const reply = await api(e2e, admin.token).get(`/api/system/BillRule?keyword=${RULE_CODE}`);
      return reply.body.data.list[0] as { enCode: string; prefix: string; dateFormat: string; digit: number; startNumber: string; example: string } | undefined;
    };
    await expect.poll(async () => (await listed())?.example, { timeout: 10_000 }).toBe('SH00007');
    expect(await listed()).toMatchObject({ enCode: RULE_CODE, prefix: 'SH', dateFormat: 'no', digit: 5, startNumber: '7' });
    const row = rows(page).filter({ has: page.locator('td[data-cell="enCode"]', { hasText: RULE_CODE }) });
    await expect.poll(() => cell(row, 'example').textContent()).toBe('SH00007');
    noReactErrors(errors);
  });

  it('a generated form with a billRule field of that rule shows the next number after save', async () => {
    const { page, errors } = admin;
    await page.goto(formPath);
    await expectPath(page, formPath);
    await waitRows(page, 0);

    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    const number = formItem(page, 'receiptNo').locator('input');
    // before the first save: read-only, filled in by the system
    expect(await number.getAttribute('placeholder')).toBe('系统自动生成');
    expect(await number.getAttribute('readonly')).not.toBeNull();
    expect(await number.inputValue()).toBe('');
    await formItem(page, 'goodsName').locator('input').fill('螺纹钢');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await waitRows(page, 1);
    await expect.poll(() => cell(rows(page).first(), 'receiptNo').textContent()).toBe('SH00007');

    // the edit form shows the number, and saving keeps it
    await rows(page).first().locator('[data-button="btn_edit"]').click();
    await dialog(page).waitFor();
    await expect.poll(() => formItem(page, 'receiptNo').locator('input').inputValue()).toBe('SH00007');
    expect(await formItem(page, 'receiptNo').locator('[data-bill-number="number"]').count()).toBe(1);
    await formItem(page, 'goodsName').locator('input').fill('线材');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => cell(rows(page).first(), 'goodsName').textContent()).toBe('线材');
    expect(await cell(rows(page).first(), 'receiptNo').textContent()).toBe('SH00007');

    // the next record gets the next number
    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    await formItem(page, 'goodsName').locator('input').fill('铝锭');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await waitRows(page, 2);
    await expect.poll(async () => (await rows(page).locator('td[data-cell="receiptNo"]').allTextContents()).sort()).toEqual(['SH00007', 'SH00008']);
    noReactErrors(errors);
  });
});
