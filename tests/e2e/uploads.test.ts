import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { api, cell, form, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Uploads in a generated form: a text file goes through the chunked path (hash, test call,
 * chunk, merge), an image through the image upload; the record saves, the list shows the file
 * name, and the name opens 文档预览 with the file's text; the thumbnail opens the image viewer.
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

const config = (jnpfKey: string, label: string) => ({ jnpfKey, label, showLabel: true, required: false, layout: 'colFormItem', span: 24, regList: [], defaultValue: [] });
const formData = {
  formRef: 'elForm', formModel: 'dataForm', size: 'medium', labelPosition: 'right', labelWidth: 100, popupType: 'general', generalWidth: '600px', gutter: 15,
  fields: [
    { __config__: { ...config('comInput', '名称'), defaultValue: null }, __vModel__: 'title', placeholder: '请输入' },
    { __config__: config('uploadFz', '附件'), __vModel__: 'attachments', accept: '', fileSize: 2, sizeUnit: 'MB', buttonText: '点击上传', limit: 3 },
    { __config__: config('uploadImg', '图片'), __vModel__: 'photos', accept: '', fileSize: 2, sizeUnit: 'MB', limit: 2 },
  ],
};
const columnData = {
  type: 1, hasPage: true, pageSize: 20, defaultSidx: '', sort: 'desc',
  columnList: [{ prop: 'title', label: '名称' }, { prop: 'attachments', label: '附件' }, { prop: 'photos', label: '图片' }],
  searchList: [], btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'detail', label: '详情' }],
  useBtnPermission: false, useColumnPermission: false, useFormPermission: false, useDataPermission: false,
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('uploads in a generated form', () => {
  it('uploads a file and an image, saves, shows the name in the list and previews it', async () => {
    const c = api(e2e, admin.token);
    const made = await c.post('/api/visualdev/Base', { fullName: '上传测试', enCode: 'uploadE2E', type: 1, webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) });
    expect(made.body.code, made.body.msg).toBe(200);
    const id = made.body.data?.id ?? made.body.data;
    expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);

    const { page, errors } = admin;
    await page.goto(`/previewModel?id=${id}`);
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await formItem(page, 'title').locator('input').fill('带附件');

    // a file of the wrong kind for the image widget is refused with its own message
    await formItem(page, 'photos').locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('请上传图片').waitFor();

    await formItem(page, 'attachments').locator('input[type="file"]').setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('上传的说明文字') });
    await formItem(page, 'attachments').locator('[data-file-name="说明.txt"]').waitFor();
    expect(await formItem(page, 'attachments').locator('[data-upload-item]').count()).toBe(0);
    await formItem(page, 'photos').locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await formItem(page, 'photos').locator('[data-thumbnail="dot.png"] img').waitFor();

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/OnlineDev/${id}?`));
    await page.locator('[data-action="form-submit"]').click();
    expect((await (await saved).json()).code).toBe(200);
    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'attachments').textContent()).toBe('说明.txt');

    // the name opens the full-screen preview: the text in a frame
    // it names the record it was seen in, so any reader of the record may open the file
    const asked = page.waitForRequest((r) => r.url().includes('/api/file/Uploader/Preview') && r.url().includes(`modelId=${id}`) && r.url().includes('recordId='));
    await cell(row, 'attachments').getByRole('button', { name: '说明.txt' }).click();
    await asked;
    const dialog = page.getByRole('dialog', { name: '文档预览 - 说明.txt' });
    await dialog.waitFor();
    await expect.poll(() => page.frameLocator('[data-preview="frame"]').locator('body').textContent(), { timeout: 10_000 }).toContain('上传的说明文字');
    await dialog.getByRole('button', { name: '下载', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // the thumbnail opens the image viewer
    await cell(row, 'photos').locator('[data-thumbnail="dot.png"]').click();
    const viewer = page.getByRole('dialog', { name: '文档预览 - dot.png' });
    await viewer.locator('[data-preview="image"] img').waitFor();
    expect(await viewer.locator('[data-preview="image"] img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');

    // the edit form shows the stored file and previews it through the record too
    await row.locator('[data-button="btn_edit"]').click();
    await form(page).waitFor();
    const fromForm = page.waitForRequest((r) => r.url().includes('/api/file/Uploader/Preview') && r.url().includes('recordId='));
    await formItem(page, 'attachments').getByRole('button', { name: '说明.txt', exact: true }).click();
    await fromForm;
    await page.getByRole('dialog', { name: '文档预览 - 说明.txt' }).waitFor();
    await page.keyboard.press('Escape');

    // the stored value keeps the widget's shape
    const list = await c.post(`/api/visualdev/OnlineDev/${id}/List`, { currentPage: 1, pageSize: 20 });
    const record = list.body.data.list[0];
    const attachments = typeof record.attachments === 'string' ? JSON.parse(record.attachments) : record.attachments;
    expect(attachments).toEqual([expect.objectContaining({ name: '说明.txt', fileId: expect.any(String), url: expect.stringMatching(/^\/api\/file\/Download\/annex\//) })]);
    // The session helper's init script also runs in the preview frame, which the server sandboxes
    // on purpose (CSP sandbox: a previewed file never runs in our origin); its storage read fails there.
    noReactErrors(errors.filter((e) => !/document is sandboxed/.test(e)));
  });
});
