import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness } from '../../src/renderers/testing/browser';

/** The numbering-template picker in Chromium (widgets spec 2.7): paging, category, keyword, keyboard, confirm. */
describe('numbering-template picker in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ browser, page } = await openHarness('selectors-harness.tsx', 'scpSelectors'));
  }, 60_000);
  afterAll(async () => browser?.close());

  const state = () => page.evaluate(() => window.scpSelectors.state());
  const dialog = () => page.getByRole('dialog', { name: '模板' });

  it('lists 20 rules a page, newest first, and confirm with nothing chosen is ignored', async () => {
    await page.evaluate(() => window.scpSelectors.mount(null));
    await dialog().locator('[data-rule-row]').nth(19).waitFor();
    expect(await dialog().locator('[data-rule-row]').count()).toBe(20);
    expect((await state()).asked[0]).toMatchObject({ currentPage: 1, pageSize: 20, sidx: 'createdAt', sort: 'desc', keyword: '' });
    await dialog().getByRole('button', { name: '确定' }).click();
    expect((await state()).confirmed).toEqual([]);
    await expect.poll(() => dialog().isVisible()).toBe(true);

    await dialog().getByRole('button', { name: '下一页' }).click();
    await expect.poll(async () => (await state()).asked.at(-1)?.currentPage).toBe(2);
  });

  it('narrows by category (the root shows all) and by keyword on Enter; a rule is chosen by keyboard and confirm emits its enCode', async () => {
    await page.evaluate(() => window.scpSelectors.mount(null));
    await dialog().getByRole('button', { name: '业务分类' }).waitFor();
    await dialog().getByRole('button', { name: '销售业务' }).click();
    await expect.poll(async () => (await state()).asked.at(-1)?.categoryId).toBe('sales');
    await dialog().getByRole('textbox', { name: '请输入关键词查询' }).fill('规则3');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await state()).asked.at(-1)?.keyword).toBe('规则3');
    await dialog().locator('[data-rule-row="R33"]').waitFor();

    const pick = dialog().getByRole('button', { name: '选择 规则33' });
    await pick.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pick.getAttribute('aria-pressed')).toBe('true');
    await dialog().getByRole('button', { name: '确定' }).click();
    expect((await state()).confirmed).toEqual(['R33']);
  });

  it('opens with the current value chosen', async () => {
    await page.evaluate(() => window.scpSelectors.mount('R4'));
    const chosen = dialog().getByRole('button', { name: '选择 规则4', exact: true });
    await chosen.waitFor();
    expect(await chosen.getAttribute('aria-pressed')).toBe('true');
    await dialog().getByRole('button', { name: '确定' }).click();
    expect((await state()).confirmed).toEqual(['R4']);
  });
});
