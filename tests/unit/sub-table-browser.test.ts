import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness } from '../../src/renderers/testing/browser';

/** The sub-table in Chromium (src/renderers/testing/sub-table-harness.tsx): what stays fast with 200 rows. */
describe('sub-table in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ browser, page } = await openHarness('sub-table-harness.tsx', 'subTable'));
  }, 60_000);
  afterAll(async () => browser?.close());

  it('a keystroke in a cell re-renders that row only; adding a row renders the new row only', async () => {
    await page.evaluate(() => window.subTable.mount(200));
    const first = await page.evaluate(() => window.subTable.renderCounts());
    expect(Object.keys(first).filter((k) => k.startsWith('items.'))).toHaveLength(200);
    await page.evaluate(() => window.subTable.resetCounts());
    await page.evaluate(() => window.subTable.keystroke(120, 'x'));
    await page.evaluate(() => window.subTable.keystroke(120, 'xy'));
    expect(await page.evaluate(() => window.subTable.renderCounts())).toEqual({ items: 2, 'items.120': 2 });
    await page.evaluate(() => window.subTable.resetCounts());
    await page.evaluate(() => window.subTable.addRow());
    expect(await page.evaluate(() => window.subTable.renderCounts())).toEqual({ items: 1, 'items.200': 1 });
  });

  it('the 合计 row follows the rows, and a row calculation follows its cells', async () => {
    await page.evaluate(() => window.subTable.mount(3));
    // qty 0, 1, 2 at price 1.5
    expect(await page.evaluate(() => window.subTable.summary('qty'))).toBe('3');
    expect(await page.evaluate(() => window.subTable.summary('amount'))).toBe('4.50');
    await page.locator('[data-cell="items.0.qty"] input').fill('4');
    await expect.poll(() => page.locator('[data-cell="items.0.amount"] [data-calc-value]').textContent()).toBe('6.00');
    await expect.poll(() => page.evaluate(() => window.subTable.summary('amount'))).toBe('10.50');
    expect(await page.evaluate(() => window.subTable.summary('qty'))).toBe('7');
  });
});
