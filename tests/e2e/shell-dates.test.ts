import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, fillSignIn, newPage, signIn, startE2E, type E2E } from './browser';
import { api, form, sessionPage } from './model-helpers';

/**
 * Issue 8 items 7 and 12 as a user meets them: calendars and times in the user's language and
 * 24-hour clock, the root going to /home, tabs surviving a reload, tab-strip arrows, the
 * sidebar running the window's height, and the 运营大屏 entry opening a real screen.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** In-app navigation (no reload), as a menu click does. */
async function goInApp(page: Page, to: string) {
  await page.evaluate((target) => window.history.pushState({}, '', target), to);
}

/** Runs in the page: a tab lies fully inside the strip and no scroll arrow covers either end. */
function tabInView(testId: string): boolean {
  const strip = document.querySelector('[data-testid="tags-scroller"]')!.getBoundingClientRect();
  const tab = document.querySelector(`[data-testid="${testId}"]`)!;
  const r = tab.getBoundingClientRect();
  if (r.left < strip.left - 1 || r.right > strip.right + 1) return false;
  const y = r.top + r.height / 2;
  return [r.left + 2, r.right - 2].every((x) => tab.contains(document.elementFromPoint(x, y)));
}

async function chooseLayout(page: Page, layout: string) {
  await page.getByTestId('settings-open').click();
  await page.getByTestId(`layout-${layout}`).click();
  await page.keyboard.press('Escape');
  await page.locator(`[data-shell-layout="${layout}"]`).waitFor();
}

describe('dates and times in the user language', () => {
  /** A released model with a date-time field and a time field, opened in preview. */
  async function timeModel(): Promise<string> {
    const admin = await sessionPage(e2e, 'admin');
    await admin.context.close();
    const c = api(e2e, admin.token);
    const field = (jnpfKey: string, label: string, key: string, format: string, formId: number) => ({
      __config__: { jnpfKey, label, span: 12, formId },
      __vModel__: key,
      format,
    });
    const formData = JSON.stringify({
      popupType: 'general',
      fields: [field('datePicker', '开始时间', 'startAt', 'yyyy-MM-dd HH:mm:ss', 1), field('timePicker', '打卡时间', 'clockAt', 'HH:mm:ss', 2), field('datePicker', '日期', 'day', 'yyyy-MM-dd', 3)],
    });
    const made = await c.post<{ id: string }>('/api/visualdev/Base', { fullName: '时间测试', enCode: 'timeCheck', category: 'test', type: 1, webType: 2, formData });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data!.id;
    expect((await c.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    return id;
  }

  it('zh-CN calendar reads 2026年11月 / 一 二 from Monday, times are 24-hour; switching to English switches the calendar', async () => {
    const id = await timeModel();
    const { page, context } = await sessionPage(e2e, 'admin');
    // A fixed clock: the calendar opens on November 2026 and "now" is 14:30:15.
    await page.clock.setFixedTime(new Date('2026-11-05T14:30:15'));
    await page.goto(`/previewModel?id=${id}`);
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();

    const item = (key: string) => form(page).locator(`[data-field-key="${key}"]`);
    await item('day').locator('button').first().click();
    // Mantine names calendar parts after the input that holds them (mantine-DatePickerInput-…).
    const header = page.locator('[class*="-calendarHeaderLevel"]').last();
    await expect.poll(() => header.textContent()).toBe('2026年11月');
    const weekdays = page.locator('[class$="-weekday"]');
    await expect.poll(async () => (await weekdays.allTextContents()).join(' ')).toBe('一 二 三 四 五 六 日');
    await page.keyboard.press('Escape');

    // Time field: 24-hour, no AM/PM select; typing 14:30:15 keeps 14.
    const clock = item('clockAt');
    expect(await clock.locator('select').count(), 'no AM/PM select').toBe(0);
    const fields = clock.locator('input:not([type="hidden"])');
    await fields.nth(0).fill('14');
    await fields.nth(1).fill('30');
    await fields.nth(2).fill('15');
    await expect.poll(() => clock.locator('input[type="hidden"]').inputValue()).toBe('14:30:15');
    expect(await clock.textContent()).not.toMatch(/AM|PM|上午|下午/);

    // Date-time picker: 24-hour value in the spec's format.
    await item('startAt').locator('button').first().click();
    // the picker's dropdown is the last dialog (the form itself is one)
    const dropdown = page.getByRole('dialog').last();
    await dropdown.locator('.mantine-DateTimePicker-day', { hasText: /^20$/ }).first().click();
    expect(await dropdown.locator('select').count(), 'no AM/PM select in the date-time picker').toBe(0);
    await dropdown.getByRole('spinbutton', { name: '时' }).fill('18');
    await dropdown.getByRole('spinbutton', { name: '分' }).fill('05');
    await dropdown.getByRole('spinbutton', { name: '秒' }).fill('09');
    await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
    await expect.poll(() => item('startAt').locator('button').first().textContent()).toBe('2026-11-20 18:05:09');

    // The language switches at run time and the calendar follows. (The form holds picked dates: closing it asks first.)
    await page.locator('[data-action="form-cancel"]').click();
    await page.locator('[data-confirm-message]').filter({ hasText: '有未保存的修改，确定关闭吗？' }).waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await form(page).waitFor({ state: 'hidden' });
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-en').click();
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await item('day').locator('button').first().click();
    await expect.poll(() => page.locator('[class*="-calendarHeaderLevel"]').last().textContent()).toBe('November 2026');
    await expect.poll(async () => (await page.locator('[class$="-weekday"]').allTextContents()).join(' ')).toBe('Su Mo Tu We Th Fr Sa');
    // the language is the user's preference (kept on the server): back to Chinese for the next tests
    await page.keyboard.press('Escape');
    await page.locator('[data-action="form-cancel"]').click();
    await form(page).waitFor({ state: 'hidden' });
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-zh-CN').click();
    await page.getByTestId('tab-/home').filter({ hasText: '首页' }).waitFor();
    await context.close();
  });
});

describe('shell seen by a new user', () => {
  it('after sign-in the address is /home, and the root leads there', async () => {
    const { context, page } = await newPage(e2e);
    await fillSignIn(page, 'customer', 'demo1234');
    await expectPath(page, '/home');
    await page.getByTestId('home-welcome').waitFor();
    await page.goto('/');
    await expectPath(page, '/home');
    await context.close();
  });

  it('a reload restores the visited tabs, per user, without pages the user may not open', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer');
    for (const p of ['/order', '/inventory', '/invoice']) {
      await goInApp(page, p);
      await page.getByTestId(`tab-${p}`).waitFor();
    }
    await goInApp(page, '/inventory');
    // A tab the customer may not open, slipped into what is stored, must not come back.
    const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('scp_tabs_')) ?? null);
    expect(key).toMatch(/^scp_tabs_.+/);
    await page.waitForFunction((k) => (localStorage.getItem(k) ?? '').includes('/invoice'), key!);
    await page.evaluate((k) => {
      const stored = JSON.parse(localStorage.getItem(k)!) as unknown[];
      stored.push({ path: '/permission/user', fullPath: '/permission/user', query: '', title: '用户管理' });
      localStorage.setItem(k, JSON.stringify(stored));
    }, key!);
    await page.reload();
    await page.getByTestId('tab-/invoice').waitFor();
    const order = await page.locator('[data-testid^="tab-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual(['tab-/home', 'tab-/order', 'tab-/inventory', 'tab-/invoice']);
    expect(await page.getByTestId('tab-/inventory').getAttribute('data-active')).toBe('true');
    // another user in the same browser starts from their own strip
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expectPath(page, '/guide');
    await signIn(page, 'staff');
    await page.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('scp_tabs_')).length === 2);
    expect(await page.getByTestId('tab-/order').count()).toBe(0);
    await context.close();
  });

  it('tabs that overflow the strip get arrows; the active tab is scrolled into view', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: 'zh-CN', viewport: { width: 900, height: 700 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, 'customer');
    expect(await page.getByTestId('tags-scroll-left').count()).toBe(0);
    expect(await page.getByTestId('tags-scroll-right').count()).toBe(0);
    const paths = ['/order', '/inventory', '/invoice', '/credit', '/getOrder', '/outOrder', '/pricemonitor', '/settlement', '/capitalPool', '/waitGoods', '/noSpec', '/addOrder'];
    for (const p of paths) {
      await goInApp(page, p);
      await page.getByTestId(`tab-${p}`).waitFor();
    }
    const strip = page.getByTestId('tags-scroller');
    /** Fully inside the strip and not under a scroll arrow. */
    const inView = (testId: string) => page.evaluate(tabInView, testId);
    // the last (active) tab is in view, the first ones went off the left: a left arrow, no right one
    await page.getByTestId('tags-scroll-left').waitFor();
    expect(await inView('tab-/addOrder')).toBe(true);
    expect(await inView('tab-/home')).toBe(false);
    expect(await page.getByTestId('tags-scroll-right').count()).toBe(0);
    // the arrows walk back to the start, where the left arrow goes and the right one appears
    // (each step is clicked inside the page and waits for the scroll to end: the arrow hides when
    // the strip reaches its start, so an arrow counted mid-scroll could be gone by a click from here)
    while (await strip.evaluate((el) => el.scrollLeft > 0)) {
      await page.getByTestId('tags-scroll-left').waitFor();
      await strip.evaluate(
        (el) =>
          new Promise<void>((resolve) => {
            el.addEventListener('scrollend', () => resolve(), { once: true });
            (document.querySelector('[data-testid="tags-scroll-left"]') as HTMLElement).click();
          }),
      );
    }
    await page.getByTestId('tags-scroll-left').waitFor({ state: 'detached' });
    expect(await inView('tab-/home')).toBe(true);
    await page.getByTestId('tags-scroll-right').waitFor();
    // opening a tab that is off to the right brings it into view
    await page.getByTestId('tab-/home').click();
    await goInApp(page, '/noSpec');
    await page.waitForFunction(tabInView, 'tab-/noSpec');
    await context.close();
  });

  it('the side menu runs the full window height on a long page (classic and plain)', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'admin');
    for (const layout of ['classic', 'plain']) {
      await chooseLayout(page, layout);
      // a page several windows long
      await page.evaluate(() => {
        const filler = document.createElement('div');
        filler.style.height = '4000px';
        filler.dataset.filler = '1';
        document.querySelector('main')!.appendChild(filler);
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.waitForFunction(() => window.scrollY > 2000);
      const box = await page.getByTestId('sidebar').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, background: getComputedStyle(el).backgroundColor };
      });
      expect(box.top).toBe(0);
      expect(box.bottom).toBe(900);
      expect(box.background).toBe('rgb(0, 21, 41)');
      await page.evaluate(() => document.querySelector('[data-filler]')?.remove());
    }
    await context.close();
  });

  it('运营大屏 opens a real screen: the portal it names, with its title and panels', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'admin');
    await page.getByTestId('menu-search').click();
    await page.getByTestId('menu-search').fill('运营大屏');
    const [screen] = await Promise.all([context.waitForEvent('page'), page.getByRole('option', { name: '运营大屏' }).click()]);
    await screen.getByTestId('data-screen').waitFor();
    expect(new URL(screen.url()).pathname).toBe('/DataV/view/demo-portal');
    await expect.poll(() => screen.getByTestId('screen-title').textContent()).toBe('运营门户');
    await screen.locator('[data-card="number"] [data-number]').first().waitFor();
    expect(await screen.locator('[data-card]').count()).toBeGreaterThanOrEqual(6);
    expect(await screen.getByTestId('screen-clock').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await context.close();
  });
});
