import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, formItem, noReactErrors, rows, sessionPage, type Session } from './model-helpers';

/**
 * The data interface administration (issue 11 item 2) in a browser: create a static interface
 * with a declared parameter through the rows editor, preview it with a typed value, copy it,
 * open its call log; axe on the page and every dialog.
 */

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

const formDialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
const rowOf = (page: Page, code: string) => rows(page).filter({ has: page.locator('td[data-cell="enCode"]', { hasText: new RegExp(`^${code.replace('.', '\\.')}$`) }) });
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

async function serverRows(keyword: string) {
  const reply = await api(e2e, admin.token).get(`/api/system/DataInterface?keyword=${encodeURIComponent(keyword)}&pageSize=50`);
  return reply.body.data.list as { id: string; enCode: string; fullName: string; enabledMark: number }[];
}

describe('data interface administration page', () => {
  it('creates an interface with a parameter, previews it with a value, copies it and shows its log', async () => {
    const { page, errors } = admin;
    await page.goto('/system/dataInterface');
    await page.locator('[data-resource-page="system-data-interface"]').waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await formDialog(page).waitFor();
    await formItem(page, 'fullName').locator('input').fill('颜色');
    await formItem(page, 'enCode').locator('input').fill('e2eColours');
    await formItem(page, 'queryText').locator('textarea').fill('[{"id":"r","tone":"warm"},{"id":"b","tone":"cold"}]');
    // the parameters table: one row, its name typed
    await page.locator('[data-json-rows="requestParameters"] button', { hasText: '添加一行' }).click();
    await page.locator('[data-json-rows="requestParameters"] input[aria-label="参数名 1"]').fill('tone');
    await page.locator('[data-json-rows="responseFields"] button', { hasText: '添加一行' }).click();
    await page.locator('[data-json-rows="responseFields"] input[aria-label="字段名 1"]').fill('id');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await formDialog(page).locator('[data-action="form-submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await serverRows('e2eColours')).length, { timeout: 10_000 }).toBe(1);
    const [created] = await serverRows('e2eColours');
    const info = await api(e2e, admin.token).get(`/api/system/DataInterface/${created!.id}`);
    expect(info.body.data.requestParameters).toEqual([expect.objectContaining({ field: 'tone' })]);
    expect(info.body.data.responseFields).toEqual(['id']);

    await page.locator('.scp-resource-page input').first().fill('e2eColours');
    await page.locator('[data-action="search"]').click();
    await rowOf(page, 'e2eColours').waitFor();

    // preview with a typed parameter value: the Preview route answers only the matching row
    await rowOf(page, 'e2eColours').locator('[data-button="btn_preview"]').click();
    const preview = page.locator('[data-dialog="dataInterfacePreview"]');
    await preview.waitFor();
    await preview.getByLabel('tone').fill('cold');
    await preview.getByRole('button', { name: '运行' }).click();
    await preview.locator('[data-preview-result] tbody tr').first().waitFor();
    expect(await preview.locator('[data-preview-result] tbody tr').allTextContents()).toEqual(['bcold']);
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // the call log shows the preview call
    await rowOf(page, 'e2eColours').locator('[data-button="btn_log"]').click();
    const log = page.locator('[data-dialog="dataInterfaceLog"]');
    await log.locator('tbody tr').first().waitFor();
    expect(await log.locator('tbody tr').count()).toBe(1);
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });

    // copy: a confirmation, then a disabled copy with a new code
    await rowOf(page, 'e2eColours').locator('[data-button="btn_copy"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(async () => (await serverRows('e2eColours')).length, { timeout: 10_000 }).toBe(2);
    const copy = (await serverRows('e2eColours')).find((r) => r.enCode !== 'e2eColours')!;
    expect(copy.enCode).toMatch(/^e2eColours\.copy\d{5}$/);
    expect(copy.enabledMark).toBe(0);

    // the import dialog (page tool) passes axe too
    await page.locator('[data-resource-tools] button', { hasText: '导入' }).click();
    await page.locator('[data-dialog="dataInterfaceImport"]').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.keyboard.press('Escape');
    noReactErrors(errors);
  });

  it('imports an exported interface file through the page\'s import dialog, and the list shows it', async () => {
    const { page, errors } = admin;
    await page.goto('/system/dataInterface');
    await page.locator('[data-resource-page="system-data-interface"]').waitFor();
    const file = {
      kind: 'dataInterface', version: 1,
      interface: { fullName: '导入的接口', enCode: 'e2eImported', type: 2, categoryId: null, dataSource: null, queryText: '[{"id":"1"}]', requestMethod: null, path: null, requestHeaders: [], requestParameters: [], responseFields: ['id'], enabledMark: 1, sortCode: 0, description: null },
    };
    await page.locator('[data-resource-tools] button', { hasText: '导入' }).click();
    const dialog = page.locator('[data-dialog="dataInterfaceImport"]');
    await dialog.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('导出的 JSON 文件').click();
    await (await chooser).setFiles({ name: 'e2eImported.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, 'e2eImported').waitFor();
    await expect.poll(() => rowOf(page, 'e2eImported').locator('td[data-cell="fullName"]').textContent()).toBe('导入的接口');
    expect((await serverRows('e2eImported')).map((r) => r.enCode)).toEqual(['e2eImported']);
    noReactErrors(errors);
  });
});
