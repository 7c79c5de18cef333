import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compileModel } from '../../src/runtime/compile';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, form, noReactErrors, openFromMenu, pickOption, rows, sessionPage, type Session } from './model-helpers';

/**
 * Online development in a browser (issue 11 items 5 and 8): an administrator imports a real
 * exported form of ../shared/corpus through the screen's upload, previews its draft, releases
 * it into the 运营管理 directory, opens its page from the menu and finds its fields by label.
 */
const CORPUS = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');
const FILE = path.join(CORPUS, 'forms', 'jnpf31seed_vd_recruit.form.json');
const CODE = 'jnpf31seed_vd_recruit';
const MENU_CODE = 'jnpf31seedvdrecruit';
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

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

const rowOf = (page: Page, code: string) => rows(page).filter({ has: page.locator('td[data-cell="enCode"]', { hasText: new RegExp(`^${code}$`) }) });

describe('online development', () => {
  it('imports a real definition, previews it, releases it into the menu and opens its page there', async () => {
    const { page, errors } = admin;
    await page.goto('/onlineDev/webDesign');
    await page.locator('[data-resource-page="visualdev-model"]').waitFor();
    // the file-backed demo models are listed beside stored ones
    await rows(page).first().waitFor();
    expect(await page.locator('td[data-cell="source"]', { hasText: '文件' }).count()).toBeGreaterThan(0);

    // import through the page tool's upload
    await page.locator('[data-resource-tools] button', { hasText: '导入' }).click();
    const upload = page.locator('[data-dialog="visualdevImport"]');
    await upload.waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await upload.locator('input[type="file"]').setInputFiles(FILE);
    await upload.getByRole('button', { name: '导入' }).click();
    await upload.waitFor({ state: 'detached' });
    await page.locator('.scp-resource-page input').first().fill(CODE);
    await page.locator('[data-action="search"]').click();
    const row = rowOf(page, CODE);
    await row.waitFor();
    expect(await row.locator('td[data-cell="state"]').textContent()).toBe('草稿');

    // preview: the draft's form compiled in the browser
    const model = compileModel({ id: 'x', fullName: 'x', enCode: 'x', formData: JSON.parse(fs.readFileSync(FILE, 'utf8')) }, { file: FILE }).model!;
    const labels = Object.values(model.form.fields).filter((f) => f.stores && f.visiblePc && !f.noShow && f.showLabel && f.label).map((f) => f.label);
    expect(labels.length).toBeGreaterThan(2);
    await row.locator('[data-button="btn_preview"]').click();
    const preview = page.locator('[data-dialog="visualdevPreview"]');
    await preview.locator('.scp-model-form').waitFor();
    for (const label of labels) await preview.locator('.scp-form-label', { hasText: label }).first().waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // code preview: the descriptor file in a read-only view
    await row.locator('[data-button="btn_codePreview"]').click();
    const code = page.locator('[data-dialog="visualdevCodePreview"]');
    await code.getByRole('tab', { name: `schemas/models/${CODE}.json` }).waitFor();
    expect(await code.locator('pre').first().textContent()).toContain(`"enCode": "${CODE}"`);
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.keyboard.press('Escape');
    await code.waitFor({ state: 'detached' });

    // release with a place in the menu: the directory 运营管理, the page titled 招聘申请（导入）
    await row.locator('[data-button="btn_release"]').click();
    const releaseForm = page.locator('[role="dialog"]').filter({ has: page.locator('[data-field-key="parentMenuId"]') });
    await releaseForm.waitFor();
    await pickOption(page, releaseForm.locator('[data-field-key="parentMenuId"] input').first(), '运营管理');
    await releaseForm.locator('[data-field-key="fullName"] input').fill('招聘申请（导入）');
    await releaseForm.locator('[data-action="form-submit"]').click();
    await releaseForm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await rowOf(page, CODE).locator('td[data-cell="state"]').textContent())?.trim(), { timeout: 10_000 }).toBe('已发布');

    // the menu is read again on the next load: the page is there, under 运营管理
    await page.goto('/home');
    await page.getByTestId('home-welcome').waitFor();
    await openFromMenu(page, 'operations', MENU_CODE, `/model/${MENU_CODE}`);
    await page.locator('.scp-model-page').waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));
    for (const label of labels) await form(page).locator('.scp-form-label', { hasText: label }).first().waitFor();
    const created = await api(e2e, admin.token).get(`/api/visualdev/Base?keyword=${CODE}`);
    expect(created.body.data.list).toEqual([expect.objectContaining({ enCode: CODE, state: 1, source: 'stored' })]);
    noReactErrors(errors);
  });
});
