import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, list, noReactErrors, rows, sessionPage, waitRows } from './model-helpers';
import { orderDefinition, orderSheet } from '../api/bulk-import-fixture';

/**
 * The bulk import dialog on a generated list: the template is downloaded, a file with one bad
 * row is uploaded, previewed (a cell edited), imported; the result lists the bad row with its
 * reason, and closing it refreshes the list with the good rows. Then the export dialog.
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('bulk import dialog', () => {
  it('downloads the template, imports a file with one bad row, shows the result and refreshes the list', async () => {
    const { context, page, token, errors } = await sessionPage(e2e, 'admin');
    const c = api(e2e, token);
    const made = await c.post('/api/visualdev/Base', orderDefinition('e2eOrders', 'E2E订单'));
    expect(made.body.code, made.body.msg).toBe(200);
    const id = made.body.data.id as string;
    expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);

    await page.goto(`/previewModel?id=${id}`);
    await list(page).waitFor();
    await page.locator('[data-button="btn_upload"]').click();
    const dialog = page.locator('[data-dialog="bulk-import"]');
    await dialog.waitFor();
    expect(await dialog.locator('[data-action="import-next"]').isDisabled()).toBe(true);

    const template = context.waitForEvent('response', (r) => r.url().includes('/api/visualdev/OnlineDev/Download/'));
    await dialog.locator('[data-action="import-template"]').click();
    const downloaded = await template;
    expect(downloaded.headers()['content-type']).toContain('spreadsheetml');

    const file = orderSheet([
      ['Good One', 2, '在售', '2024-05-06', 'P1', 1],
      ['', '', '', '', 'P2', 3],
      ['Bad One!', 1, '停售', '', 'P3', 1],
      ['Good Two', 5, '停售', '', 'P4', 2],
      ['Drop Me', 1, '在售', '', 'P5', 1],
    ]);
    await page.locator('input[type="file"]').setInputFiles({ name: 'orders.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await dialog.locator('[data-import-file]').waitFor();
    await dialog.locator('[data-action="import-next"]').click();

    const preview = dialog.locator('[data-import-preview] tbody tr[data-import-row]');
    await expect.poll(() => preview.count()).toBe(4);
    // a deleted record is not imported
    await preview.nth(3).locator('[data-action="delete-import-row"]').click();
    await expect.poll(() => preview.count()).toBe(3);
    expect(await preview.nth(0).locator('[data-child-row]').count()).toBe(2);
    expect(await axeViolations(page, { include: ['.mantine-Modal-content'] })).toEqual([]);
    // edit a cell: the second good row's quantity
    await preview.nth(2).locator('td[data-cell="quantity"] input').fill('6');
    await dialog.locator('[data-action="import-submit"]').click();

    await dialog.locator('[data-import-result]').waitFor();
    await expect.poll(() => dialog.locator('[data-import-summary]').textContent()).toBe('导入完成：成功 2 条，失败 1 条');
    const failed = dialog.locator('[data-import-preview] tbody tr[data-import-row]');
    expect(await failed.count()).toBe(1);
    expect(await failed.first().locator('td[data-cell="errorsInfo"]').textContent()).toBe('订单名称只能包含字母、数字和空格');
    await dialog.locator('[data-action="import-close"]').click();
    await dialog.waitFor({ state: 'hidden' });

    await waitRows(page, 2);
    await expect.poll(async () => (await rows(page).all()).length).toBe(2);
    const names = await Promise.all((await rows(page).all()).map((r) => cell(r, 'orderName').textContent()));
    expect(names.sort()).toEqual(['Good One', 'Good Two']);
    const quantities = await Promise.all((await rows(page).all()).map((r) => cell(r, 'quantity').textContent()));
    expect(quantities.map((q) => q?.trim()).sort()).toEqual(['2', '6']);

    // the export dialog: the chosen column of the current page
    await page.locator('[data-button="btn_download"]').click();
    const exportDialog = page.locator('[data-dialog="export"]');
    await exportDialog.waitFor();
    await exportDialog.locator('input[data-export-column="status"], [data-export-column="status"] input').first().uncheck();
    const exported = context.waitForEvent('response', (r) => r.url().includes('/Actions/Export'));
    await exportDialog.locator('[data-action="export-confirm"]').click();
    const reply = (await (await exported).json()) as { code: number; data: { rows: number } };
    expect(reply).toMatchObject({ code: 200, data: { rows: 2 } });
    expect((await exported).request().postDataJSON()).toMatchObject({ dataType: 0, selectKey: ['orderName', 'quantity', 'orderDate'] });
    noReactErrors(errors);
  });
});
