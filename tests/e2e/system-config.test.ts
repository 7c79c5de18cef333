import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { newPage, startE2E, type E2E } from './browser';
import { noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * The system configuration page (schemas/admin/system-config.json, a single-record settings
 * descriptor): the administrator renames the system, and after a reload the shell shows the new
 * name and title; every tab is checked with axe.
 */
let e2e: E2E;
let admin: Session;
const A11Y = ['.scp-settings-page'];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

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

  it('uploads a logo and a navigation icon with previews; after saving the shell shows the icon and the sign-in page the logo', async () => {
    const { page, errors } = admin;
    await page.goto('/system/sysConfig');
    const settings = page.locator('[data-settings-page="system-config"]');
    await settings.locator('[data-field-key="logoIcon"]').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await settings.locator('[data-form-action="uploadLogo"]').click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const logo = settings.locator('[data-field-key="logoIcon"] input');
    await expect.poll(() => logo.inputValue()).toMatch(/^\/api\/file\/Image\/systemBranding\/[a-f0-9]{32}\.png$/);
    const url = await logo.inputValue();
    await expect.poll(() => settings.locator('[data-image-preview="logoIcon"]').getAttribute('src')).toBe(url);
    const navChooser = page.waitForEvent('filechooser');
    await settings.locator('[data-form-action="uploadNavigationIcon"]').click();
    await (await navChooser).setFiles({ name: 'nav.png', mimeType: 'image/png', buffer: PNG });
    const nav = settings.locator('[data-field-key="navigationIcon"] input');
    await expect.poll(() => nav.inputValue()).toMatch(/^\/api\/file\/Image\/systemBranding\/[a-f0-9]{32}\.png$/);
    const navUrl = await nav.inputValue();
    expect(navUrl).not.toBe(url);
    await page.locator('[data-action="settings-save"]').click();
    await page.getByText('保存成功').first().waitFor();

    await page.reload();
    // the shell shows the navigation icon, the sign-in page the logo
    await expect.poll(() => page.getByTestId('shell-logo').first().locator('img').getAttribute('src')).toBe(navUrl);
    const visitor = await newPage(e2e);
    await visitor.page.goto('/login');
    await expect.poll(() => visitor.page.getByTestId('public-logo').getAttribute('src')).toBe(url);
    await expect.poll(() => visitor.page.getByTestId('public-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await visitor.context.close();
    noReactErrors(errors);
  });

  it('picks administrators by name from a searchable list of users', async () => {
    const { page, errors } = admin;
    const db = e2e.server.database.db;
    const staff = await db.selectFrom('baseUser').select(['id', 'realName', 'account']).where('account', '=', 'staff').executeTakeFirstOrThrow();
    const me = await db.selectFrom('baseUser').select(['realName']).where('account', '=', 'admin').executeTakeFirstOrThrow();
    await page.goto('/system/sysConfig');
    const settings = page.locator('[data-settings-page="system-config"]');
    await settings.locator('[data-field-key="sysName"]').waitFor();
    await settings.locator('[data-pane="admins"]').click();
    const field = settings.locator('[data-field-key="adminIds"]');
    await field.locator('input').first().click();
    // the current administrator shows by name, not by id
    await field.getByText(`${me.realName}/admin`).waitFor();
    await field.locator('input:not([type="hidden"])').last().fill(staff.account);
    await page.getByRole('option', { name: `${staff.realName}/${staff.account}`, exact: true }).click();
    await field.getByText(`${staff.realName}/${staff.account}`).waitFor();
    await page.locator('[data-action="settings-save"]').click();
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(async () => (await db.selectFrom('baseUser').select('isAdministrator').where('id', '=', staff.id).executeTakeFirstOrThrow()).isAdministrator).toBe(1);
    noReactErrors(errors);
  });

  it('第三方同步 shows both services\' totals per kind, and a push without settings says what is missing', async () => {
    const { page, errors } = admin;
    await page.goto('/system/synThird');
    const rows = page.locator('table.scp-model-list tbody tr[data-row-id]');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    const organisations = (await e2e.server.database.db.selectFrom('baseOrganize').select('id').where('enabledMark', '=', 1).execute()).length;
    const dingOrgs = page.locator('tr[data-row-id="synAllOrganizeSysToDing"]');
    await expect.poll(() => dingOrgs.locator('td[data-cell="service"]').textContent()).toBe('钉钉');
    await expect.poll(() => dingOrgs.locator('td[data-cell="synType"]').textContent()).toBe('组织');
    await expect.poll(() => dingOrgs.locator('td[data-cell="recordTotal"]').textContent()).toBe(String(organisations));
    await dingOrgs.locator('[data-button="btn_push"]').click();
    await page.locator('[data-confirm-message]').waitFor();
    await page.locator('[data-action="confirm-ok"]').click();
    await page.getByText('请先填写钉钉的 AppKey 和 AppSecret').first().waitFor();
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
