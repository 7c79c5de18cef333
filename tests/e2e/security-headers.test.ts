import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { newPage, signIn, startE2E, type E2E } from './browser';
import { form, openFromMenu } from './model-helpers';

/**
 * The built front end runs under the server's Content-Security-Policy
 * (server/http/security-headers.ts) without a single violation: every page below is opened
 * with a listener for `securitypolicyviolation` installed before any script of the page runs.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

interface Watched {
  context: BrowserContext;
  page: Page;
  violations: () => Promise<string[]>;
  cspErrors: string[];
}

async function watchedPage(): Promise<Watched> {
  const { context, page } = await newPage(e2e);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) cspErrors.push(m.text());
  });
  // The app is a single page: one document from sign-in on, so one list per check.
  const all: string[] = [];
  const violations = async () => {
    all.push(...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0))));
    return all;
  };
  return { context, page, violations, cspErrors };
}

describe('Content-Security-Policy in the browser', () => {
  it('signing in, home, a model page with its form drawer, the profile and the socket raise no violation', async () => {
    const { context, page, violations, cspErrors } = await watchedPage();
    const socket = new Promise<string>((resolve) => {
      page.on('websocket', (ws) => {
        if (new URL(ws.url()).pathname.startsWith('/websocket/')) ws.on('framereceived', () => resolve(ws.url()));
      });
    });
    await page.goto('/login');
    await page.getByTestId('login-account').waitFor();
    expect(await violations()).toEqual([]);

    await signIn(page, 'admin');
    // The socket opened and answered under connect-src 'self'.
    expect(await socket).toMatch(/^ws:\/\//);
    expect(await violations()).toEqual([]);

    await openFromMenu(page, 'operations', 'goods', '/operations/goods');
    await page.locator('.scp-model-page[data-model-id="demo-model"]').waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await page.locator('.mantine-Drawer-content').waitFor();
    await form(page).waitFor();
    // The validator (compiled in the browser) runs: required messages appear.
    await page.locator('.mantine-Drawer-content [data-action="form-submit"]').click();
    await expect.poll(() => form(page).locator('.scp-field-error').count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-profile').click();
    await page.getByTestId('base-view').waitFor();
    expect(await violations()).toEqual([]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('the anonymous short-link form raises no violation', async () => {
    const admin = client(e2e.server.url, await tokenFor(e2e.server.database.db, 'admin'));
    const saved = await admin.put('/api/visualdev/ShortLink/demo-warehouse', { enabled: true, allowFill: true });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const { context, page, violations, cspErrors } = await watchedPage();
    await page.goto(saved.body.data.url);
    await page.getByTestId('short-link-form').waitFor();
    await page.getByTestId('short-link-submit').click();
    await expect.poll(() => page.locator('.scp-field-error').count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('the API documentation page runs under its own policy', async () => {
    const { context, page, violations, cspErrors } = await watchedPage();
    const res = await page.goto('/api/docs/static/index.html');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.locator('.swagger-ui .opblock').first().waitFor();
    expect(await violations()).toEqual([]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
