import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { A11Y, chooseCategory, confirm, dialog, dictionaryApi, entryRow, entryRows, pickParent, saveDialog, screen, treeNode, type Category, type Entry } from './dictionary-helpers';
import { formItem, noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * Dictionary management (spec 2.7, 5.4, issue 11 items 1 and 8): the category tree and the entry
 * table walked in the browser against the real server: reached from the menu, the first category
 * chosen, the tree searched, another category chosen, the keyword search, an entry added with a
 * bad code first ('请输入编码', the pattern message), then right, edited, the expand/collapse
 * toggle, deleted; the cached dictionaries of another open page refreshed; keyboard and English.
 * Every state passes axe (WCAG 2 A/AA, serious and critical). The category drawer, its dialog and
 * the export/import round trip are dictionary-categories.test.ts.
 */

let e2e: E2E;
let admin: Session;
let dict: ReturnType<typeof dictionaryApi>;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
  dict = dictionaryApi(e2e, admin.token);
  // a tree category of this file's own, for the entry flows
  const made = await dict.client.post('/api/system/DictionaryType', { parentId: '-1', fullName: 'E2E条目', enCode: 'e2e.entries', isTree: 1, sortCode: 90 });
  expect(made.body.code).toBe(200);
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('dictionary management: categories on the left, entries on the right', () => {
  it('opens with the first category chosen, lists its entries, filters the tree and passes axe', async () => {
    const { page } = admin;
    // reached from the menu: 系统管理 › 数据应用 › 数据字典
    await page.getByTestId('menu-systemManage').click();
    await page.getByTestId('menu-systemData').hover();
    await page.getByTestId('menu-systemData.dictionary').click();
    await screen(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/systemData/dictionary');
    const first = (await dict.client.get('/api/system/DictionaryType')).body.data.list[0] as Category;
    await expect.poll(() => page.locator('[data-selected-category]').textContent()).toBe(first.fullName);
    // every row of a tree category is open at first
    const names: string[] = [];
    const walk = (list: Entry[]) => list.forEach((e) => (names.push(e.fullName), walk(e.children ?? [])));
    walk(await dict.entries(first.id));
    await expect.poll(() => entryRows(page).locator('td[data-cell="fullName"]').allTextContents()).toEqual(names);
    expect(await treeNode(page, first.fullName).getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page, A11Y)).toEqual([]);

    // the tree filters by a substring of the name
    const search = page.locator('[data-action="category-search"] input, input[data-action="category-search"]').first();
    await search.fill('计量');
    await expect.poll(() => page.locator('.scp-dict-categories [role="treeitem"]').count()).toBe(1);
    await treeNode(page, '计量单位').waitFor();
    await search.fill('');

    // another category reloads the list
    const unit = (await dict.categoryByCode('unit'))!;
    const listed = page.waitForRequest((r) => r.url().includes(`/api/system/DictionaryData/${unit.id}?`));
    await chooseCategory(page, '计量单位');
    await listed;
    await expect.poll(() => entryRows(page).locator('td[data-cell="fullName"]').allTextContents()).toEqual(['吨', '千克', '件']);
    expect(await treeNode(page, '计量单位').getAttribute('aria-selected')).toBe('true');
    // a tree category's entries come nested and open
    await chooseCategory(page, '商品分类');
    await entryRow(page, '螺纹钢').waitFor();
    expect(await entryRow(page, '螺纹钢').getAttribute('data-depth')).toBe('1');
    // 煤炭 has no children: the table's expand/collapse toggle is not offered
    expect(await page.locator('[data-action="toggle-all"]').count()).toBe(0);
    await entryRow(page, '钢材').locator('[data-action="toggle-row"]').click();
    await entryRow(page, '螺纹钢').waitFor({ state: 'detached' });
    expect(await entryRow(page, '钢材').locator('[data-action="toggle-row"]').getAttribute('aria-expanded')).toBe('false');
  });

  it('searches the entries by keyword and resets', async () => {
    const { page } = admin;
    await chooseCategory(page, '计量单位');
    await expect.poll(() => entryRows(page).count()).toBe(3);
    await page.locator('.scp-dict-entries input').first().fill('kg');
    await page.locator('[data-action="search"]').click();
    await expect.poll(() => entryRows(page).locator('td[data-cell="fullName"]').allTextContents()).toEqual(['千克']);
    await page.locator('[data-action="reset"]').click();
    await expect.poll(() => entryRows(page).count()).toBe(3);
    expect(await page.locator('.scp-dict-entries input').first().inputValue()).toBe('');
    // a flat category: the entry dialog's parent is the category and cannot change
    await page.locator('[data-action="entry-add"]').click();
    await dialog(page, '新建字典').waitFor();
    expect(await dialog(page, '新建字典').locator('input[data-field="parentId"]').isDisabled()).toBe(true);
    expect(await dialog(page, '新建字典').locator('input[data-field="parentId"]').inputValue()).toBe('计量单位');
    await page.keyboard.press('Escape');
    await dialog(page, '新建字典').waitFor({ state: 'detached' });
  });

  it('adds entries (a bad code first), edits, toggles and deletes them', async () => {
    const { page, errors } = admin;
    const type = (await dict.categoryByCode('e2e.entries'))!;
    await chooseCategory(page, 'E2E条目');
    await expect.poll(() => page.locator('[data-selected-category]').textContent()).toBe('E2E条目');
    await page.locator('.scp-dict-entries').getByText('暂无数据').waitFor();

    await page.locator('[data-action="entry-add"]').click();
    const add = dialog(page, '新建字典');
    await add.waitFor();
    // a tree category: the parent picker is open, its top node the category itself
    expect(await add.locator('input[data-field="parentId"]').isDisabled()).toBe(false);
    expect(await add.locator('input[data-field="parentId"]').inputValue()).toBe('E2E条目');
    await add.locator('input[data-field="fullName"]').fill('一级');
    await add.locator('[data-action="form-submit"]').click();
    await add.getByText('请输入编码').waitFor();
    await add.locator('input[data-field="enCode"]').fill('lv1.');
    await add.getByText('只能输入英文、数字和小数点且小数点不能放在首尾').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await add.locator('input[data-field="enCode"]').fill('lv1');
    await saveDialog(page, '新建字典');
    await entryRow(page, '一级').waitFor();
    expect((await dict.entries(type.id)).map((e) => [e.fullName, e.enCode])).toEqual([['一级', 'lv1']]);

    // a child under 一级, and one more to delete later
    for (const [name, code, parent] of [['二级', 'lv1.a', '一级'], ['临时', 'tmp', 'E2E条目']] as const) {
      await page.locator('[data-action="entry-add"]').click();
      await add.waitFor();
      await pickParent(page, add, parent);
      await add.locator('input[data-field="fullName"]').fill(name);
      await add.locator('input[data-field="enCode"]').fill(code);
      await saveDialog(page, '新建字典');
      await entryRow(page, name).waitFor();
    }
    expect(await entryRow(page, '二级').getAttribute('data-depth')).toBe('1');

    // edit: the stored values come back; switching the status off shows 禁用 in red
    await entryRow(page, '二级').locator('[data-action="entry-edit"]').click();
    const edit = dialog(page, '编辑字典');
    await expect.poll(() => edit.locator('input[data-field="enCode"]').inputValue()).toBe('lv1.a');
    expect(await edit.locator('input[data-field="parentId"]').inputValue()).toBe('一级');
    await edit.locator('input[data-field="enabledMark"]').uncheck({ force: true });
    await edit.locator('input[data-field="sortCode"]').fill('7');
    await saveDialog(page, '编辑字典');
    await expect.poll(() => entryRow(page, '二级').locator('[data-status]').textContent()).toBe('禁用');
    expect(await entryRow(page, '二级').locator('[data-status]').getAttribute('data-status')).toBe('0');
    const stored = (await dict.entries(type.id))[0]!.children![0]!;
    expect([stored.enabledMark, stored.sortCode]).toEqual([0, 7]);

    // delete: the spec's confirmation, then the row goes
    await entryRow(page, '临时').locator('[data-action="entry-delete"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await confirm(page, '此操作将永久删除该数据, 是否继续？');
    await entryRow(page, '临时').waitFor({ state: 'detached' });
    expect((await dict.entries(type.id)).map((e) => e.fullName)).toEqual(['一级']);

    // now every row has children: the toggle closes and opens them all
    const toggle = page.locator('[data-action="toggle-all"]');
    await expect.poll(() => toggle.textContent()).toBe('折叠');
    await toggle.click();
    await entryRow(page, '二级').waitFor({ state: 'detached' });
    expect(await toggle.textContent()).toBe('展开');
    await toggle.click();
    await entryRow(page, '二级').waitFor();

    // an entry with children is not deleted: the server's message shows and the rows stay
    await entryRow(page, '一级').locator('[data-action="entry-delete"]').click();
    await confirm(page, '此操作将永久删除该数据, 是否继续？');
    await page.locator('.mantine-Notification-root').filter({ hasText: '该字典下有子数据，不能删除' }).first().waitFor();
    expect(await entryRows(page).count()).toBe(2);
    noReactErrors(errors);
  });

  it('clears the cached dictionaries: a form open in another tab offers a new entry at once', async () => {
    const { page } = admin;
    const go = (to: string) => page.evaluate((target) => window.history.pushState({}, '', target), to);
    await go('/operations/goods');
    await page.locator('[data-button="btn_add"]').click();
    const category = formItem(page, 'category').locator('input').first();
    await category.click();
    await page.getByRole('option', { name: '煤炭', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: '铝材', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('[data-action="form-cancel"]').click();

    await go('/systemData/dictionary');
    await chooseCategory(page, '商品分类');
    await entryRow(page, '钢材').waitFor();
    await page.locator('[data-action="entry-add"]').click();
    const add = dialog(page, '新建字典');
    await add.locator('input[data-field="fullName"]').fill('铝材');
    await add.locator('input[data-field="enCode"]').fill('aluminium');
    await saveDialog(page, '新建字典');
    await entryRow(page, '铝材').waitFor();

    await go('/operations/goods');
    await page.locator('[data-button="btn_add"]').click();
    await formItem(page, 'category').locator('input').first().click();
    await page.getByRole('option', { name: '铝材', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-action="form-cancel"]').click();
  });

  it('works from the keyboard: Enter on a tree node chooses it, Escape closes a dialog', async () => {
    const { page } = admin;
    // reached from the menu: 系统管理 › 数据应用 › 数据字典
    await page.getByTestId('menu-systemManage').click();
    await page.getByTestId('menu-systemData').hover();
    await page.getByTestId('menu-systemData.dictionary').click();
    await screen(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/systemData/dictionary');
    const first = page.locator('.scp-dict-categories [role="treeitem"]').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.value ?? null);
    expect(focused).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.scp-dict-entries').getAttribute('data-category-id')).toBe(focused);
    const add = page.locator('[data-action="entry-add"]');
    await add.focus();
    await page.keyboard.press('Enter');
    await dialog(page, '新建字典').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page, '新建字典').waitFor({ state: 'detached' });
    // typed values are not dropped by a key: Escape asks first, and the question's Escape keeps them
    await add.focus();
    await page.keyboard.press('Enter');
    const name = dialog(page, '新建字典').locator('input[data-field="fullName"]');
    await name.fill('未保存');
    await page.keyboard.press('Escape');
    const question = page.locator('[data-confirm-message]');
    await expect.poll(() => question.textContent()).toBe('有未保存的修改，确定关闭吗？');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('未保存');
    await dialog(page, '新建字典').locator('[data-action="form-cancel"]').click();
    await page.locator('[data-action="confirm-ok"]').click();
    await dialog(page, '新建字典').waitFor({ state: 'detached' });
  });

  it('reads in English: headings, menu, table, drawer and dialogs carry no Chinese text', async () => {
    const { page, errors } = admin;
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.locator('.scp-dict-categories h2').textContent()).toBe('Dictionary categories');
    // the language menu's items name each language in itself: gone before menu items are read
    await page.getByTestId('language-en').waitFor({ state: 'hidden' });
    const chrome = async (selector: string, within: Locator = page.locator('body')) =>
      // a control's name: its text, else its label (row buttons' labels name the row's data, not read here)
      within.locator(selector).evaluateAll((nodes) => nodes.flatMap((n) => [n.textContent?.trim() || n.getAttribute('aria-label') || '', n.getAttribute('placeholder') ?? '']).filter(Boolean));
    const HAN = /[\u3400-\u9fff]/u;
    const texts = [
      ...(await chrome('.scp-dict-categories h2, .scp-dict-categories input, [data-action="category-menu"], .scp-dict-entries label, .scp-dict-entries input, .scp-dict-entries button, .scp-dict-entries thead th')),
    ];
    await page.locator('[data-action="category-menu"]').click();
    texts.push(...(await chrome('[role="menuitem"]')));
    await page.locator('[data-action="category-manage"]').click();
    await page.getByRole('dialog', { name: 'Dictionary category management' }).waitFor();
    texts.push(...(await chrome('.mantine-Drawer-content thead th, .mantine-Drawer-content button')));
    await page.locator('[data-action="category-add"]').click();
    const form = page.getByRole('dialog', { name: 'New category' });
    await form.locator('[data-action="form-submit"]').click();
    await form.getByText('Please enter a name').waitFor();
    texts.push(...(await chrome('h2, label, button, .mantine-InputWrapper-error', form)));
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((t) => HAN.test(t))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-zh-CN').click();
    noReactErrors(errors);
  });
});
