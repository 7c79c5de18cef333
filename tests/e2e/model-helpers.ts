import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { expectPath, newPage, type E2E } from './browser';

/**
 * Shared steps of the model-page browser tests: a session made in the database and put in
 * local storage under the product key (no sign-in form), the menu, and the list/form
 * selectors of the renderers (data-* attributes).
 */

export interface Session {
  context: BrowserContext;
  page: Page;
  token: string;
  /** Messages of console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function sessionPage(e2e: E2E, account: string): Promise<Session> {
  const token = await tokenFor(e2e.server.database.db, account);
  const { context, page } = await newPage(e2e);
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('scp_e2e_seeded')) {
      localStorage.setItem('scp_token', t);
      sessionStorage.setItem('scp_e2e_seeded', '1');
    }
  }, token);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto('/home');
  await page.getByTestId('home-welcome').waitFor();
  return { context, page, token, errors };
}

export function api(e2e: E2E, token: string) {
  return client(e2e.server.url, token);
}

/** Opens a page through the top menu (functional layout): the directory, then the entry. */
export async function openFromMenu(page: Page, directory: string, entry: string, path: string): Promise<void> {
  await page.getByTestId(`menu-${directory}`).click();
  await page.getByTestId(`menu-${entry}`).click();
  await expectPath(page, path);
}

export const list = (page: Page) => page.locator('table.scp-model-list');
export const rows = (page: Page) => list(page).locator('tbody tr[data-row-id]');
export const cell = (row: Locator, prop: string) => row.locator(`td[data-cell="${prop}"]`);
export const form = (page: Page) => page.locator('.scp-model-form');
export const formItem = (page: Page, key: string) => form(page).locator(`[data-field-key="${key}"]`);
export const fieldError = (page: Page, key: string) => formItem(page, key).locator('.scp-field-error');

/** Waits until the list shows no loader and at least `min` rows (or the empty text when min = 0). */
export async function waitRows(page: Page, min = 1): Promise<void> {
  await list(page).waitFor();
  await page.waitForFunction(
    (n) => {
      const table = document.querySelector('table.scp-model-list');
      if (!table) return false;
      const count = table.querySelectorAll('tbody tr[data-row-id]').length;
      return n === 0 ? count === 0 && !table.querySelector('tbody .mantine-Loader-root') : count >= n;
    },
    min,
  );
}

/** The text of one column over the rows of the current page. */
export async function columnTexts(page: Page, prop: string): Promise<string[]> {
  return rows(page).locator(`td[data-cell="${prop}"]`).allTextContents();
}

/** Waits until a column's first cell reads `text` (after a search, sort or page change). */
export async function waitFirst(page: Page, prop: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([p, t]) => document.querySelector(`table.scp-model-list tbody tr[data-row-id] td[data-cell="${p}"]`)?.textContent?.trim() === t,
    [prop, text] as const,
  );
}

export async function pickOption(page: Page, input: Locator, label: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

export function noReactErrors(errors: string[]): void {
  const bad = errors.filter((e) => /react|uncaught|pageerror|error boundary|unknown kind/i.test(e));
  expect(bad).toEqual([]);
}
