import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness } from '../../src/renderers/testing/browser';

/** Our form in a real browser (Debian chromium, headless): what SSR cannot show. */
describe('ModelForm in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ browser, page } = await openHarness());
  }, 60_000);
  afterAll(async () => browser?.close());

  it('a keystroke re-renders the field that changed, not the form', async () => {
    await page.evaluate(() => window.scp.mountOurs(200));
    const first = await page.evaluate(() => window.scp.renderCounts());
    expect(Object.keys(first)).toHaveLength(200);
    await page.evaluate(() => window.scp.resetCounts());
    await page.evaluate(() => window.scp.keystroke(1, 'a'));
    await page.evaluate(() => window.scp.keystroke(1, 'ab'));
    const after = await page.evaluate(() => window.scp.renderCounts());
    expect(after).toEqual({ f1: 2 });
  });

  it('submit shows each required field its message; fixing a field clears its own message only', async () => {
    await page.evaluate(() => window.scp.mountOurs(30));
    expect(await page.locator('.scp-required').count()).toBe(3);
    expect(await page.evaluate(() => window.scp.submit())).toBe(false);
    await expect.poll(() => page.locator('.scp-field-error').count()).toBe(3);
    expect(await page.locator('[data-field-key="f0"] .scp-field-error').innerText()).toBe('字段 0不能为空');
    await page.evaluate(() => window.scp.keystroke(0, 'x'));
    await expect.poll(() => page.locator('.scp-field-error').count()).toBe(2);
  });

  it('a touched field shows its message on blur, before any submit', async () => {
    await page.evaluate(() => window.scp.mountOurs(30));
    await page.locator('[data-field-key="f10"] input').focus();
    await page.locator('[data-field-key="f11"] input').focus();
    await expect.poll(() => page.locator('.scp-field-error').count()).toBe(1);
    expect(await page.locator('[data-field-key="f10"] .scp-field-error').count()).toBe(1);
  });
});
