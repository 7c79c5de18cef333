import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Message templates end to end: the administrator opens 消息模板 from the menu entry
 * system.messageTemplate (schemas/admin/system-message-template.json), creates a template with
 * a type and a channel from getTypeList, then copies it with the row's 复制 button; each step
 * is checked against the server, and the page and dialog pass axe.
 */

let e2e: E2E;
let admin: Session;

const dialog = (page: Page) => page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

async function serverList() {
  const reply = await api(e2e, admin.token).get('/api/message/MessageTemplateConfig?keyword=e2eNotice&pageSize=50');
  return reply.body.data.list as { id: string; fullName: string; enCode: string; messageType: string; channel: string; title: string; enabledMark: number }[];
}

describe('message templates in the browser', () => {
  it('creates a template on the console page and copies it with the row button', async () => {
    const { page, errors } = admin;
    await page.goto('/system/messageTemplate');
    await page.locator('[data-resource-page="system-message-template"]').waitFor();
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    await waitRows(page, 0);

    await page.locator('[data-button="btn_add"]').click();
    await dialog(page).waitFor();
    await formItem(page, 'fullName').locator('input').fill('发货通知');
    await formItem(page, 'enCode').locator('input').fill('e2eNotice');
    await pickOption(page, formItem(page, 'messageType').locator('input'), '系统');
    await pickOption(page, formItem(page, 'channel').locator('input'), '邮件');
    await formItem(page, 'title').locator('input').fill('订单 {orderNo} 已发货');
    await formItem(page, 'content').locator('textarea').fill('{customer}，您的订单 {orderNo} 已发货。');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await dialog(page).locator('[data-action="form-submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });

    await expect.poll(async () => (await serverList()).length, { timeout: 10_000 }).toBe(1);
    expect((await serverList())[0]).toMatchObject({ fullName: '发货通知', enCode: 'e2eNotice', messageType: '3', channel: 'mail', title: '订单 {orderNo} 已发货', enabledMark: 1 });
    await waitRows(page, 1);
    const row = rows(page).filter({ has: page.locator('td[data-cell="enCode"]', { hasText: /^e2eNotice$/ }) });
    // the type and channel columns show the names, not the codes
    await expect.poll(() => cell(row, 'messageType').textContent()).toBe('系统');
    await expect.poll(() => cell(row, 'channel').textContent()).toBe('邮件');

    await row.locator('[data-button="btn_copy"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(async () => (await serverList()).length, { timeout: 10_000 }).toBe(2);
    const copy = (await serverList()).find((r) => r.enCode !== 'e2eNotice')!;
    expect(copy.fullName).toMatch(/^发货通知\.副本\d{5}$/);
    expect(copy).toMatchObject({ messageType: '3', channel: 'mail', title: '订单 {orderNo} 已发货', enabledMark: 0 });
    await waitRows(page, 2);
    expect(await rows(page).locator('td[data-cell="fullName"]').allTextContents()).toEqual(expect.arrayContaining(['发货通知', copy.fullName]));
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    noReactErrors(errors);
  });

  it('searches by message type and channel on the server', async () => {
    const { page, errors } = admin;
    const typeSearch = page.locator('[data-search-field="messageType"] input').first();
    const asked = page.waitForRequest((r) => r.url().includes('/api/message/MessageTemplateConfig?') && r.url().includes('messageType=1'));
    await pickOption(page, typeSearch, '公告');
    await page.locator('[data-action="search"]').click();
    await asked;
    await waitRows(page, 0);
    await page.locator('[data-action="reset"]').click();
    await waitRows(page, 2);
    await pickOption(page, page.locator('[data-search-field="channel"] input').first(), '邮件');
    await page.locator('[data-action="search"]').click();
    await waitRows(page, 2);
    expect(await rows(page).locator('td[data-cell="channel"]').allTextContents()).toEqual(['邮件', '邮件']);
    noReactErrors(errors);
  });
});
