import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { expectPath, startE2E, type E2E } from './browser';
import { api, noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * Print templates end to end (issue 11 items 4 and 8): the administrator opens 打印模板
 * (schemas/admin/system-print-dev.json), 新增 opens the hand-written editor, the template is
 * bound to the demo order model, a field placeholder is inserted from the 插入字段 menu, the
 * template is saved, and the preview shows the model's newest record's value in its place.
 */

let e2e: E2E;
let admin: Session;
const A11Y = ['[data-print-dev-editor]', '[role="dialog"]'];

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

const pick = async (page: Page, field: string, label: string) => {
  await page.locator(`input[data-field="${field}"]`).click();
  await page.getByRole('option', { name: label, exact: true }).click();
};

async function serverTemplates() {
  const reply = await api(e2e, admin.token).get('/api/system/printDev?keyword=e2eOrderPrint');
  return reply.body.data.list as { id: string; fullName: string; formId: string; templateHtml: string }[];
}

describe('print templates in the browser', () => {
  it('creates a template bound to the demo model, inserts a field, saves, and previews it with a record', async () => {
    const { page, errors } = admin;
    await page.goto('/system/printDev');
    await page.locator('[data-resource-page="system-print-dev"]').waitFor();
    expect(await page.getByTestId('under-construction').count()).toBe(0);

    await page.locator('[data-button="btn_add"]').click();
    await expectPath(page, '/system/printDev/editor');
    const editorPage = page.locator('[data-print-dev-editor="new"]');
    await editorPage.waitFor();
    await page.locator('input[data-field="fullName"]').fill('订单打印');
    await page.locator('input[data-field="enCode"]').fill('e2eOrderPrint');
    await pick(page, 'category', '销售业务');
    await pick(page, 'formId', '客户订单');

    // the model's fields arrive: the insert menu opens and lists 订单编号
    const insertField = page.locator('[data-insert="field"]');
    await expect.poll(() => insertField.isEnabled()).toBe(true);
    await page.locator('[data-print-editor]').click();
    await page.keyboard.type('编号：');
    await insertField.click();
    await page.locator('[data-insert-field="orderNo"]').click();
    await expect.poll(() => page.locator('[data-print-editor]').textContent()).toBe('编号：{{orderNo}}');
    expect(await seriousViolations(page, A11Y)).toEqual([]);

    await page.locator('[data-action="save"]').click();
    await expect.poll(async () => (await serverTemplates()).length, { timeout: 10_000 }).toBe(1);
    const saved = (await serverTemplates())[0]!;
    expect(saved).toMatchObject({ fullName: '订单打印', formId: 'demo-order', templateHtml: '<p>编号：{{orderNo}}</p>' });
    // a saved new template continues as an edit of it
    await page.locator(`[data-print-dev-editor="${saved.id}"]`).waitFor();

    const newest = await api(e2e, admin.token).get('/api/system/printDev/Data?formId=demo-order');
    const orderNo = newest.body.data.record.fields.orderNo as string;
    expect(orderNo).toBeTruthy();
    await page.locator('[data-action="preview"]').click();
    const paper = page.locator('[data-print-preview]');
    await paper.waitFor();
    await expect.poll(() => paper.textContent()).toBe(`编号：${orderNo}`);
    expect(await page.locator('[data-preview-source]').getAttribute('data-preview-source')).toBe('record');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.keyboard.press('Escape');
    await paper.waitFor({ state: 'detached' });
    noReactErrors(errors);
  });

  it('leaving with unsaved changes asks first', async () => {
    const { page } = admin;
    await page.locator('input[data-field="fullName"]').fill('订单打印（改）');
    await page.locator('[data-print-dev-editor] [data-action="back"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await expectPath(page, '/system/printDev');
    expect((await serverTemplates())[0]!.fullName).toBe('订单打印');
  });

  it('inserts a table, adds a row from the toolbar, and the server keeps the table', async () => {
    const { page, errors } = admin;
    const [saved] = await serverTemplates();
    await page.goto(`/system/printDev/editor?id=${saved!.id}`);
    const addRow = page.locator('[data-table-command="addRowAfter"]');
    await expect.poll(() => addRow.isDisabled()).toBe(true);
    await page.locator('[data-print-editor]').click();
    await page.keyboard.press('End');
    await page.locator('[data-insert="table"]').click();
    await expect.poll(() => page.locator('[data-print-editor] tr').count()).toBe(3);
    await expect.poll(() => addRow.isEnabled()).toBe(true);
    await addRow.click();
    await expect.poll(() => page.locator('[data-print-editor] tr').count()).toBe(4);
    await page.locator('[data-print-dev-editor] [data-action="save"]').click();
    await expect.poll(async () => ((await serverTemplates())[0]!.templateHtml.match(/<tr/g) ?? []).length, { timeout: 10_000 }).toBe(4);
    expect((await serverTemplates())[0]!.templateHtml).toContain('<table');
    noReactErrors(errors);
  });
});
