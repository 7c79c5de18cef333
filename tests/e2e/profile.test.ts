import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, newPage, signIn, startE2E, type E2E } from './browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function setConfig(values: Record<string, number>) {
  const db = e2e.server.database.db;
  for (const [key, value] of Object.entries(values)) {
    await db.deleteFrom('baseSysConfig').where('key', '=', key).execute();
    await db.insertInto('baseSysConfig').values({ key, value: String(value) }).execute();
  }
}

describe('profile', () => {
  it('shows base info and the tabs of personal settings', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'staff');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-profile').click();
    await expectPath(page, '/profile');
    const view = page.getByTestId('base-view');
    await view.waitFor();
    await expect(view.textContent()).resolves.toContain('staff');
    // Every field of the product's profile, the selects' values named from their dictionaries.
    for (const text of ['汉族', '身份证', '330106199209080015', '本科', '杭州', '供应链管理有限公司/运营部', '运营专员', '2021-07-01']) await view.getByText(text).first().waitFor();
    await page.getByTestId('base-edit-button').click();
    await page.getByTestId('base-nation').click();
    await page.getByRole('option', { name: '回族', exact: true }).click();
    await page.getByTestId('base-gender').click();
    await page.getByRole('option', { name: '保密', exact: true }).click();
    await page.getByTestId('base-save').click();
    await view.getByText('回族').waitFor();
    await view.getByText('保密').waitFor();
    for (const tab of ['organisations', 'authorize', 'log', 'signature', 'preferences']) {
      await page.getByTestId(`profile-tab-${tab}`).click();
    }
    await page.getByTestId('pref-language').waitFor();
    await context.close();
  });

  it('password change explains each rule of the policy (spec 5.2)', async () => {
    await setConfig({ passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 8, containsNumbers: 1, includeLowercaseLetters: 1, includeUppercaseLetters: 1, containsCharacters: 1 });
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer');
    await page.goto('/profile');
    await page.getByTestId('profile-tab-password').click();
    const form = page.getByTestId('password-form');
    await page.getByTestId('pw-submit').click();
    for (const text of ['旧密码不能为空', '新密码不能为空', '重复密码不能为空', '验证码不能为空']) await form.getByText(text).waitFor();
    const newPassword = page.getByTestId('pw-new');
    const cases: [string, string][] = [
      ['Ab1!', '新密码长度不能小于8位'],
      ['ABCDEFG!', '新密码必须包含数字'],
      ['ABCDEFG1!', '新密码必须包含小写字母'],
      ['abcdefg1!', '新密码必须包含大写字母'],
      ['Abcdefg12', '新密码必须包含字符'],
    ];
    for (const [value, message] of cases) {
      await newPassword.fill(value);
      await form.getByText(message).waitFor();
    }
    await newPassword.fill('Abcdefg1!');
    await page.getByTestId('pw-repeat').fill('Abcdefg1?');
    await form.getByText('两次密码输入不一致').waitFor();
    await context.close();
    await setConfig({ passwordStrengthLimit: 0 });
  });

  it('the forced reset dialog (600 px) opens when the policy demands a change of the initial password', async () => {
    await setConfig({ mandatoryModificationOfInitialPassword: 1 });
    await e2e.server.database.db.updateTable('baseUser').set({ changePasswordDate: null }).where('account', '=', 'customer2').execute();
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer2');
    const dialog = page.locator('.mantine-Modal-content');
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(600);
    await dialog.getByTestId('pw-submit').waitFor();
    await context.close();
    await setConfig({ mandatoryModificationOfInitialPassword: 0 });
  });
});

describe('public routes', () => {
  it('/sso takes a token from the query and goes home; /formShortLink says the link is not allowed', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer');
    const token = await page.evaluate(() => localStorage.getItem('scp_token'));
    const { context: other, page: fresh } = await newPage(e2e);
    await fresh.goto(`/sso?token=${encodeURIComponent(token!)}`);
    await expectPath(fresh, '/home');
    await fresh.getByTestId('home-welcome').waitFor();
    await fresh.goto('/formShortLink?id=x');
    await fresh.getByTestId('short-link-invalid').waitFor();
    await other.close();
    await context.close();
  });

  it('scan login: a QR code of a ticket; confirming it elsewhere signs in', async () => {
    const { context, page } = await newPage(e2e);
    await page.goto('/login');
    await page.getByTestId('tab-scan').click();
    await page.getByTestId('scan-qr').waitFor();
    await page.getByTestId('scan-expiry').waitFor();
    const ticket = await page.getByTestId('scan-login').getAttribute('data-ticket');
    expect(ticket).toBeTruthy();
    const { context: phone, page: phonePage } = await newPage(e2e);
    await signIn(phonePage, 'staff');
    await phonePage.goto(`/scanConfirm?ticket=${encodeURIComponent(ticket!)}`);
    await phonePage.getByTestId('scan-confirm-button').click();
    await phonePage.getByTestId('scan-confirm-done').waitFor();
    await expectPath(page, '/home');
    await page.getByTestId('home-welcome').waitFor();
    await phone.close();
    await context.close();
  });

  it('customer portal sign-in links to registration and password reset', async () => {
    const { context, page } = await newPage(e2e);
    await page.goto('/glyGmlogin');
    await page.getByTestId('customer-register-link').click();
    await expectPath(page, '/glyGmlogin/register');
    await page.getByTestId('account-submit').click();
    await page.getByText('请正确输入您的手机号').waitFor();
    await page.goto('/glyGmlogin/setPass');
    await page.getByTestId('customer-setpass').waitFor();
    await context.close();
  });
});
