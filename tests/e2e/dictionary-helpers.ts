import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './browser';
import { api } from './model-helpers';

/** Selectors and server reads of the dictionary screen's browser tests (spec 2.7). */

export interface Category { id: string; fullName: string; enCode: string; isTree: number; children?: Category[] }
export interface Entry { id: string; fullName: string; enCode: string; enabledMark: number; sortCode: number; children?: Entry[] }

const exact = (name: string) => new RegExp(`^${name}$`);
export const screen = (page: Page) => page.locator('[data-page="systemData-dictionary"]');
export const entryRows = (page: Page) => page.locator('.scp-dict-entries table tbody tr[data-row-id]');
export const entryRow = (page: Page, name: string) => entryRows(page).filter({ has: page.locator('td[data-cell="fullName"]', { hasText: exact(name) }) });
export const treeNode = (page: Page, name: string) => page.locator('.scp-dict-categories [role="treeitem"]').filter({ has: page.locator(':scope > [data-category]', { hasText: exact(name) }) });
/** Chooses a category in the left tree (its own label, not a child's). */
export const chooseCategory = (page: Page, name: string) => treeNode(page, name).locator(':scope > [data-category]').click();
export const drawer = (page: Page) => page.getByRole('dialog', { name: '字典分类管理' });
export const drawerRow = (page: Page, name: string) => drawer(page).locator('tbody tr[data-row-id]').filter({ has: page.locator('td[data-cell="fullName"]', { hasText: exact(name) }) });
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/** What axe checks: the screen and any open drawer, dialog or confirmation. */
export const A11Y = ['.scp-dictionary-page', '[role="dialog"]'];

export function dictionaryApi(e2e: E2E, token: string) {
  const client = api(e2e, token);
  const categories = async (): Promise<Category[]> => {
    const flat: Category[] = [];
    const walk = (list: Category[]) => list.forEach((c) => (flat.push(c), walk(c.children ?? [])));
    walk((await client.get('/api/system/DictionaryType')).body.data.list);
    return flat;
  };
  return {
    client,
    categories,
    categoryByCode: async (enCode: string) => (await categories()).find((c) => c.enCode === enCode),
    entries: async (typeId: string): Promise<Entry[]> => (await client.get(`/api/system/DictionaryData/${typeId}`)).body.data.list,
  };
}

/** Answers the spec's confirmation after checking its words. */
export async function confirm(page: Page, message: string) {
  const box = page.locator('[data-confirm-message]');
  await box.waitFor();
  expect(await box.textContent()).toBe(message);
  await page.locator('[data-action="confirm-ok"]').click();
  await box.waitFor({ state: 'detached' });
}

export async function pickParent(page: Page, scope: Locator, label: string) {
  await scope.locator('[data-field="parentId"]').click();
  // an option with children also holds its expand button: match the option's own text
  await page.getByRole('option').filter({ hasText: exact(label) }).click();
}

export async function saveDialog(page: Page, title: string) {
  await dialog(page, title).locator('[data-action="form-submit"]').click();
  await dialog(page, title).waitFor({ state: 'detached' });
}
