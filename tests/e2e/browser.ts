import type { AppConfig } from '../../server/config';
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const PASSWORD = 'demo1234';

export interface E2E {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server over a fresh seeded database, serving the built front end, plus a browser.
 * `businessDemo`: with the ordering demo's goods, stock and money (as `npm start` seeds them).
 */
export async function startE2E(options: { businessDemo?: boolean; flowDemo?: boolean; config?: Partial<AppConfig> } = {}): Promise<E2E> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium fonts-noto-cjk`);
  const server = await startTestServer({ ...options.config, staticDir: inject('staticDir'), seedPassword: PASSWORD, businessDemo: options.businessDemo, flowDemo: options.flowDemo });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh context (own local storage) on a page of the app; language fixed to Chinese. */
export async function newPage(e2e: E2E): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function fillSignIn(page: Page, account: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the form and waits for the home page inside the shell. */
export async function signIn(page: Page, account: string, password = PASSWORD): Promise<void> {
  await fillSignIn(page, account, password);
  await page.waitForURL('**/home');
  await page.getByTestId('home-welcome').waitFor();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the page is at `path`, asking the page itself: an in-app navigation fires no load
 * event to wait for, and a failure then says where the page is instead.
 */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => location.pathname), { timeout: 15_000 }).toBe(path);
}
