import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grantModelMenu, tokenFor } from '../helpers/access';
import { expectPath, startE2E, type E2E } from './browser';
import { api, cell, form, formItem, list, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Barcode, QR code, signature and location in a generated form (issue 13 items 6 and 8): the codes
 * follow a related field as it is typed (letters and digits only for the barcode), a signature
 * is drawn and saved, the detail viewer shows them all; printing the record from the detail
 * viewer draws a real barcode in the print preview and leaves a row in the 打印日志 page.
 */
let e2e: E2E;
let admin: Session;
let formPath: string;

const dialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
const RECORD_CODE = 'ABC123';

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const adminApi = api(e2e, await tokenFor(db, 'admin'));
  const fields = [
    { __config__: { jnpfKey: 'input', label: '商品编码', span: 12 }, __vModel__: 'goodsCode' },
    { __config__: { jnpfKey: 'barcode', label: '条形码', span: 12 }, dataType: 'relation', relationField: 'goodsCode', format: 'code128', width: 2, height: 40 },
    { __config__: { jnpfKey: 'qrcode', label: '二维码', span: 12 }, dataType: 'relation', relationField: 'goodsCode', width: 80 },
    { __config__: { jnpfKey: 'sign', label: '签名', span: 12 }, __vModel__: 'sig' },
    { __config__: { jnpfKey: 'location', label: '定位', span: 24 }, __vModel__: 'place' },
  ];
  const formData = (extra: Record<string, unknown> = {}) => JSON.stringify({ popupType: 'general', generalWidth: '800px', fields, ...extra });
  const columnData = JSON.stringify({ columnList: [{ prop: 'goodsCode', label: '商品编码' }, { prop: 'sig', label: '签名' }], btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'detail', label: '详情' }] });
  const base = { fullName: '条码签收', enCode: 'e2eCodes', category: 'e2e', type: 1, columnData };
  const made = await adminApi.post('/api/visualdev/Base', { ...base, formData: formData() });
  expect(made.body.code, made.body.msg).toBe(200);
  const modelId = made.body.data.id as string;
  expect((await adminApi.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
  const template = await adminApi.post('/api/system/printDev', {
    fullName: '条码标签', enCode: 'e2eCodeLabel', category: 'sales', type: 2, formId: modelId, templateHtml: '<p>编码：{{goodsCode}}</p><p><img data-print-barcode="goodsCode"></p>',
    paperSize: 'A4', orientation: 'portrait', margins: [10, 10, 10, 10], sortCode: 0, enabledMark: 1, description: '',
  });
  expect(template.body.code, template.body.msg).toBe(200);
  const updated = await adminApi.put(`/api/visualdev/Base/${modelId}`, { ...base, formData: formData({ hasPrintBtn: true, printId: [template.body.data.id] }) });
  expect(updated.body.code, updated.body.msg).toBe(200);
  expect((await adminApi.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
  const role = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'administrator').executeTakeFirstOrThrow();
  formPath = `/test/${await grantModelMenu(db, role.id, modelId, [])}`;
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('codes and signatures in a generated form', () => {
  it('draws the codes of a related field, signs, saves, and the detail viewer shows them', async () => {
    const { page, errors } = admin;
    await page.goto(formPath);
    await expectPath(page, formPath);
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();

    // not letters and digits: no bars, a quiet note; the QR code draws any text
    await formItem(page, 'goodsCode').locator('input').fill('AB-1');
    await form(page).locator('[data-code-note="barcode"]').waitFor();
    expect(await form(page).locator('[data-code="barcode"]').count()).toBe(0);
    await expect.poll(() => form(page).locator('[data-code="qrcode"] svg').getAttribute('aria-label')).toBe('AB-1');
    await formItem(page, 'goodsCode').locator('input').fill(RECORD_CODE);
    await expect.poll(() => form(page).locator('[data-code="barcode"] svg').getAttribute('aria-label')).toBe(RECORD_CODE);
    expect(await form(page).locator('[data-code="barcode"] svg path').getAttribute('d')).toMatch(/^M5 5h4v40/); // code128 starts with a two-unit bar (width 2)
    await expect.poll(() => form(page).locator('[data-code="qrcode"] svg').getAttribute('aria-label')).toBe(RECORD_CODE);
    expect(await form(page).locator('[data-code="qrcode"] svg').getAttribute('width')).toBe('80');

    // sign: draw in the dialog, confirm; the image shows in the form
    await formItem(page, 'sig').locator('[data-action="sign-open"]').click();
    const pad = page.getByRole('dialog', { name: '签名' });
    await pad.waitFor();
    const canvas = page.getByTestId('sign-field-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 30);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + 30 + (i % 2) * 40);
    await page.mouse.up();
    await pad.locator('[data-action="sign-confirm"]').click();
    await pad.waitFor({ state: 'detached' });
    await expect.poll(() => formItem(page, 'sig').locator('img[data-sign-image]').getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    // location: address and coordinates typed in; no map tile source here, and the widget says so
    await formItem(page, 'place').locator('[data-location="address"]').fill('上海市黄浦区中山东一路');
    await formItem(page, 'place').locator('[data-location="lng"]').fill('121.4903');
    await formItem(page, 'place').locator('[data-location="lat"]').fill('31.2396');
    expect(await formItem(page, 'place').locator('[data-location-note]').textContent()).toContain('未配置地图瓦片源');

    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'goodsCode').textContent()).toBe(RECORD_CODE);
    expect(await cell(row, 'sig').locator('img[data-sign-image]').count()).toBe(1);

    await row.locator('[data-button="btn_detail"]').click();
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.waitFor();
    await expect.poll(() => detail.locator('[data-code="barcode"] svg').getAttribute('aria-label')).toBe(RECORD_CODE);
    expect(await detail.locator('[data-code="qrcode"] svg').getAttribute('aria-label')).toBe(RECORD_CODE);
    expect(await detail.locator('img[data-sign-image]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await detail.textContent()).toContain('上海市黄浦区中山东一路 (121.490300, 31.239600)');
    noReactErrors(errors);
  });

  it('prints the record from the detail viewer (a real barcode in the preview) and the print shows in 打印日志', async () => {
    const { page, errors } = admin;
    const detail = page.getByRole('dialog', { name: '详情' });
    await detail.getByRole('button', { name: '打 印' }).click();
    const preview = page.getByRole('dialog', { name: '条码标签' });
    await preview.waitFor();
    const frame = page.frameLocator('[data-print-frame]');
    await expect.poll(() => frame.locator('svg.print-barcode').getAttribute('aria-label')).toBe(RECORD_CODE);
    // download saves the filled page as a document named after the template
    const [download] = await Promise.all([page.waitForEvent('download'), preview.locator('[data-action="print-download"]').click()]);
    expect(download.suggestedFilename()).toBe('条码标签.doc');
    // print() of the sandboxed frame does not block a headless browser; stub it so no dialog can either
    await page.evaluate(() => {
      const f = document.querySelector('[data-print-frame]') as HTMLIFrameElement;
      (f.contentWindow as Window).print = () => undefined;
    });
    await preview.locator('[data-action="print-now"]').click();
    const logged = async () => (await api(e2e, admin.token).get('/api/system/printLog?keyword=条码标签')).body.data.list as { printTitle: string; recordId: string }[];
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(1);
    await preview.getByRole('button', { name: '取消', exact: true }).click();
    await preview.waitFor({ state: 'detached' });

    await page.goto('/system/printLog');
    await page.locator('[data-resource-page="system-print-log"]').waitFor();
    await waitRows(page, 1);
    const first = rows(page).first();
    await expect.poll(() => cell(first, 'printTitle').textContent()).toBe('条码标签');
    expect(await cell(first, 'userName').textContent()).toContain('admin');
    expect(await cell(first, 'modelName').textContent()).toBe('条码签收');
    noReactErrors(errors);
  });

  it('picks the place on a map where system configuration names a tile source', async () => {
    const { page, errors } = admin;
    const adminApi = api(e2e, admin.token);
    expect((await adminApi.put('/api/system/SysConfig', { mapTileUrl: '/tiles/{z}/{x}/{y}.png' })).body.code).toBe(200);
    try {
      await page.goto(formPath);
      await list(page).waitFor();
      await page.locator('[data-button="btn_add"]').click();
      await dialog(page).waitFor();
      const place = formItem(page, 'place');
      const map = place.locator('[data-location-map]');
      await map.waitFor();
      expect(await place.locator('[data-location-note]').count()).toBe(0);
      // the tiles come from the configured in-site template
      expect(await map.locator('img').first().getAttribute('src')).toMatch(/^\/tiles\/4\/\d+\/\d+\.png$/);
      await map.click({ position: { x: 180, y: 110 } }); // the centre: about 105°E 35°N at zoom 4
      await expect.poll(async () => Number(await place.locator('[data-location="lng"]').inputValue())).toBeCloseTo(105, 0);
      expect(Number(await place.locator('[data-location="lat"]').inputValue())).toBeCloseTo(35, 0);
      await place.locator('[data-location-marker]').waitFor();
    } finally {
      await adminApi.put('/api/system/SysConfig', { mapTileUrl: '' });
    }
    noReactErrors(errors);
  });

  it('takes the profile\'s default signature with one click (使用个人签名), and says so when there is none', async () => {
    const { page, errors } = admin;
    await page.goto(formPath);
    await list(page).waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    const sig = formItem(page, 'sig');
    await sig.locator('[data-action="sign-mine"]').click();
    await page.getByText('个人中心暂无签名，请先在个人资料中添加').waitFor();
    expect(await sig.locator('img[data-sign-image]').count()).toBe(0);

    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect((await api(e2e, admin.token).post('/api/permission/Users/Current/SignImg', { signImg: png })).body.code).toBe(200);
    await sig.locator('[data-action="sign-mine"]').click();
    await expect.poll(() => sig.locator('img[data-sign-image]').getAttribute('src')).toBe(png);
    await sig.locator('[data-action="sign-remove"]').click();
    await expect.poll(() => sig.locator('img[data-sign-image]').count()).toBe(0);
    noReactErrors(errors);
  });
});
