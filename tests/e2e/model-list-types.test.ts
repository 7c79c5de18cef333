import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { goodsColumns, goodsForm } from '../api/visualdev-fixture';
import { startE2E, type E2E } from './browser';
import { api, cell, columnTexts, form, formItem, list, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * List types 2–5 in the browser against the real server: the left tree filters (2), group
 * headers follow the server's group-first order (3), a row edits in place with the shared
 * validator's messages (4), and the tree table (demo-location) expands rows and adds children (5).
 */

let e2e: E2E;
let admin: Session;
const demoModel = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/models/demo-model.json'), 'utf8'));

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

async function release(enCode: string, formData: unknown, columnData: unknown): Promise<string> {
  const c = api(e2e, admin.token);
  const made = await c.post('/api/visualdev/Base', { fullName: enCode, enCode, type: 1, webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) });
  expect(made.body.code, made.body.msg).toBe(200);
  const id = made.body.data?.id ?? made.body.data;
  expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
  return id;
}

async function add(modelId: string, data: Record<string, unknown>): Promise<string> {
  const reply = await api(e2e, admin.token).post(`/api/visualdev/OnlineDev/${modelId}`, { data });
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.id;
}

const total = (page: Page) => page.locator('[data-pager="total"]').textContent();

describe('list types', () => {
  it('type 2: choosing a tree node filters the table by that category and its subcategories', async () => {
    const id = await release('treeGoodsE2E', demoModel.formData, { ...demoModel.columnData, type: 2, treeTitle: '商品分类', treeDataSource: 'dictionary', treeDictionary: 'goodsCategory', treeRelationField: 'category' });
    const cats = ['steel', 'steel.rebar', 'coal', 'nonferrous', 'steel.wire'];
    for (const [i, category] of cats.entries()) await add(id, { goodsCode: `T.${i}`, goodsName: `树${i}`, category, unit: 'pcs', price: 1 });
    const { page } = admin;
    await page.goto(`/previewModel?id=${id}`);
    await waitRows(page, 5);
    await page.locator('[data-tree-node="steel"]').first().click();
    await expect.poll(() => total(page)).toContain('3');
    await expect.poll(async () => (await columnTexts(page, 'goodsCode')).sort()).toEqual(['T.0', 'T.1', 'T.4']);
    await page.locator('[data-tree-node="steel.rebar"]').click();
    await expect.poll(() => columnTexts(page, 'goodsCode')).toEqual(['T.1']);
    await page.locator('[data-tree-node=""]').click();
    await expect.poll(() => total(page)).toContain('5');
    noReactErrors(admin.errors);
  });

  it('type 3: group headers over runs of the server order, with the page counts', async () => {
    const id = await release('groupGoodsE2E', goodsForm, { ...goodsColumns, type: 3, groupField: 'status', useBtnPermission: false, useColumnPermission: false, useFormPermission: false });
    for (let i = 0; i < 25; i++) await add(id, { goodsName: `G${i}`, quantity: i, status: i % 5 === 0 ? 'off' : 'on' });
    const { page } = admin;
    await page.goto(`/previewModel?id=${id}`);
    await waitRows(page, 20);
    const headers = page.locator('table.scp-model-list tbody tr[data-group]');
    await expect.poll(() => headers.allTextContents()).toEqual(['停售 (5)', '在售 (15)']);
    // page 2 carries on with the rest of 在售
    await page.locator('[data-pager="pager"] button', { hasText: /^2$/ }).click();
    await expect.poll(() => headers.allTextContents()).toEqual(['在售 (5)']);
    noReactErrors(admin.errors);
  });

  it('type 4: edit turns the row into widgets; messages show in the row; cancel restores; save PUTs', async () => {
    const id = await release('inlineGoodsE2E', goodsForm, { ...goodsColumns, type: 4, useBtnPermission: false, useColumnPermission: false, useFormPermission: false });
    const rec = await add(id, { goodsName: 'Bolt', goodsCode: 'G0001', quantity: 3, status: 'on' });
    const { page } = admin;
    await page.goto(`/previewModel?id=${id}`);
    await waitRows(page, 1);
    const row = list(page).locator(`tbody tr[data-row-id="${rec}"]`);
    await row.locator('[data-button="btn_edit"]').click();
    const name = row.locator(`#inline_${rec}_goodsName`);
    await expect.poll(() => name.inputValue()).toBe('Bolt');
    // no popup form: the row itself edits
    expect(await form(page).count()).toBe(0);
    await name.fill('螺栓');
    await row.locator(`#inline_${rec}_goodsCode`).fill('X1');
    await row.locator('[data-action="inline-save"]').click();
    await row.locator('[data-error-for="goodsName"]').getByText('商品名称只能包含字母、数字和空格').waitFor();
    await row.locator('[data-error-for="goodsCode"]').getByText('商品编码格式为G加四位数字').waitFor();
    // cancel: the row reads as before
    await row.locator('[data-action="inline-cancel"]').click();
    await expect.poll(() => cell(row, 'goodsName').textContent()).toBe('Bolt');
    expect(await row.locator('input').count()).toBe(0);
    // save
    await row.locator('[data-button="btn_edit"]').click();
    await expect.poll(() => name.inputValue()).toBe('Bolt');
    await name.fill('Bolt M8');
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/OnlineDev/${id}/${rec}`));
    await row.locator('[data-action="inline-save"]').click();
    const reply = await (await put).json();
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    await expect.poll(() => cell(row, 'goodsName').textContent()).toBe('Bolt M8');
    expect(await cell(row, 'goodsCode').textContent()).toBe('G0001');
    noReactErrors(admin.errors);
  });

  it('type 5: top-level rows page on the server; expand loads children; 添加下级 adds under a row', async () => {
    const M = 'demo-location';
    const warehouses: string[] = [];
    for (let i = 1; i <= 22; i++) warehouses.push(await add(M, { locationCode: `E${String(i).padStart(2, '0')}`, locationName: `仓库${i}`, locationType: 'warehouse' }));
    const zone = await add(M, { locationCode: 'E01.A', locationName: 'A区', locationType: 'zone', parentId: warehouses[0] });
    const { page } = admin;
    await page.goto(`/previewModel?id=${M}`);
    await waitRows(page, 20);
    await expect.poll(() => total(page)).toContain('22');
    expect(await rows(page).count()).toBe(20);
    const first = list(page).locator(`tbody tr[data-row-id="${warehouses[0]}"]`);
    expect(await list(page).locator(`tbody tr[data-row-id="${warehouses[1]}"] [data-action="expand"]`).count()).toBe(0);
    expect(await list(page).locator(`tbody tr[data-row-id="${zone}"]`).count()).toBe(0);
    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/OnlineDev/${M}/List`)) asked.push(r.postDataJSON());
    });
    await first.locator('[data-action="expand"]').click();
    const zoneRow = list(page).locator(`tbody tr[data-row-id="${zone}"]`);
    await zoneRow.waitFor();
    expect(await zoneRow.getAttribute('data-depth')).toBe('1');
    expect(asked).toContainEqual(expect.objectContaining({ parentId: warehouses[0], currentPage: 1 }));
    // add a shelf under the zone through the form
    await zoneRow.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await formItem(page, 'locationCode').locator('input').fill('E01.A.1');
    await formItem(page, 'locationName').locator('input').fill('货架1');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/OnlineDev\/demo-location(\?|$)/.test(r.url()));
    await page.locator('[data-action="form-submit"]').click();
    const reply = await (await saved).json();
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    await form(page).waitFor({ state: 'detached' });
    const shelf = list(page).locator(`tbody tr[data-row-id="${reply.data.id}"]`);
    await shelf.waitFor();
    expect(await shelf.getAttribute('data-depth')).toBe('2');
    // the top level is unchanged; collapsing hides the subtree
    await expect.poll(() => total(page)).toContain('22');
    await first.locator('[data-action="expand"]').click();
    await zoneRow.waitFor({ state: 'detached' });
    expect(await shelf.count()).toBe(0);
    noReactErrors(admin.errors);
  });
});
