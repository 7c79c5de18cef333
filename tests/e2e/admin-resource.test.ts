import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * An admin resource page (schemas/admin/system-data-interface.json) over an API that answers on
 * main, /api/system/DataInterface: the model pages' list and form dialog reading and writing the
 * REST resource. List, keyword search, the left category tree, create, edit, enable/disable,
 * delete, each checked against the server; every state passes axe (WCAG 2 A/AA).
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

const dialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.locator(`td[data-cell="fullName"]`, { hasText: new RegExp(`^${name}$`) }) });
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

async function serverRow(enCode: string) {
  const reply = await api(e2e, admin.token).get(`/api/system/DataInterface?keyword=${encodeURIComponent(enCode)}&pageSize=50`);
  return (reply.body.data.list as { id: string; enCode: string; fullName: string; enabledMark: number }[]).find((r) => r.enCode === enCode);
}

async function search(page: Page, keyword: string) {
  await page.locator('.scp-resource-page input').first().fill(keyword);
  await page.locator('[data-action="search"]').click();
}

describe('admin resource page over /api/system/DataInterface', () => {
  it('lists the seeded interfaces, pages through the server and passes axe', async () => {
    const { page } = admin;
    await page.goto('/system/dataInterface');
    await page.locator('[data-resource-page="system-data-interface"]').waitFor();
    await waitRows(page, 5);
    const names = await rows(page).locator('td[data-cell="fullName"]').allTextContents();
    expect(names).toContain('月度销售额');
    // the type column shows the option's label, not the stored number
    expect(await cell(rowOf(page, '月度销售额'), 'type').textContent()).toBe('静态数据');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
  });

  it('searches by keyword on the server and filters by the left category tree', async () => {
    const { page } = admin;
    // the REST list takes one keyword: the keyword field has no input of its own that would search nothing
    expect(await page.locator('[data-search="keyword"]').count()).toBe(1);
    expect(await page.locator('[data-search-field="fullName"]').count()).toBe(0);
    await search(page, 'monthlySales');
    await page.waitForFunction(() => document.querySelectorAll('table.scp-model-list tbody tr[data-row-id]').length === 1);
    expect(await rows(page).locator('td[data-cell="enCode"]').allTextContents()).toEqual(['monthlySales']);
    await page.locator('[data-action="reset"]').click();
    await waitRows(page, 5);
    const all = await rows(page).count();
    // a category of the dictionary dataInterfaceType: the list asks the server with its categoryId
    const node = page.locator('.scp-list-tree [data-tree-node]:not([data-tree-node=""])').first();
    const categoryId = await node.getAttribute('data-tree-node');
    const listed = page.waitForRequest((r) => r.url().includes('/api/system/DataInterface?') && r.url().includes(`categoryId=${categoryId}`));
    await node.click();
    await listed;
    await page.waitForFunction((n) => document.querySelectorAll('table.scp-model-list tbody tr[data-row-id]').length < n, all);
    await page.locator('.scp-list-tree [data-tree-node=""]').click();
    await waitRows(page, all);
  });

  it('creates, edits, disables and deletes an interface through the form dialog', async () => {
    const { page, errors } = admin;
    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await formItem(page, 'fullName').locator('input').fill('测试接口');
    await formItem(page, 'enCode').locator('input').fill('e2eStatic');
    await formItem(page, 'queryText').locator('textarea').fill('[{"a":1}]');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await serverRow('e2eStatic'))?.fullName, { timeout: 10_000 }).toBe('测试接口');
    await search(page, 'e2eStatic');
    await rowOf(page, '测试接口').waitFor();

    // edit: the dialog opens with the stored values (info call), the save goes to PUT
    await rowOf(page, '测试接口').locator('[data-button="btn_edit"]').click();
    await dialog(page).waitFor();
    const name = formItem(page, 'fullName').locator('input');
    await expect.poll(() => name.inputValue()).toBe('测试接口');
    await name.fill('测试接口改');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await rowOf(page, '测试接口改').waitFor();
    expect((await serverRow('e2eStatic'))?.fullName).toBe('测试接口改');

    // a refused save shows the server's message and keeps the dialog open
    await rowOf(page, '测试接口改').locator('[data-button="btn_edit"]').click();
    await dialog(page).waitFor();
    await expect.poll(() => formItem(page, 'queryText').locator('textarea').inputValue()).toBe('[{"a":1}]');
    await formItem(page, 'queryText').locator('textarea').fill('not json');
    await dialog(page).locator('[data-action="form-submit"]').click();
    await page.locator('.mantine-Notification-root').filter({ hasText: /JSON/ }).first().waitFor();
    await expect(dialog(page).isVisible()).resolves.toBe(true);
    // the typed text is not dropped without a question (issue 19)
    await dialog(page).locator('[data-action="form-cancel"]').click();
    await page.locator('[data-confirm-message]').filter({ hasText: '有未保存的修改，确定关闭吗？' }).waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await dialog(page).waitFor({ state: 'detached' });

    // enable/disable: a custom row button running the state call after a confirmation
    await rowOf(page, '测试接口改').locator('[data-button="btn_state"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(async () => (await serverRow('e2eStatic'))?.enabledMark, { timeout: 10_000 }).toBe(0);

    await rowOf(page, '测试接口改').locator('[data-button="btn_remove"]').click();
    await page.locator('[data-action="confirm-ok"]').click();
    await waitRows(page, 0);
    expect(await serverRow('e2eStatic')).toBeUndefined();
    noReactErrors(errors);
  });

  it('is reachable by keyboard: the add button takes focus and opens the dialog with Enter', async () => {
    const { page } = admin;
    const add = page.locator('[data-button="btn_add"]');
    await add.focus();
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });
});
