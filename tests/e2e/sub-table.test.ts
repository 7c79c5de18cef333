import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './browser';
import { api, form, formItem, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * The inline sub-table and calculated fields in a generated form (issue 13 items 4 and 5): rows
 * are added and edited, a row's calculated amount and the form's total follow, the 合计 row sums,
 * a cell shows its column's own message, the record saves (the server's own calculation stored)
 * and the detail viewer shows the rows with the summary. Then a real exported form (采购入库申请)
 * saves its sub-table rows.
 */
const CORPUS = process.env.CORPUS_DIR ?? path.resolve(import.meta.dirname, '../../../shared/corpus');

let e2e: E2E;
let admin: Session;
beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

const col = (jnpfKey: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  ({ __config__: { jnpfKey, label, ...config }, __vModel__: vModel, ...extra });

const FORM = {
  fields: [
    col('comInput', '标题', 'title'),
    {
      __config__: {
        jnpfKey: 'table', label: '明细', showTitle: true,
        children: [
          col('comInput', '名称', 'name', {}, { required: true }),
          col('comInput', '编码', 'code', {}, { regList: [{ pattern: '/^[A-Z]+$/', message: '编码只能是大写字母' }] }),
          col('select', '类别', 'kind', { options: [{ fullName: '甲', id: 'a' }, { fullName: '乙', id: 'b' }] }, { dataType: 'static' }),
          col('inputNumber', '数量', 'qty'),
          col('inputNumber', '单价', 'price'),
          col('calculate', '金额', 'amount', { expression: ['items.qty', '×', 'items.price'] }),
        ],
      },
      __vModel__: 'items', 'show-summary': true, summaryField: ['qty', 'amount'],
    },
    col('calculate', '总额', 'total', { expression: ['items.amount', '+', 'fee'] }),
    col('inputNumber', '运费', 'fee'),
  ],
};
const COLUMNS = { columnList: [{ prop: 'title', label: '标题' }], columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'detail', label: '详情' }], btnsList: [{ value: 'add', label: '新增' }] };

async function makeModel(s: Session, fullName: string, enCode: string, formData: string, columnData: string): Promise<string> {
  const c = api(e2e, s.token);
  const made = await c.post<{ id: string }>('/api/visualdev/Base', { fullName, enCode, category: 'test', type: 1, webType: 2, formData, columnData });
  expect(made.body.code, JSON.stringify(made.body)).toBe(200);
  const id = made.body.data!.id;
  expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
  return id;
}

async function openAddForm(page: Page, id: string) {
  await page.goto(`/previewModel?id=${id}`);
  await page.locator(`.scp-model-page[data-model-id="${id}"]`).waitFor();
  await page.locator('table.scp-model-list').waitFor();
  await page.locator('[data-button="btn_add"]').click();
  await form(page).waitFor();
}

/**
 * A corpus form with its fields outside sub-tables made optional: these tests are about the rows
 * (the pickers of those fields have their own tests), so the form saves once the rows are right.
 */
function rowsOnly(file: string): string {
  const formData = JSON.parse(fs.readFileSync(path.join(CORPUS, 'forms', file), 'utf8')) as { fields: Record<string, unknown>[] };
  const walk = (fields: Record<string, unknown>[]) => {
    for (const f of fields) {
      const config = f.__config__ as Record<string, unknown>;
      if (config.jnpfKey === 'table') continue;
      config.required = false;
      if (Array.isArray(config.children)) walk(config.children as Record<string, unknown>[]);
    }
  };
  walk(formData.fields);
  return JSON.stringify(formData);
}

const cellInput = (page: Page, key: string) => form(page).locator(`[data-cell="${key}"] input`).first();

describe('inline sub-table with calculated fields', () => {
  it('adds rows, edits cells, sees the row amounts, the total and 合计, a cell message, saves, and shows the rows in the detail viewer', async () => {
    const { page, errors } = admin;
    errors.length = 0;
    const id = await makeModel(admin, '子表测试', 'subTableE2e', JSON.stringify(FORM), JSON.stringify(COLUMNS));
    await openAddForm(page, id);
    await formItem(page, 'title').locator('input').fill('子表单据');
    const table = form(page).locator('[data-sub-table="items"]');
    // the required column carries the red asterisk in its header
    await expect.poll(() => table.locator('thead th[data-column="name"] [data-required]').count()).toBe(1);
    expect(await table.locator('thead th[data-column="code"] [data-required]').count()).toBe(0);

    await table.locator('[data-action="add-row"]').click();
    await table.locator('[data-action="add-row"]').click();
    await expect.poll(() => table.locator('tbody tr[data-row-index]').count()).toBe(2);
    expect(await table.locator('tbody td.scp-subtable-index').allTextContents()).toEqual(['1', '2']);

    await cellInput(page, 'items.0.name').fill('螺丝');
    await cellInput(page, 'items.0.code').fill('LS');
    await cellInput(page, 'items.0.qty').fill('2');
    await cellInput(page, 'items.0.price').fill('3.5');
    await cellInput(page, 'items.1.qty').fill('1');
    await cellInput(page, 'items.1.price').fill('0.25');
    // a lower-case code: the column's own message in its cell once it loses focus
    await cellInput(page, 'items.1.code').fill('ab');
    await cellInput(page, 'items.1.code').blur();
    await expect.poll(() => form(page).locator('[data-cell="items.1.code"] [data-cell-error]').textContent()).toBe('编码只能是大写字母');
    await formItem(page, 'fee').locator('input').fill('10');

    await expect.poll(() => form(page).locator('[data-cell="items.0.amount"] [data-calc-value]').textContent()).toBe('7.00');
    await expect.poll(() => form(page).locator('[data-cell="items.1.amount"] [data-calc-value]').textContent()).toBe('0.25');
    await expect.poll(() => formItem(page, 'total').locator('[data-calc-value]').textContent()).toBe('17.25');
    await expect.poll(() => table.locator('[data-summary-row] td').first().textContent()).toBe('合计');
    await expect.poll(() => table.locator('[data-summary="qty"]').textContent()).toBe('3');
    await expect.poll(() => table.locator('[data-summary="amount"]').textContent()).toBe('7.25');
    expect(await table.locator('[data-summary="name"]').textContent()).toBe('');

    // submit: the empty required name of row 2 stops it, in its cell and under the table
    await page.locator('[data-action="form-submit"]').click();
    await expect.poll(() => form(page).locator('[data-cell="items.1.name"] [data-cell-error]').textContent()).toBe('名称不能为空');
    await expect.poll(() => formItem(page, 'items').locator('[data-field-error]').textContent()).toContain('第2行');

    await cellInput(page, 'items.1.name').fill('垫片');
    await cellInput(page, 'items.1.code').fill('DP');
    await expect.poll(() => form(page).locator('[data-cell-error]').count()).toBe(0);
    // a third row, deleted again after the confirmation
    await table.locator('[data-action="add-row"]').click();
    await table.locator('tbody tr[data-row-index="2"] [data-action="delete-row"]').click();
    await page.getByText('此操作将永久删除该数据, 是否继续?').waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(() => table.locator('tbody tr[data-row-index]').count()).toBe(2);

    await page.locator('[data-action="form-submit"]').click();
    await form(page).waitFor({ state: 'hidden' });
    await waitRows(page, 1);
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', id).execute();
    const record = JSON.parse(stored[0]!.data) as Record<string, unknown>;
    expect(record.items).toEqual([
      expect.objectContaining({ name: '螺丝', code: 'LS', qty: 2, price: 3.5, amount: 7 }),
      expect.objectContaining({ name: '垫片', code: 'DP', qty: 1, price: 0.25, amount: 0.25 }),
    ]);
    expect(record.total).toBe(17.25);

    await rows(page).first().locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.waitFor();
    const view = detail.locator('[data-sub-table-view="items"]');
    await expect.poll(() => view.locator('tbody tr[data-row-index]').count()).toBe(2);
    expect(await view.locator('tbody tr[data-row-index="0"] td[data-column="name"]').textContent()).toBe('螺丝');
    expect(await view.locator('tbody tr[data-row-index="1"] td[data-column="amount"]').textContent()).toBe('0.25');
    expect(await view.locator('[data-summary="amount"]').textContent()).toBe('7.25');
    expect(await detail.locator('[data-field-key="total"] [data-calc-value]').textContent()).toBe('17.25');
    noReactErrors(errors);
  });

  it('a real exported form (采购入库申请) saves its sub-table rows', async () => {
    const { page, errors } = admin;
    errors.length = 0;
    const formData = rowsOnly('jnpf31seed_vd_warehousing.form.json');
    const columnData = fs.readFileSync(path.join(CORPUS, 'columns', 'jnpf31seed_vd_warehousing.columns.json'), 'utf8');
    const id = await makeModel(admin, '入库子表', 'warehousingSubTable', formData, columnData);
    await openAddForm(page, id);
    await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));
    const table = form(page).locator('[data-sub-table="tableField105"]');
    await table.locator('[data-action="add-row"]').click();
    await cellInput(page, 'tableField105.0.f_productname').fill('钢材');
    await cellInput(page, 'tableField105.0.f_number').fill('12');
    await page.locator('[data-action="form-submit"]').click();
    await page.waitForFunction(() => !document.querySelector('[data-action="form-cancel"]') || !!document.querySelector('.scp-field-error, [data-form-messages]'));
    expect(await page.locator('.scp-field-error, [data-form-messages]').allTextContents()).toEqual([]);
    await form(page).waitFor({ state: 'hidden' });
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', id).execute();
    expect(JSON.parse(stored[0]!.data).tableField105).toEqual([expect.objectContaining({ f_productname: '钢材', f_number: '12' })]);
    noReactErrors(errors);
  });

  it('a real exported form (财务报销单) picks a required select in a row and saves it', async () => {
    const { page, errors } = admin;
    errors.length = 0;
    const formData = rowsOnly('jnpf31seed_vd_reimbursement.form.json');
    const columnData = fs.readFileSync(path.join(CORPUS, 'columns', 'jnpf31seed_vd_reimbursement.columns.json'), 'utf8');
    const id = await makeModel(admin, '报销子表', 'reimbursementSubTable', formData, columnData);
    await openAddForm(page, id);
    await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));
    const table = form(page).locator('[data-sub-table="tableField109"]');
    await expect.poll(() => table.locator('thead th[data-column="f_costclasses"] [data-required]').count()).toBe(1);
    await table.locator('[data-action="add-row"]').click();
    await cellInput(page, 'tableField109.0.f_amount').fill('88');
    await page.locator('[data-action="form-submit"]').click();
    await expect.poll(() => form(page).locator('[data-cell="tableField109.0.f_costclasses"] [data-cell-error]').textContent()).toBe('费用类别不能为空');
    await pickOption(page, cellInput(page, 'tableField109.0.f_costclasses'), '选项二');
    await expect.poll(() => form(page).locator('[data-cell="tableField109.0.f_costclasses"] [data-cell-error]').count()).toBe(0);
    await page.locator('[data-action="form-submit"]').click();
    await page.waitForFunction(() => !document.querySelector('[data-action="form-cancel"]') || !!document.querySelector('.scp-field-error, [data-form-messages]'));
    expect(await page.locator('.scp-field-error, [data-form-messages]').allTextContents()).toEqual([]);
    await form(page).waitFor({ state: 'hidden' });
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', id).execute();
    expect(JSON.parse(stored[0]!.data).tableField109).toEqual([expect.objectContaining({ f_costclasses: '2', f_amount: '88' })]);
    noReactErrors(errors);
  });
});
