import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { expectPath, startE2E, type E2E } from './browser';
import { api, formItem, noReactErrors, pickOption, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Menu management (schemas/admin/system-menu.json): the administrator adds a model entry for
 * 商品档案 (demo-model) under 运营管理; the form shows an entry's address and linked page only
 * for types that have them; after a reload the entry is in the top menu and opens the model page.
 */

let e2e: E2E;
let admin: Session;
const A11Y = ['.scp-resource-page', '[role="dialog"]'];
const dialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

async function pickTree(page: Page, input: Locator, label: string) {
  await input.click();
  await input.fill(label);
  // a single choice closes the dropdown itself (an Escape would reach the dialog and ask to discard)
  await page.locator('[role="option"], [role="treeitem"]').filter({ hasText: new RegExp(`^${label}$`) }).first().click();
}

describe('menu management in the browser', () => {
  it('creates a model entry under 运营管理 that, after a reload, the top menu opens', async () => {
    const { page, errors } = admin;
    await page.goto('/system/menu');
    await page.locator('[data-resource-page="system-menu"]').waitFor();
    await waitRows(page, 3);
    expect(await page.getByTestId('under-construction').count()).toBe(0);

    await page.locator('[data-button="btn_add"]').first().click();
    await dialog(page).waitFor();
    // a directory (the default type) has no address and links nothing
    await formItem(page, 'fullName').waitFor();
    expect(await formItem(page, 'urlAddress').count()).toBe(0);
    expect(await formItem(page, 'moduleId').count()).toBe(0);
    await pickOption(page, formItem(page, 'type').locator('input'), '功能');
    await formItem(page, 'moduleId').waitFor();
    expect(await formItem(page, 'urlAddress').count()).toBe(1);
    expect(await formItem(page, 'linkTarget').count()).toBe(0);

    await pickTree(page, formItem(page, 'parentId').locator('input').first(), '运营管理');
    await formItem(page, 'fullName').locator('input').fill('货品档案');
    await formItem(page, 'enCode').locator('input').fill('e2eGoods');
    await formItem(page, 'fullNameEn').locator('input').fill('Goods (E2E)');
    await formItem(page, 'urlAddress').locator('input').fill('operations/e2eGoods');
    await pickTree(page, formItem(page, 'moduleId').locator('input').first(), '商品档案');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    const saved = await api(e2e, admin.token).get('/api/system/Menu?keyword=e2eGoods');
    const operations = (saved.body.data.list as { enCode: string; children: { enCode: string; moduleId: string; type: number }[] }[])[0]!;
    expect(operations.enCode).toBe('operations');
    expect(operations.children.find((c) => c.enCode === 'e2eGoods')).toMatchObject({ type: 3, moduleId: 'demo-model' });

    await page.reload();
    await page.locator('[data-resource-page="system-menu"]').waitFor();
    await page.getByTestId('menu-operations').click();
    await page.getByTestId('menu-e2eGoods').click();
    await expectPath(page, '/operations/e2eGoods');
    // the model's page with its list (the menu page stays in its own, now hidden, tab)
    await page.locator('.scp-model-page[data-model-id="demo-model"] table.scp-model-list').waitFor();
    noReactErrors(errors);
  });
});
