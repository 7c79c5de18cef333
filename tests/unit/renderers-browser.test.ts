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

  describe('messages in tabs and collapse panes (ModelPage add dialog)', () => {
    const item = (key: string) => page.locator(`.scp-model-form [data-field-key="${key}"]`);
    const message = (key: string) => item(key).locator('[data-field-error]');
    const pane = (name: string) => page.locator(`[data-pane="${name}"]`);
    const submit = () => page.locator('[data-action="form-submit"]').click();

    it('a required field in a hidden tab: the submit opens and marks its tab', async () => {
      await page.evaluate(() => window.scp.mountPopup([]));
      await item('name').locator('input').fill('甲');
      expect(await item('note').isVisible()).toBe(false);
      await submit();
      await expect.poll(() => message('note').textContent()).toBe('说明不能为空');
      expect(await item('note').isVisible()).toBe(true);
      expect(await pane('p2').getAttribute('aria-selected')).toBe('true');
      expect(await pane('p2').getAttribute('data-pane-error')).not.toBeNull();
      expect(await pane('p1').getAttribute('data-pane-error')).toBeNull();
      expect(await page.evaluate(() => window.scp.saved())).toEqual([]);
      // fixing it clears the mark
      await item('note').locator('input').fill('有');
      await expect.poll(() => pane('p2').getAttribute('data-pane-error')).toBeNull();
    });

    it("the server's refusal lands on the fields, marks their panes, opens the first, and lists the rest above the form", async () => {
      const errors = [
        { field: 'code', message: '编码已存在' },
        { field: 'memo2', message: '备注二太长' },
        { field: 'ghost', message: '幽灵字段不能为空' },
      ];
      await page.evaluate((e) => window.scp.mountPopup(e), errors);
      await item('name').locator('input').fill('甲');
      await pane('p2').click();
      await item('note').locator('input').fill('乙');
      await submit();
      await expect.poll(() => message('code').textContent()).toBe('编码已存在');
      expect(await page.evaluate(() => window.scp.saved())).toEqual([{ name: '甲', code: null, note: '乙', memo1: null, memo2: null }]);
      // the first field with a message (layout order) is brought into view: its tab opens
      expect(await pane('p1').getAttribute('aria-selected')).toBe('true');
      expect(await item('code').isVisible()).toBe(true);
      expect(await pane('p1').getAttribute('data-pane-error')).not.toBeNull();
      expect(await pane('p2').getAttribute('data-pane-error')).toBeNull();
      // memo2's closed collapse pane is marked; opened, it shows the message
      expect(await pane('c2').getAttribute('data-pane-error')).not.toBeNull();
      expect(await item('memo2').isVisible()).toBe(false);
      await pane('c2').click();
      await expect.poll(() => message('memo2').textContent()).toBe('备注二太长');
      expect(await page.locator('[data-form-messages]').textContent()).toBe('幽灵字段不能为空');
      expect(await page.locator('.scp-model-form [data-field-error]').count()).toBe(2);
      // a server message stays while its value stands (blur keeps it), and goes once the value changes
      await item('memo2').locator('input').focus();
      await item('memo2').locator('input').blur();
      expect(await message('memo2').count()).toBe(1);
      await item('memo2').locator('input').fill('短');
      await expect.poll(() => message('memo2').count()).toBe(0);
      expect(await message('code').textContent()).toBe('编码已存在');
      // the next save asks the server again; the messages above the form are its answer only
      await submit();
      await expect.poll(() => page.evaluate(() => window.scp.saved().length)).toBe(2);
      await expect.poll(() => message('memo2').textContent()).toBe('备注二太长');
      expect(await page.locator('[data-form-messages]').count()).toBe(1);
    });

    it('the same in the drawer and the full-screen form', async () => {
      for (const popupType of ['drawer', 'fullScreen'] as const) {
        await page.evaluate(([t]) => window.scp.mountPopup([{ field: 'note', message: '说明已存在' }], t), [popupType] as const);
        expect(await page.locator(`[data-popup="${popupType}"]`).count()).toBeGreaterThan(0);
        await item('name').locator('input').fill('甲');
        await pane('p2').click();
        await item('note').locator('input').fill('乙');
        await pane('p1').click();
        await submit();
        await expect.poll(() => message('note').textContent()).toBe('说明已存在');
        // the refused field's pane is opened for it (a render after the message)
        await expect.poll(() => item('note').isVisible()).toBe(true);
        expect(await pane('p2').getAttribute('data-pane-error')).not.toBeNull();
      }
    });
  });
});
