import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * The system configuration page (schemas/admin/system-config.json, a single-record settings
 * descriptor): the administrator renames the system, and after a reload the shell shows the new
 * name and title; every tab is checked with axe.
 */
let e2e: E2E;
let admin: Session;
const A11Y = ['.scp-settings-page'];

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('system configuration in the browser', () => {
  it('saves a new system name that the shell shows after a reload', async () => {
    const { page, errors } = admin;
    await page.goto('/system/sysConfig');
    const settings = page.locator('[data-settings-page="system-config"]');
    await settings.waitFor();
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    const sysName = settings.locator('[data-field-key="sysName"] input');
    await expect.poll(() => sysName.inputValue()).toBe('供应链服务平台');
    await sysName.fill('华东供应链云');
    await settings.locator('[data-field-key="title"] input').fill('华东供应链云 · 控制台');
    await page.locator('[data-action="settings-save"]').click();
    await page.getByText('保存成功').first().waitFor();

    await page.reload();
    await expect.poll(() => page.getByTestId('shell-sys-name').first().textContent()).toBe('华东供应链云');
    await expect.poll(() => page.title()).toContain('华东供应链云');
    const stored = await e2e.server.database.db.selectFrom('baseSysConfig').select('value').where('key', '=', 'sysName').executeTakeFirst();
    expect(stored?.value).toBe('华东供应链云');
    noReactErrors(errors);
  });

  it('names every control on every tab (axe), and a connection test without settings says what is missing', async () => {
    const { page, errors } = admin;
    await page.goto('/system/sysConfig');
    const settings = page.locator('[data-settings-page="system-config"]');
    await settings.locator('[data-field-key="sysName"]').waitFor();
    for (const pane of ['basic', 'security', 'admins', 'ding', 'qy']) {
      await settings.locator(`[data-pane="${pane}"]`).click();
      expect(await seriousViolations(page, A11Y), pane).toEqual([]);
    }
    await settings.locator('[data-pane="ding"]').click();
    await settings.locator('[data-form-action="testDing"]').click();
    await page.getByText('请先填写钉钉的 AppKey 和 AppSecret').first().waitFor();
    noReactErrors(errors);
  });
});
