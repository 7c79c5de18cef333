import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, cell, formItem, noReactErrors, rows, sessionPage, waitRows, type Session } from './model-helpers';
import { sendMessage, MESSAGE_TYPE } from '../../server/modules/message/inbox';

/**
 * In-site messages in two browsers (issue 14 item 2): the administrator writes and releases an
 * announcement on 公告管理; the staff member's bell counts up without a reload, the drawer (unread
 * only by default) shows it, opening it shows its text and counts the bell down; mark all read
 * asks first; the message centre lists every message with paging, and ?majorId opens one.
 */
let e2e: E2E;
let admin: Session;
let staff: Session;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
  staff = await sessionPage(e2e, 'staff');
});
afterAll(async () => {
  await admin?.context.close();
  await staff?.context.close();
  await e2e?.close();
});

const badge = (page: Page) => page.getByTestId('message-badge');
const count = async (page: Page) => Number(await badge(page).getAttribute('data-count'));
const drawer = (page: Page) => page.getByRole('dialog', { name: '站内消息' });

describe('in-site messages', () => {
  it('an announcement released by the administrator reaches the staff member at once; reading it counts the bell down', async () => {
    const before = await (async () => {
      await staff.page.getByTestId('message-bell').waitFor();
      return count(staff.page);
    })();

    const { page } = admin;
    await page.goto('/system/notice');
    await page.locator('[data-resource-page="system-notice"]').waitFor();
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    const form = page.locator('[role="dialog"]').filter({ has: page.locator('.scp-model-form') });
    await form.waitFor();
    await formItem(page, 'title').locator('input').fill('仓库盘点通知');
    await formItem(page, 'bodyText').locator('textarea').fill('本周五 14:00 起仓库盘点，\n暂停提货两小时。');
    await form.locator('[data-action="form-submit"]').click();
    await form.waitFor({ state: 'detached' });
    await waitRows(page, 1);
    const row = rows(page).filter({ has: page.locator('td[data-cell="title"]', { hasText: '仓库盘点通知' }) });
    await expect.poll(() => cell(row, 'enabledMark').textContent()).toBe('草稿');
    await row.locator('[data-button="btn_release"]').click();
    await page.locator('[data-action="confirm-ok"]').click();
    await expect.poll(() => cell(row, 'enabledMark').textContent(), { timeout: 10_000 }).toBe('已发布');

    // the staff member's page was not reloaded: the socket's messagePush counted the bell up
    await expect.poll(() => count(staff.page), { timeout: 10_000 }).toBe(before + 1);
    await staff.page.getByTestId('message-bell').click();
    await drawer(staff.page).waitFor();
    expect(await drawer(staff.page).getByRole('switch', { name: '只看未读' }).isChecked()).toBe(true);
    const item = drawer(staff.page).locator('[data-message-id]', { hasText: '仓库盘点通知' });
    await item.waitFor();
    expect(await seriousViolations(staff.page, ['[data-testid="message-drawer"]'])).toEqual([]);
    await item.click();
    const detail = staff.page.getByRole('dialog', { name: '消息详情' });
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('message-body').textContent()).toBe('本周五 14:00 起仓库盘点，\n暂停提货两小时。');
    await expect.poll(() => count(staff.page)).toBe(before);
    await detail.getByRole('button', { name: '关闭' }).or(detail.locator('.mantine-Modal-close')).first().click();
    // unread only: the read announcement leaves the list
    await expect.poll(() => drawer(staff.page).locator('[data-message-id]', { hasText: '仓库盘点通知' }).count()).toBe(0);
    noReactErrors(staff.errors);
  });

  it('mark all read asks first; the message centre pages through everything; majorId opens one', async () => {
    const db = e2e.server.database.db;
    const staffId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 23; i++) await sendMessage(db, e2e.server.app.realtime, { type: MESSAGE_TYPE.system, title: `系统通知${String(i).padStart(2, '0')}`, bodyText: `第${i}条`, toUserIds: [staffId], sentBy: null });
    const { page } = staff;
    await expect.poll(() => count(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(23);
    if (!(await drawer(page).isVisible())) await page.getByTestId('message-bell').click();
    await drawer(page).locator('[data-message-id]').first().waitFor();
    // infinite scroll: the second page comes when the end is near
    const list = page.getByTestId('message-list').locator('.mantine-ScrollArea-viewport');
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => drawer(page).locator('[data-message-id]').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(23);

    await page.getByTestId('message-read-all').click();
    // a message toast may lie over the dialog's button: the click goes to the button itself
    await page.getByTestId('message-read-all-confirm').dispatchEvent('click');
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => drawer(page).locator('[data-message-id]').count()).toBe(0);
    await page.getByTestId('message-more').click();
    await page.getByTestId('message-record').waitFor();
    const table = page.getByTestId('message-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(20);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThanOrEqual(4);

    const unread = await sendMessage(db, e2e.server.app.realtime, { type: MESSAGE_TYPE.system, title: '链接打开的消息', bodyText: '由 majorId 打开', toUserIds: [staffId], sentBy: null });
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(1);
    await page.goto(`/messageRecord?majorId=${unread.id}`);
    await page.getByRole('dialog', { name: '消息详情' }).getByTestId('message-body').filter({ hasText: '由 majorId 打开' }).waitFor();
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(0);
    const stored = await api(e2e, staff.token).get(`/api/message?keyword=链接打开&isRead=0`);
    expect(stored.body.data.list).toEqual([]);
    noReactErrors(staff.errors);
  });
});
