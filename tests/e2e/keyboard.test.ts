import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectPath, newPage, PASSWORD, startE2E, type E2E } from './browser';
import { api, noReactErrors, rows, sessionPage, waitRows } from './model-helpers';

/**
 * Keyboard alone (issue 19 items 3–5): sign-in, the skip link, a model page opened from the
 * sidebar menu, a record created, every way of closing the form (focus goes back to the control
 * that opened it), and the question before typed values are dropped. Every step is a key
 * press; the assertions read document.activeElement through accessible roles and names.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const DISCARD = '有未保存的修改，确定关闭吗？';

/** Whether the control has focus now (no waiting for it to appear: a missing control is simply not focused). */
const hasFocus = (target: Locator) => target.evaluateAll((els) => els.length === 1 && els[0] === document.activeElement);

async function expectFocus(target: Locator): Promise<void> {
  await expect.poll(() => hasFocus(target)).toBe(true);
}

/** Runs in the page: what has focus, in words, and whether it draws a ring (a 2px outline on it, or on the Mantine input box holding it). */
function focusedWithRing(): { name: string; ring: boolean } {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { name: '(body)', ring: false };
  const ringed = (e: Element | null) => {
    if (!e) return false;
    const s = getComputedStyle(e);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)';
  };
  const label = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent || el.textContent?.trim().slice(0, 20) || el.tagName;
  return { name: `${el.tagName.toLowerCase()} ${label}`, ring: ringed(el) || ringed(el.closest('.mantine-Input-input')) };
}

/**
 * Presses `key` until `target` has focus (at most `max` presses). Every control passed on the
 * way must show a focus ring; the ones that do not are returned as failures by name.
 */
async function pressUntil(page: Page, key: string, target: Locator, max: number): Promise<{ presses: number; noRing: string[] }> {
  const noRing: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const now = await page.evaluate(focusedWithRing);
    if (!now.ring) noRing.push(now.name);
    if (await hasFocus(target)) return { presses, noRing };
  }
  throw new Error(`${max} × ${key} did not reach ${target}; now on ${(await page.evaluate(focusedWithRing)).name}`);
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const question = (page: Page) => page.getByRole('dialog', { name: '提示', exact: true });
/** The discard question is up, its focus trap has put focus on its 取消 (keys pressed before would land in the form). */
async function asked(page: Page): Promise<void> {
  await question(page).waitFor();
  await expectFocus(question(page).getByRole('button', { name: '取 消', exact: true }));
}
/** A form popup is up and its focus trap has taken focus inside it. */
async function opened(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}
const addButton = (page: Page) => page.locator('.scp-model-page').getByRole('button', { name: '新增', exact: true });

/**
 * The classic layout (sidebar menu), chosen in the settings drawer by keyboard; the choice is
 * kept on the server, so later tests of the same user find it. (The default functional
 * layout's top menu opens its directories on a delayed hover timer that a key press does not
 * reliably start: that menu is another change's, issue 19 item 3.)
 */
async function classicLayout(page: Page): Promise<void> {
  if (await page.locator('[data-shell-layout="classic"]').count()) return;
  const settings = page.getByRole('button', { name: '系统设置', exact: true });
  await pressUntil(page, 'Tab', settings, 15);
  await page.keyboard.press('Enter');
  const classic = page.getByRole('button', { name: '经典', exact: true });
  await classic.waitFor();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await pressUntil(page, 'Tab', classic, 5);
  await page.keyboard.press('Enter');
  await page.locator('[data-shell-layout="classic"]').waitFor();
  await page.keyboard.press('Escape');
  await expectFocus(settings);
}

/** Opens 商品档案 from the sidebar menu: Tab to the directory 运营管理, Enter opens it, Tab to the entry, Enter. */
async function openGoodsByKeyboard(page: Page): Promise<void> {
  await classicLayout(page);
  const sidebar = page.getByTestId('sidebar');
  const directory = sidebar.getByRole('button', { name: '运营管理', exact: true });
  await pressUntil(page, 'Tab', directory, 15);
  expect(await directory.getAttribute('aria-expanded')).toBe('false');
  await page.keyboard.press('Enter');
  await expect.poll(() => directory.getAttribute('aria-expanded')).toBe('true');
  // the entries are drawn once the directory has opened (as a sighted user waits for them)
  const entry = sidebar.getByRole('button', { name: '商品档案', exact: true });
  await entry.waitFor();
  await pressUntil(page, 'Tab', entry, 3);
  await page.keyboard.press('Enter');
  await expectPath(page, '/operations/goods');
  await listLoaded(page);
}

/** The list has answered (rows or the empty text, no loader); tests before may have left records. */
async function listLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const table = document.querySelector('table.scp-model-list');
    return !!table && !table.querySelector('tbody .mantine-Loader-root') && table.querySelectorAll('tbody tr').length > 0;
  });
}

/** From the menu to 新增: the skip link (back up the header), then into the page. */
async function tabToAdd(page: Page): Promise<string[]> {
  await pressUntil(page, 'Shift+Tab', page.getByRole('link', { name: '跳到主要内容' }), 20);
  await page.keyboard.press('Enter');
  await expectFocus(page.locator('#main-content'));
  const { presses, noRing } = await pressUntil(page, 'Tab', addButton(page), 20);
  // past the search fields only, not the header again
  expect(presses).toBeLessThan(15);
  return noRing;
}

async function makeRecord(token: string, goodsCode: string, goodsName: string): Promise<void> {
  const reply = await api(e2e, token).post('/api/visualdev/OnlineDev/demo-model', { data: JSON.stringify({ goodsCode, goodsName, category: 'coal', unit: 'pcs', price: 10 }) });
  expect(reply.body.code, reply.body.msg).toBe(200);
}

async function recordCount(code: string): Promise<number> {
  const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-model').execute();
  return stored.filter((r) => (JSON.parse(r.data) as { goodsCode?: string }).goodsCode === code).length;
}

describe('keyboard only', () => {
  it('signs in with the keyboard; focus lands on the main content, and the skip link (first Tab stop) leads there', async () => {
    const { context, page } = await newPage(e2e);
    await page.goto('/login');
    const account = page.getByRole('textbox', { name: '账号', exact: true });
    await account.waitFor();
    await pressUntil(page, 'Tab', account, 6);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await expectFocus(page.getByLabel('密码', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await page.getByTestId('home-welcome').waitFor();

    const main = page.locator('#main-content');
    await expectFocus(main);
    // the next Tab is a control of the page, not the header
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);

    // a fresh load: the first Tab stop is the skip link, hidden until it has focus
    await page.reload();
    await page.getByTestId('home-welcome').waitFor();
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    const hidden = (await skip.boundingBox())!;
    expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);
    await page.keyboard.press('Tab');
    await expectFocus(skip);
    await expect.poll(async () => (await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect((await page.evaluate(focusedWithRing)).ring).toBe(true);
    await page.keyboard.press('Enter');
    await expectFocus(main);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
    await context.close();
  });

  it('opens a model page from the menu and creates a record; every control passed shows a focus ring, and focus returns to 新增', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await openGoodsByKeyboard(page);
    const noRing = await tabToAdd(page);

    await page.keyboard.press('Enter');
    const drawer = dialogNamed(page, '新增');
    await opened(drawer);

    const code = drawer.getByRole('textbox', { name: '商品编码', exact: true });
    noRing.push(...(await pressUntil(page, 'Tab', code, 3)).noRing);
    await page.keyboard.type('K.1001');
    await page.keyboard.press('Tab');
    await expectFocus(drawer.getByRole('textbox', { name: '商品名称', exact: true }));
    await page.keyboard.type('键盘商品');
    // a select opens its list on focus; arrows walk it, Enter picks
    await page.keyboard.press('Tab');
    await expectFocus(drawer.getByRole('combobox', { name: '商品分类', exact: true }));
    const coal = page.getByRole('option', { name: '煤炭', exact: true });
    await coal.waitFor();
    for (let i = 0; i < 10 && (await coal.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.getByRole('combobox', { name: '商品分类', exact: true }).inputValue()).toBe('煤炭');
    const price = drawer.getByRole('textbox', { name: '销售单价', exact: true });
    noRing.push(...(await pressUntil(page, 'Tab', price, 3)).noRing);
    await page.keyboard.type('12.5');
    noRing.push(...(await pressUntil(page, 'Tab', drawer.getByRole('button', { name: '保 存', exact: true }), 20)).noRing);
    expect(noRing, 'controls without a focus ring').toEqual([]);

    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(addButton(page));
    await waitRows(page, 1);
    await expect.poll(() => rows(page).first().locator('td[data-cell="goodsCode"]').textContent()).toBe('K.1001');
    expect(await recordCount('K.1001')).toBe(1);
    noReactErrors(errors);
    await context.close();
  });

  it('Escape, × and 取消 close an unchanged form at once and give focus back to the control that opened it (新增, a row’s 编辑)', async () => {
    const { context, page, errors, token } = await sessionPage(e2e, 'admin');
    await makeRecord(token, 'E.2001', '编辑前');
    await openGoodsByKeyboard(page);
    await tabToAdd(page);
    const add = addButton(page);
    const drawer = dialogNamed(page, '新增');

    // Escape; nothing typed, though Tab passed fields (their messages show): no question
    await page.keyboard.press('Enter');
    await opened(drawer);
    await pressUntil(page, 'Tab', drawer.getByRole('combobox', { name: '计量单位', exact: true }), 6);
    await page.keyboard.press('Escape'); // closes the list the select opened on focus
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(add);
    expect(await question(page).count()).toBe(0);

    // × (the dialog's first stop when it opens)
    await page.keyboard.press('Enter');
    await opened(drawer);
    await expectFocus(drawer.getByRole('button', { name: '关闭', exact: true }));
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(add);

    // 取消
    await page.keyboard.press('Enter');
    await opened(drawer);
    await pressUntil(page, 'Shift+Tab', drawer.getByRole('button', { name: '取 消', exact: true }), 4);
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expectFocus(add);

    // a row's 编辑: the edit form opens with the record; Escape returns to that very button
    const edit = rows(page).filter({ hasText: 'E.2001' }).getByRole('button', { name: '编辑', exact: true });
    await pressUntil(page, 'Tab', edit, 30);
    await page.keyboard.press('Enter');
    const editor = dialogNamed(page, '编辑');
    await opened(editor);
    await expect.poll(() => editor.getByRole('textbox', { name: '商品名称', exact: true }).inputValue()).toBe('编辑前');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expectFocus(edit);
    expect(await question(page).count()).toBe(0);
    noReactErrors(errors);
    await context.close();
  });
});

describe('no typed data lost to a key', () => {
  it('asks before Escape or × drops typed values; 取消 in the question (focused first) and Escape keep them; 确定 drops them', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await openGoodsByKeyboard(page);
    await tabToAdd(page);
    await page.keyboard.press('Enter');
    const drawer = dialogNamed(page, '新增');
    await opened(drawer);
    const name = drawer.getByRole('textbox', { name: '商品名称', exact: true });
    await pressUntil(page, 'Tab', name, 3);
    await page.keyboard.type('未保存的名称');

    // Escape asks; focus starts on the question's 取消, and Escape there answers 取消
    await page.keyboard.press('Escape');
    await asked(page);
    expect(await question(page).locator('[data-confirm-message]').textContent()).toBe(DISCARD);
    await page.keyboard.press('Escape');
    await question(page).waitFor({ state: 'detached' });
    await expectFocus(name);
    expect(await name.inputValue()).toBe('未保存的名称');

    // Escape again, then Enter on the focused 取消: still kept
    await page.keyboard.press('Escape');
    await asked(page);
    await page.keyboard.press('Enter');
    await question(page).waitFor({ state: 'detached' });
    await expectFocus(name);
    expect(await drawer.isVisible()).toBe(true);

    // × asks too; 确定 drops the values, closes the form and gives focus back to 新增
    await pressUntil(page, 'Shift+Tab', drawer.getByRole('button', { name: '关闭', exact: true }), 4);
    await page.keyboard.press('Enter');
    await asked(page);
    await pressUntil(page, 'Tab', question(page).getByRole('button', { name: '确 定', exact: true }), 3);
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    expect(await question(page).count()).toBe(0);
    await expectFocus(addButton(page));
    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-model').execute();
    expect(stored.filter((r) => r.data.includes('未保存的名称'))).toEqual([]);
    noReactErrors(errors);
    await context.close();
  });

  it('an edit form asks only when a value differs from the record: typed and erased closes at once, a change asks', async () => {
    const { context, page, errors, token } = await sessionPage(e2e, 'admin');
    await makeRecord(token, 'E.3001', '原名称');
    await openGoodsByKeyboard(page);
    await tabToAdd(page);
    const row = rows(page).filter({ hasText: 'E.3001' });
    await row.waitFor();
    const edit = row.getByRole('button', { name: '编辑', exact: true });
    const editor = dialogNamed(page, '编辑');
    const name = editor.getByRole('textbox', { name: '商品名称', exact: true });

    await pressUntil(page, 'Tab', edit, 30);
    await page.keyboard.press('Enter');
    await opened(editor);
    await expect.poll(() => name.inputValue()).toBe('原名称');
    await pressUntil(page, 'Tab', name, 3);
    await page.keyboard.press('End');
    await page.keyboard.type('X');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await question(page).count()).toBe(0);
    await expectFocus(edit);

    await page.keyboard.press('Enter');
    await opened(editor);
    await expect.poll(() => name.inputValue()).toBe('原名称');
    await pressUntil(page, 'Tab', name, 3);
    await page.keyboard.press('End');
    await page.keyboard.type('改');
    await page.keyboard.press('Escape');
    await asked(page);
    await pressUntil(page, 'Tab', question(page).getByRole('button', { name: '确 定', exact: true }), 3);
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await expectFocus(edit);
    const storedName = async () => {
      const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-model').execute();
      return stored.map((r) => JSON.parse(r.data) as { goodsCode: string; goodsName: string }).find((r) => r.goodsCode === 'E.3001')?.goodsName;
    };
    expect(await storedName()).toBe('原名称');

    // saved: no question, the list reloads, and focus is back on the row's 编辑
    await page.keyboard.press('Enter');
    await opened(editor);
    await expect.poll(() => name.inputValue()).toBe('原名称');
    await pressUntil(page, 'Tab', name, 3);
    await page.keyboard.press('End');
    await page.keyboard.type('新');
    await pressUntil(page, 'Tab', editor.getByRole('button', { name: '保 存', exact: true }), 20);
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    expect(await question(page).count()).toBe(0);
    await expect.poll(() => row.locator('td[data-cell="goodsName"]').textContent()).toBe('原名称新');
    await expectFocus(edit);
    expect(await storedName()).toBe('原名称新');
    noReactErrors(errors);
    await context.close();
  });

  it('an admin resource page’s dialog (the same form popup) asks as well: 取消 with typed text, then 确定', async () => {
    const { context, page, errors } = await sessionPage(e2e, 'admin');
    await page.goto('/system/dataInterface');
    await waitRows(page, 1);
    const add = page.locator('.scp-resource-page').getByRole('button', { name: '新增', exact: true });
    await pressUntil(page, 'Tab', page.getByRole('link', { name: '跳到主要内容' }), 2);
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Tab', add, 20);
    await page.keyboard.press('Enter');
    const dialog = dialogNamed(page, '新增');
    await opened(dialog);
    await pressUntil(page, 'Tab', dialog.getByRole('textbox', { name: '名称', exact: true }), 3);
    await page.keyboard.type('键盘接口');
    await pressUntil(page, 'Tab', dialog.getByRole('button', { name: '取 消', exact: true }), 20);
    await page.keyboard.press('Enter');
    await asked(page);
    await page.keyboard.press('Enter');
    await question(page).waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox', { name: '名称', exact: true }).inputValue()).toBe('键盘接口');

    await page.keyboard.press('Escape');
    await asked(page);
    await pressUntil(page, 'Tab', question(page).getByRole('button', { name: '确 定', exact: true }), 3);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(add);
    noReactErrors(errors);
    await context.close();
  });
});
