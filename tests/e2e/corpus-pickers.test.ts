import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './browser';
import { releaseCorpusModel } from './corpus-helpers';
import { cell, form, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * The real exported forms whose pickers were stand-ins save from the browser: 财务报销单 (报销人 and
 * 所属部门 are required pickers) and 测试所有表单 (a company, department, position, user and
 * address picker). Each is created from ../shared/corpus as an author would, its pickers are
 * used through their dialogs, and the list shows the picked names.
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

async function pick(page: Page, key: string, title: string, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await formItem(page, key).locator('[data-picker-field]').click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await choose(dialog);
  await dialog.locator('[data-picker-confirm]').click();
  await dialog.waitFor({ state: 'hidden' });
}

const pickUser = (page: Page, key: string) =>
  pick(page, key, '选择用户', async (dialog) => {
    const keyword = dialog.getByRole('textbox', { name: '请输入关键词查询' });
    await keyword.fill('staff');
    await keyword.press('Enter');
    await dialog.getByRole('button', { name: /^张运营\/staff/ }).click();
  });

const pickDepartment = (page: Page, key: string) =>
  pick(page, key, '选择部门', async (dialog) => {
    await dialog.getByRole('button', { name: '运营部', exact: true }).click();
  });

async function openAddForm(page: Page, id: string) {
  await page.goto(`/previewModel?id=${id}`);
  await page.locator(`.scp-model-page[data-model-id="${id}"]`).waitFor();
  await waitRows(page, 0);
  await page.locator('[data-button="btn_add"]').click();
  await form(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));
}

async function submitAndFindRow(page: Page, prop: string, text: string) {
  await page.locator('[data-action="form-submit"]').click();
  await form(page).waitFor({ state: 'hidden' });
  await waitRows(page, 1);
  return rows(page).filter({ has: page.locator(`td[data-cell="${prop}"]`, { hasText: text }) });
}

describe('real forms that need pickers save from the browser', () => {
  it('财务报销单: the required 报销人 and 所属部门 are picked, the record saves, the list shows their names', async () => {
    const { page, errors } = admin;
    errors.length = 0;
    const id = await releaseCorpusModel(e2e, admin.token, 'jnpf31seed_vd_reimbursement.form.json', '财务报销单', 'corpusReimbursement');
    await openAddForm(page, id);
    // the required pickers say so before anything is picked
    await page.locator('[data-action="form-submit"]').click();
    await formItem(page, 'f_userid').locator('.scp-field-error').waitFor();
    await formItem(page, 'f_depname').locator('.scp-field-error').waitFor();

    await formItem(page, 'f_reimbursementdate').locator('input').fill('差旅报销-语料');
    await pickUser(page, 'f_userid');
    await pickDepartment(page, 'f_depname');
    const row = await submitAndFindRow(page, 'f_reimbursementdate', '差旅报销-语料');
    await expect.poll(() => cell(row, 'f_userid').textContent()).toBe('张运营/staff');
    await expect.poll(() => cell(row, 'f_depname').textContent()).toBe('运营部');
    noReactErrors(errors);
  });

  it('测试所有表单: a company, department, position, user and address are picked and saved, and shown by name', async () => {
    const { page, errors } = admin;
    errors.length = 0;
    const id = await releaseCorpusModel(e2e, admin.token, 'jnpf31seed_vd_testAllForms.form.json', '测试所有表单', 'corpusAllForms');
    await openAddForm(page, id);
    await formItem(page, 'comInputField101').locator('input').fill('全部控件-语料');
    await pick(page, 'comSelectField113', '选择组织', async (dialog) => {
      await dialog.getByRole('button', { name: '供应链管理有限公司', exact: true }).click();
    });
    await pickDepartment(page, 'depSelectField114');
    await pick(page, 'posSelectField115', '选择岗位', async (dialog) => {
      const keyword = dialog.getByRole('textbox', { name: '请输入关键词查询' });
      await keyword.fill('运营专员');
      await keyword.press('Enter');
      await dialog.getByRole('button', { name: /运营专员/ }).first().click();
    });
    await pickUser(page, 'userSelectField116');
    await pick(page, 'addressField120', '省市区', async (dialog) => {
      const keyword = dialog.getByRole('textbox', { name: '请输入关键词查询' });
      await keyword.fill('西城');
      await keyword.press('Enter');
      await dialog.getByRole('button', { name: '西城区', exact: true }).first().click();
    });
    const row = await submitAndFindRow(page, 'comInputField101', '全部控件-语料');
    await expect.poll(() => cell(row, 'comSelectField113').textContent()).toContain('供应链管理有限公司');
    await expect.poll(() => cell(row, 'depSelectField114').textContent()).toBe('运营部');
    await expect.poll(() => cell(row, 'posSelectField115').textContent()).toContain('运营专员');
    await expect.poll(() => cell(row, 'userSelectField116').textContent()).toBe('张运营/staff');
    await expect.poll(() => cell(row, 'addressField120').textContent()).toMatch(/^北京市\/.+\/西城区$/);
    noReactErrors(errors);
  });
});
