import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { api, cell, fieldError, form, formItem, noReactErrors, openFromMenu, pickOption, rows, sessionPage, waitRows } from './model-helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('商品档案 (demo-model): a generated form is filled, validated and saved', () => {
  it('shows required and shared-pattern messages on the fields, then saves and lists the record', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await openFromMenu(page, 'operations', 'goods', '/operations/goods');
    await page.locator('.scp-model-page[data-model-id="demo-model"]').waitFor();
    await waitRows(page, 0);

    await page.locator('[data-button="btn_add"]').click();
    // popupType drawer, drawerWidth 720px
    const drawer = page.locator('.mantine-Drawer-content');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(720);
    await form(page).waitFor();

    await drawer.locator('[data-action="form-submit"]').click();
    for (const [key, message] of [['goodsCode', '商品编码不能为空'], ['goodsName', '商品名称不能为空'], ['category', '商品分类不能为空'], ['price', '销售单价不能为空']] as const) {
      await expect.poll(() => fieldError(page, key).textContent()).toBe(message);
    }
    // defaults fill unit (件); it has no message
    expect(await fieldError(page, 'unit').count()).toBe(0);

    // the author's regList message and the shared patterns' messages, on the field
    await formItem(page, 'goodsCode').locator('input').fill('.G1001');
    await expect.poll(() => fieldError(page, 'goodsCode').textContent()).toBe('商品编码只能包含字母、数字和点');
    await formItem(page, 'goodsName').locator('input').fill('测试#商品');
    await expect.poll(() => fieldError(page, 'goodsName').textContent()).toBe('名称不能含有特殊符号');
    const mobile = formItem(page, 'supplierMobile').locator('input');
    await mobile.fill('12345');
    await mobile.blur();
    await expect.poll(() => fieldError(page, 'supplierMobile').textContent()).toBe('请正确输入您的手机号');

    // fix every value
    await formItem(page, 'goodsCode').locator('input').fill('G.1001');
    await formItem(page, 'goodsName').locator('input').fill('测试商品甲');
    await pickOption(page, formItem(page, 'category').locator('input').first(), '煤炭');
    await formItem(page, 'price').locator('input').fill('12.5');
    await mobile.fill('13800138000');
    await mobile.blur();
    await expect.poll(() => form(page).locator('.scp-field-error').count()).toBe(0);

    await drawer.locator('[data-action="form-submit"]').click();
    await drawer.waitFor({ state: 'hidden' });
    await waitRows(page, 1);
    const row = rows(page).first();
    await expect.poll(() => cell(row, 'goodsCode').textContent()).toBe('G.1001');
    expect(await cell(row, 'goodsName').textContent()).toBe('测试商品甲');
    expect(await cell(row, 'category').textContent()).toBe('煤炭');
    expect(await cell(row, 'unit').textContent()).toBe('件');

    // the server holds what the browser sent
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-model').execute();
    expect(stored.map((r) => JSON.parse(r.data))).toEqual([expect.objectContaining({ goodsCode: 'G.1001', category: 'coal', unit: 'pcs', price: 12.5, supplierMobile: '13800138000' })]);
    noReactErrors(errors);
    await context.close();
  });
});

describe('a record the server refuses shows its messages on the form', () => {
  /** demo-model's descriptor; `stricter` makes 商品描述 (second tab pane) required and adds a required 产地 the open form does not have. */
  type Field = { __config__: { label?: string; required?: boolean; children?: Field[] }; __vModel__?: string; [prop: string]: unknown };
  const demoModel = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/models/demo-model.json'), 'utf8')) as { formData: { fields: Field[] }; columnData: Record<string, unknown> };
  function stricter(): unknown {
    const formData = structuredClone(demoModel.formData);
    const walk = (fields: Field[]): void => {
      for (const f of fields) {
        if (f.__vModel__ === 'description') f.__config__.required = true;
        walk(f.__config__.children ?? []);
      }
    };
    walk(formData.fields);
    formData.fields.push({ __config__: { jnpfKey: 'input', label: '产地', required: true, span: 12, regList: [] } as Field['__config__'], __vModel__: 'origin', placeholder: '请输入产地' });
    return formData;
  }

  it('changed on the server while the form was open: the message under the field in its hidden tab pane (opened and marked), the unknown field above the form', async () => {
    const { context, page, token, errors } = await sessionPage(e2e, 'admin');
    const c = api(e2e, token);
    const columnData = { ...demoModel.columnData, useBtnPermission: false, useColumnPermission: false, useFormPermission: false };
    const definition = { fullName: '拒绝商品', enCode: 'refusalGoods', type: 1, webType: 2, columnData: JSON.stringify(columnData) };
    const made = await c.post<{ id: string }>('/api/visualdev/Base', { ...definition, formData: JSON.stringify(demoModel.formData) });
    expect(made.body.code, made.body.msg).toBe(200);
    const id = made.body.data!.id;
    expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);

    await page.goto(`/previewModel?id=${id}`);
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await formItem(page, 'goodsCode').locator('input').fill('R.1001');
    await formItem(page, 'goodsName').locator('input').fill('拒绝商品甲');
    await pickOption(page, formItem(page, 'category').locator('input').first(), '煤炭');
    await formItem(page, 'price').locator('input').fill('10');
    // the browser checks the model it opened with: nothing to say yet
    expect(await form(page).locator('.scp-field-error').count()).toBe(0);
    const description = formItem(page, 'description');
    expect(await description.isVisible()).toBe(false);

    // an administrator makes the model stricter meanwhile
    expect((await c.put(`/api/visualdev/Base/${id}`, { ...definition, formData: JSON.stringify(stricter()) })).body.code).toBe(200);
    expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);

    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/OnlineDev/${id}?`));
    await page.locator('[data-action="form-submit"]').click();
    const reply = await (await refused).json();
    expect(reply.code).toBe(400);
    expect(reply.data.errors).toEqual(expect.arrayContaining([{ field: 'description', message: '商品描述不能为空' }, { field: 'origin', message: '产地不能为空' }]));

    await expect.poll(() => fieldError(page, 'description').textContent()).toBe('商品描述不能为空');
    expect(await description.isVisible()).toBe(true);
    const tabs = form(page).locator('[data-layout="tab"] [role="tab"]');
    expect(await tabs.filter({ hasText: '状态与评价' }).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.filter({ hasText: '状态与评价' }).getAttribute('data-pane-error')).not.toBeNull();
    expect(await tabs.filter({ hasText: '供应信息' }).getAttribute('data-pane-error')).toBeNull();
    expect(await form(page).locator('[data-form-messages]').textContent()).toBe('产地不能为空');
    expect(await form(page).locator('.scp-field-error').count()).toBe(1);

    // fixing the field clears its message and its tab's mark; the server still refuses 产地, which this form cannot show
    await description.locator('textarea').fill('一段描述');
    await expect.poll(() => fieldError(page, 'description').count()).toBe(0);
    expect(await tabs.filter({ hasText: '状态与评价' }).getAttribute('data-pane-error')).toBeNull();
    const again = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/OnlineDev/${id}?`));
    await page.locator('[data-action="form-submit"]').click();
    expect((await (await again).json()).data.errors).toEqual([{ field: 'origin', message: '产地不能为空' }]);
    await expect.poll(() => form(page).locator('[data-form-messages]').textContent()).toBe('产地不能为空');
    expect(await form(page).locator('.scp-field-error').count()).toBe(0);
    expect(await form(page).isVisible()).toBe(true);
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('id').where('modelId', '=', id).execute();
    expect(stored).toEqual([]);
    noReactErrors(errors);
    await context.close();
  });
});
