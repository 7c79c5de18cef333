import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { newPage, startE2E, type E2E } from './browser';

/** /formShortLink: an administrator turns a link on; someone without an account fills the form. */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('form short link', () => {
  it('an anonymous browser fills demo-warehouse through the link, sees the required messages, submits and views the submission', async () => {
    const admin = client(e2e.server.url, await tokenFor(e2e.server.database.db, 'admin'));
    const saved = await admin.put('/api/visualdev/ShortLink/demo-warehouse', { enabled: true, allowFill: true, allowView: true });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const url: string = saved.body.data.url;

    const { context, page } = await newPage(e2e);
    await page.goto(url);
    await page.getByTestId('short-link-form').waitFor();
    await expect(page.getByTestId('public-title').textContent()).resolves.toBe('仓库档案');
    expect(await page.evaluate(() => localStorage.getItem('scp_token'))).toBeNull();

    await page.getByTestId('short-link-submit').click();
    const codeItem = page.locator('[data-field-key="warehouseCode"]');
    await expect(codeItem.locator('.scp-field-error').textContent()).resolves.toContain('不能为空');
    await expect(page.locator('[data-field-key="warehouseName"] .scp-field-error').textContent()).resolves.toContain('不能为空');

    await codeItem.locator('input').fill('WH900');
    await page.locator('[data-field-key="warehouseName"] input').fill('外链仓库');
    await page.getByTestId('short-link-submit').click();
    await page.getByTestId('short-link-success').waitFor();

    await page.getByTestId('short-link-view').click();
    const submission = page.getByTestId('short-link-submission');
    await submission.waitFor();
    await expect(submission.locator('[data-field-key="warehouseName"]').textContent()).resolves.toContain('外链仓库');
    await context.close();

    const list = await admin.post('/api/visualdev/OnlineDev/demo-warehouse/List', { warehouseName: '外链仓库' });
    expect(list.body.data.pagination.total).toBe(1);

    // A link turned off: the same page says the link is invalid.
    await admin.put('/api/visualdev/ShortLink/demo-warehouse', { enabled: false });
    const { context: later, page: again } = await newPage(e2e);
    await again.goto(url);
    await again.getByTestId('short-link-invalid').waitFor();
    await later.close();
  });
});
