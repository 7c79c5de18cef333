import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { A11Y, confirm, dialog, dictionaryApi, drawer, drawerRow, pickParent, saveDialog, screen, treeNode, type Entry } from './dictionary-helpers';
import { sessionPage, type Session } from './model-helpers';

/**
 * Dictionary categories (spec 2.7, 5.3, issue 11 items 1 and 8): the 700 px drawer with its tree
 * table, the category dialog's rules ('上级菜单不能为空', '请输入名称', the name and code
 * patterns), add, edit (the tree switch fixed), a child category in the drawer and the left
 * tree, collapse and expand all; then a category exported (after the confirmation) and imported
 * back with its entry tree. Every state passes axe (WCAG 2 A/AA, serious and critical).
 */

let e2e: E2E;
let admin: Session;
let dict: ReturnType<typeof dictionaryApi>;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
  dict = dictionaryApi(e2e, admin.token);
  await admin.page.goto('/systemData/dictionary');
  await screen(admin.page).waitFor();
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('dictionary management: the category drawer', () => {
  it('manages categories in the 700 px drawer: the form rules, add (a tree and a child), edit', async () => {
    const { page } = admin;
    await page.locator('[data-action="category-menu"]').click();
    await page.locator('[data-action="category-manage"]').click();
    await drawer(page).waitFor();
    await drawerRow(page, '商品分类').waitFor();
    const width = await page.locator('.mantine-Drawer-content').evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(700);
    expect(await seriousViolations(page, A11Y)).toEqual([]);

    await drawer(page).locator('[data-action="category-add"]').click();
    const form = dialog(page, '新建分类');
    await form.waitFor();
    await form.locator('[data-action="form-submit"]').click();
    await form.getByText('请输入名称').waitFor();
    await form.getByText('请输入编码').waitFor();
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    // the parent is required too ('上级菜单不能为空'), and the name refuses special characters
    await form.locator('[data-field="parentId"]').hover();
    await form.locator('button[aria-label="重置"]').click();
    await form.getByText('上级菜单不能为空').waitFor();
    await form.locator('input[data-field="fullName"]').fill('E2E字典!');
    await form.getByText('名称不能含有特殊符号').waitFor();
    await form.locator('input[data-field="enCode"]').fill('.e2e');
    await form.getByText('只能输入英文、数字和小数点且小数点不能放在首尾').waitFor();
    await pickParent(page, form, '顶级节点');
    await form.locator('input[data-field="fullName"]').fill('E2E字典');
    await form.locator('input[data-field="enCode"]').fill('e2e.dict');
    await form.locator('input[data-field="isTree"]').check({ force: true });
    await saveDialog(page, '新建分类');
    await page.locator('.mantine-Notification-root').filter({ hasText: '新建成功' }).first().waitFor();
    await drawerRow(page, 'E2E字典').waitFor();
    expect((await dict.categoryByCode('e2e.dict'))?.isTree).toBe(1);

    // edit: the tree switch is fixed once the category exists
    await drawerRow(page, 'E2E字典').locator('[data-action="category-edit"]').click();
    const edit = dialog(page, '编辑分类');
    await expect.poll(() => edit.locator('input[data-field="enCode"]').inputValue()).toBe('e2e.dict');
    expect(await edit.locator('input[data-field="isTree"]').isDisabled()).toBe(true);
    await edit.locator('input[data-field="sortCode"]').fill('90');
    await saveDialog(page, '编辑分类');
    await expect.poll(() => drawerRow(page, 'E2E字典').locator('td[data-cell="sortCode"]').textContent()).toBe('90');

    // a child category sits under its parent in the drawer and in the left tree
    await drawer(page).locator('[data-action="category-add"]').click();
    await form.waitFor();
    await pickParent(page, form, 'E2E字典');
    await form.locator('input[data-field="fullName"]').fill('E2E子类');
    await form.locator('input[data-field="enCode"]').fill('e2e.child');
    await saveDialog(page, '新建分类');
    await expect.poll(() => drawerRow(page, 'E2E子类').getAttribute('data-depth')).toBe('1');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });

    // the left tree took the new categories; collapse all hides the child, expand all shows it
    await treeNode(page, 'E2E子类').waitFor();
    await page.locator('[data-action="category-menu"]').click();
    await page.locator('[data-action="category-collapse-all"]').click();
    await treeNode(page, 'E2E子类').waitFor({ state: 'detached' });
    await page.locator('[data-action="category-menu"]').click();
    await page.locator('[data-action="category-expand-all"]').click();
    await treeNode(page, 'E2E子类').waitFor();
  });

  it('exports a category and imports it back with its entries', async () => {
    const { page } = admin;
    const type = (await dict.categoryByCode('e2e.dict'))!;
    // its entries: 一级 with a disabled child 二级 (sort 7)
    const top = await dict.client.post('/api/system/DictionaryData', { dictionaryTypeId: type.id, parentId: type.id, fullName: '一级', enCode: 'lv1' });
    expect(top.body.code).toBe(200);
    const child = await dict.client.post('/api/system/DictionaryData', { dictionaryTypeId: type.id, parentId: top.body.data.id, fullName: '二级', enCode: 'lv1.a', enabledMark: 0, sortCode: 7 });
    expect(child.body.code).toBe(200);
    await page.locator('[data-action="category-menu"]').click();
    await page.locator('[data-action="category-manage"]').click();
    await drawerRow(page, 'E2E字典').locator('[data-action="category-export"]').click();
    const downloaded = page.waitForEvent('download');
    await confirm(page, '您确定要导出该字典分类吗, 是否继续?');
    const file = await (await downloaded).path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(exported.type).toMatchObject({ fullName: 'E2E字典', enCode: 'e2e.dict', isTree: 1, sortCode: 90 });
    expect(exported.entries.map((e: Entry) => e.enCode).sort()).toEqual(['lv1', 'lv1.a']);

    // a category holding entries or sub-categories is not deleted (the server's message shows)
    await drawerRow(page, 'E2E字典').locator('[data-action="category-delete"]').click();
    await confirm(page, '此操作将永久删除该数据, 是否继续？');
    await page.locator('.mantine-Notification-root').filter({ hasText: '不能删除' }).first().waitFor();
    await drawerRow(page, 'E2E子类').locator('[data-action="category-delete"]').click();
    await confirm(page, '此操作将永久删除该数据, 是否继续？');
    await drawerRow(page, 'E2E子类').waitFor({ state: 'detached' });
    expect((await dict.client.del(`/api/system/DictionaryData/${child.body.data.id}`)).body.code).toBe(200);
    expect((await dict.client.del(`/api/system/DictionaryData/${top.body.data.id}`)).body.code).toBe(200);
    await drawerRow(page, 'E2E字典').locator('[data-action="category-delete"]').click();
    await confirm(page, '此操作将永久删除该数据, 是否继续？');
    await drawerRow(page, 'E2E字典').waitFor({ state: 'detached' });
    expect(await dict.categoryByCode('e2e.dict')).toBeUndefined();

    // import the exported file: the category and its entry tree come back
    const chooser = page.waitForEvent('filechooser');
    await drawer(page).locator('[data-action="category-import"]').click();
    await (await chooser).setFiles(file);
    await page.locator('.mantine-Notification-root').filter({ hasText: '导入成功' }).first().waitFor();
    await drawerRow(page, 'E2E字典').waitFor();
    const back = (await dict.categoryByCode('e2e.dict'))!;
    expect(back).toMatchObject({ fullName: 'E2E字典', isTree: 1 });
    const tree = await dict.entries(back.id);
    expect(tree.map((e) => [e.fullName, e.enCode, e.enabledMark])).toEqual([['一级', 'lv1', 1]]);
    expect(tree[0]!.children!.map((e) => [e.fullName, e.enCode, e.enabledMark, e.sortCode])).toEqual([['二级', 'lv1.a', 0, 7]]);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    // the left tree shows the imported category (the cached list was cleared)
    await treeNode(page, 'E2E字典').waitFor();
  });

});
