import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { cell, form, formItem, list, noReactErrors, rows, sessionPage, waitRows } from './model-helpers';

/**
 * The pickers in a generated form (客户订单, demo-order): a department, a user and an address are
 * picked through their dialogs, the record is saved, and the list and the detail viewer show
 * names, never ids.
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const pickerDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function openPicker(page: Page, key: string, title: string) {
  await formItem(page, key).locator('[data-picker-field]').click();
  const dialog = pickerDialog(page, title);
  await dialog.waitFor();
  return dialog;
}

describe('pickers in a generated form', () => {
  it('picks a department, a user, a role, a group and an address, saves, and shows their names in the list and the detail viewer', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await page.goto('/business/customerOrder');
    await page.locator('.scp-model-page[data-model-id="demo-order"]').waitFor();
    await list(page).waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await formItem(page, 'orderNo').locator('input').fill('SO-PICK-1');
    await formItem(page, 'goodsName').locator('input').fill('拣选测试');

    // 部门: the first company is open; a company is a folder, the department is picked
    let dialog = await openPicker(page, 'salesDept', '选择部门');
    await dialog.getByRole('button', { name: '供应链管理有限公司', exact: true }).waitFor();
    await dialog.getByRole('button', { name: '运营部', exact: true }).click();
    await expect.poll(() => dialog.locator('[data-picker-selected] li').allTextContents()).toEqual(['运营部']);
    // cancel restores the previous (empty) value
    await dialog.getByRole('button', { name: '取消' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await formItem(page, 'salesDept').locator('.mantine-Pill-root').count()).toBe(0);
    // from the keyboard: the field takes focus and Enter opens the dialog
    await formItem(page, 'salesDept').locator('[data-picker-field] input').focus();
    await page.keyboard.press('Enter');
    dialog = pickerDialog(page, '选择部门');
    await dialog.waitFor();
    expect(await dialog.locator('[data-picker-selected] li').count()).toBe(0);
    expect(await axeViolations(page, { include: ['.mantine-Modal-content'] })).toEqual([]);
    await dialog.getByRole('button', { name: '运营部', exact: true }).click();
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, 'salesDept').locator('.mantine-Pill-root').allTextContents()).toEqual(['运营部']);

    // 用户: tabs of mode 'all'; the organisation tree with the first root open; a keyword (Enter) turns it into a flat list
    dialog = await openPicker(page, 'salesman', '选择用户');
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['全部数据', '当前组织', '我的下属']);
    await dialog.getByRole('button', { name: '运营部', exact: true }).waitFor();
    expect(await axeViolations(page, { include: ['.mantine-Modal-content'] })).toEqual([]);
    const keyword = dialog.getByRole('textbox', { name: '请输入关键词查询' });
    await keyword.fill('staff');
    await keyword.press('Enter');
    await dialog.locator('[data-picker-paged] [data-picker-node]').first().waitFor();
    await dialog.getByRole('button', { name: /^张运营\/staff/ }).click();
    await expect.poll(() => dialog.locator('[data-picker-selected] li').allTextContents()).toEqual(['张运营/staff']);
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, 'salesman').locator('.mantine-Pill-root').allTextContents()).toEqual(['张运营/staff']);

    // 角色: organisation roles and global roles on two tabs (the demo's roles are all global)
    dialog = await openPicker(page, 'reviewRole', '选择角色');
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['组织', '全局']);
    await dialog.getByText('暂无数据').waitFor();
    await dialog.getByRole('tab', { name: '全局' }).click();
    await dialog.getByRole('button', { name: '员工', exact: true }).click();
    await dialog.getByRole('button', { name: '管理员', exact: true }).click(); // single mode: replaces
    await expect.poll(() => dialog.locator('[data-picker-selected] li').allTextContents()).toEqual(['管理员']);
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });

    // 分组: a flat list
    dialog = await openPicker(page, 'customerGroup', '分组选择');
    await dialog.getByRole('button', { name: '运营组', exact: true }).click();
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });

    // 地区: a lazy tree, provinces → cities → districts (level 2: districts are the leaves)
    dialog = await openPicker(page, 'deliveryArea', '省市区');
    // the keyword box asks the area search: the path to 西城区 opens, its sibling 东城区 is not shown
    const areaKeyword = dialog.getByRole('textbox', { name: '请输入关键词查询' });
    await areaKeyword.fill('西城');
    await areaKeyword.press('Enter');
    await dialog.getByRole('button', { name: '西城区', exact: true }).first().waitFor();
    expect(await dialog.getByRole('button', { name: '东城区', exact: true }).count()).toBe(0);
    await areaKeyword.fill('');
    await dialog.getByRole('button', { name: '查询', exact: true }).click();
    await dialog.getByRole('button', { name: '西城区', exact: true }).first().waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: '展开 北京市' }).click();
    // its label says 展开 until the cities have come: only then is the last 展开 a city
    await dialog.getByRole('button', { name: '收起 北京市' }).waitFor();
    const city = dialog.getByRole('button', { name: /^展开 (北京市|市辖区)$/ }).last();
    await city.click();
    await dialog.getByRole('button', { name: '东城区', exact: true }).click();
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, 'deliveryArea').locator('.mantine-Pill-root').allTextContents()).toEqual([expect.stringMatching(/^北京市\/.+\/东城区$/)]);

    expect(await axeViolations(page, { include: ['.scp-model-form'] })).toEqual([]);
    await page.locator('[data-action="form-submit"]').click();
    await form(page).waitFor({ state: 'hidden' });
    await waitRows(page, 1);
    const row = rows(page).filter({ has: page.locator('td[data-cell="orderNo"]', { hasText: 'SO-PICK-1' }) });
    await expect.poll(() => cell(row, 'salesDept').textContent()).toBe('运营部');
    await expect.poll(() => cell(row, 'deliveryArea').textContent()).toMatch(/^北京市\/.+\/东城区$/);
    await expect.poll(() => cell(row, 'salesman').textContent()).toBe('张运营/staff');

    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-order').execute();
    const record = stored.map((r) => JSON.parse(r.data) as Record<string, unknown>).find((r) => r.orderNo === 'SO-PICK-1')!;
    expect(record.deliveryArea).toEqual(['110000', expect.any(String), '110101']);
    expect(typeof record.salesDept).toBe('string');

    await row.locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.waitFor();
    const item = (key: string) => detail.locator(`.scp-detail-item[data-field-key="${key}"]`);
    await expect.poll(() => item('salesDept').textContent()).toContain('运营部');
    await expect.poll(() => item('deliveryArea').textContent()).toMatch(/北京市\/.+\/东城区/);
    await expect.poll(() => item('salesman').textContent()).toContain('张运营/staff');
    expect(await item('reviewRole').textContent()).toContain('管理员');
    expect(await item('customerGroup').textContent()).toContain('运营组');
    expect(await item('salesDept').textContent()).not.toContain(record.salesDept as string);
    noReactErrors(errors);
    await context.close();
  });
});
