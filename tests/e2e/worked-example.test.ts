import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { cell, fieldError, form, formItem, noReactErrors, openFromMenu, rows, sessionPage, waitRows } from './model-helpers';

/**
 * The worked example of docs/SCHEMAS.md: schemas/models/demo-warehouse.json plus one menu
 * entry make the 仓库档案 page (list, form, validation) with no TypeScript written for it.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourcesMentioning(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourcesMentioning(full, needle));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(full, 'utf8').includes(needle)) found.push(path.relative(ROOT, full));
  }
  return found;
}

describe('worked example: 仓库档案 (demo-warehouse)', () => {
  it('is the JSON of the guide and a menu entry, no TypeScript', () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/SCHEMAS.md'), 'utf8');
    const block = guide.match(/```json\n(\{\n  "\$schema": "..\/..\/src\/schemas\/model.schema.json",\n  "id": "demo-warehouse"[\s\S]*?)```/);
    expect(block, 'the guide shows the file').toBeTruthy();
    // the file holds everything the guide shows (it may carry more, e.g. a description)
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/models/demo-warehouse.json'), 'utf8'))).toMatchObject(JSON.parse(block![1]!));
    const menu = fs.readFileSync(path.join(ROOT, 'schemas/menu.json'), 'utf8');
    expect(menu).toContain('"moduleId": "demo-warehouse"');
    expect([...sourcesMentioning(path.join(ROOT, 'src'), 'demo-warehouse'), ...sourcesMentioning(path.join(ROOT, 'server'), 'demo-warehouse')]).toEqual([]);
  });

  it('lists, validates and adds a record from the menu', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await openFromMenu(page, 'operations', 'warehouse', '/operations/warehouse');
    await page.locator('.scp-model-page[data-model-id="demo-warehouse"]').waitFor();
    await waitRows(page, 0);
    for (const prop of ['warehouseCode', 'warehouseName', 'warehouseType', 'capacity', 'enabled']) await page.locator(`th[data-column="${prop}"]`).waitFor();

    await page.locator('[data-button="btn_add"]').click();
    // popupType general, generalWidth 600px
    const dialog = page.locator('.mantine-Modal-content');
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(600);
    await form(page).waitFor();
    await dialog.locator('[data-action="form-submit"]').click();
    await expect.poll(() => fieldError(page, 'warehouseCode').textContent()).toBe('仓库编码不能为空');
    expect(await fieldError(page, 'warehouseName').textContent()).toBe('仓库名称不能为空');
    // warehouseType has its default (常温库): no message
    expect(await fieldError(page, 'warehouseType').count()).toBe(0);

    const codeInput = formItem(page, 'warehouseCode').locator('input');
    await codeInput.fill('.WH1');
    await expect.poll(() => fieldError(page, 'warehouseCode').textContent()).toBe('只能输入字母、数字和点，且不能以点开头或结尾');
    await formItem(page, 'warehouseName').locator('input').fill('一号仓#');
    await expect.poll(() => fieldError(page, 'warehouseName').textContent()).toBe('名称不能含有特殊符号');
    const mobile = formItem(page, 'managerMobile').locator('input');
    await mobile.fill('1234');
    await mobile.blur();
    await expect.poll(() => fieldError(page, 'managerMobile').textContent()).toBe('请正确输入您的手机号');

    await codeInput.fill('WH.01');
    await formItem(page, 'warehouseName').locator('input').fill('一号仓');
    await formItem(page, 'warehouseType').getByText('冷链库').click();
    await formItem(page, 'capacity').locator('input').fill('120.5');
    await mobile.fill('13912345678');
    await mobile.blur();
    await expect.poll(() => form(page).locator('.scp-field-error').count()).toBe(0);
    await dialog.locator('[data-action="form-submit"]').click();
    await dialog.waitFor({ state: 'hidden' });

    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'warehouseCode').textContent()).toBe('WH.01');
    expect(await cell(row, 'warehouseName').textContent()).toBe('一号仓');
    expect(await cell(row, 'warehouseType').textContent()).toBe('冷链库');
    expect(await cell(row, 'capacity').textContent()).toContain('120.5');

    // its keyword search
    await page.locator('input[data-search="keyword"]').fill('二号');
    await page.locator('[data-action="search"]').click();
    await waitRows(page, 0);
    await page.locator('input[data-search="keyword"]').fill('一号');
    await page.locator('[data-action="search"]').click();
    await waitRows(page, 1);
    noReactErrors(errors);
    await context.close();
  });
});
