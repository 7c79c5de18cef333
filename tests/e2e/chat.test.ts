import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * Two people chat from two browsers (issue 14 item 4): the administrator finds the staff member
 * among the contacts and writes; the staff member's chat badge counts up and the header blinks
 * without a reload; opening the conversation shows the message and counts it off; the reply
 * appears in the administrator's open window; emoji, the history search, and clearing the
 * records (with its question) work.
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

const chatCount = async (page: Page) => Number(await page.getByTestId('chat-badge').getAttribute('data-count'));
const drawer = (page: Page) => page.getByRole('dialog', { name: '即时聊天' });
const bubbles = (page: Page) => page.getByTestId('chat-messages').locator('[data-chat-message]');

describe('chat in two browsers', () => {
  it('writes, receives, reads and answers in real time', async () => {
    await staff.page.getByTestId('chat-open').waitFor();
    expect(await chatCount(staff.page)).toBe(0);

    const a = admin.page;
    await a.getByTestId('chat-open').click();
    await drawer(a).waitFor();
    await drawer(a).getByRole('tab', { name: '联系人' }).click();
    const search = drawer(a).getByRole('textbox', { name: '搜索联系人' });
    await search.fill('staff');
    await search.press('Enter');
    await drawer(a).locator('[data-contact]', { hasText: '张运营/staff' }).click();
    await a.getByTestId('chat-window').waitFor();
    // empty text is not sent
    await a.getByTestId('chat-input').fill('   ');
    expect(await a.getByTestId('chat-send').isDisabled()).toBe(true);
    await a.getByTestId('chat-input').fill('请今天确认 A 仓库存');
    await a.getByTestId('chat-emoji').click();
    await a.locator('[data-emoji-code="100"]').click();
    await a.getByTestId('chat-input').press('Enter');
    await expect.poll(() => bubbles(a).last().textContent()).toContain('请今天确认 A 仓库存😀');
    expect(await seriousViolations(a, ['[data-testid="chat-drawer"]'])).toEqual([]);

    // the staff member did nothing: the badge counts up and the header blinks
    await expect.poll(() => chatCount(staff.page), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => staff.page.getByTestId('chat-open').getAttribute('data-blink')).toBe('1');
    const s = staff.page;
    await s.getByTestId('chat-open').click();
    const conversation = drawer(s).locator('[data-conversation]').filter({ hasText: 'admin' });
    await conversation.locator('[data-unread="1"]').waitFor();
    await conversation.getByRole('button').first().click();
    await expect.poll(() => bubbles(s).last().textContent()).toContain('请今天确认 A 仓库存😀');
    await expect.poll(() => chatCount(s)).toBe(0);
    await s.getByTestId('chat-input').fill('好的，下午三点前回复');
    await s.getByTestId('chat-send').click();
    await expect.poll(() => bubbles(a).last().textContent(), { timeout: 10_000 }).toContain('好的，下午三点前回复');
    expect(await bubbles(a).last().getAttribute('data-mine')).toBe('0');
    // the administrator's window is open on this conversation: nothing stays unread
    await expect.poll(() => chatCount(a)).toBe(0);

    // an image: picked, uploaded to the IM folder, shown on both sides
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1e5a20000000049454e44ae426082', 'hex');
    const chooser = s.waitForEvent('filechooser');
    await s.getByTestId('chat-image').click();
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => a.getByTestId('chat-messages').locator('img[data-chat-image]').last().getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/api\/file\/Stream\//);
    await expect.poll(() => s.getByTestId('chat-messages').locator('img[data-chat-image]').count()).toBe(1);

    // history: search the text
    await s.getByTestId('chat-history-toggle').click();
    const history = s.getByTestId('chat-history');
    const keyword = history.getByRole('textbox', { name: '搜索聊天记录' });
    await keyword.fill('仓库存');
    await keyword.press('Enter');
    await expect.poll(() => history.locator('[data-chat-message]').count()).toBe(1);

    // clear the records (mine only), after the question
    await s.getByTestId('chat-back').click();
    await drawer(s).getByRole('button', { name: /的会话操作$/ }).first().click();
    await s.getByTestId('chat-clear').click();
    await s.getByTestId('chat-clear-confirm').click();
    const db = e2e.server.database.db;
    const adminId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    await expect.poll(async () => Number((await db.selectFrom('baseImReply').select('clearedAt').where('contactId', '=', adminId).executeTakeFirstOrThrow()).clearedAt)).toBeGreaterThan(0);
    await drawer(s).locator('[data-conversation]').first().getByRole('button').first().click();
    await s.getByTestId('chat-window').waitFor();
    await expect.poll(() => bubbles(s).count()).toBe(0);
    await expect.poll(() => bubbles(a).count()).toBeGreaterThanOrEqual(2); // the administrator's history is theirs
    noReactErrors(admin.errors);
    noReactErrors(staff.errors);
  });
});
