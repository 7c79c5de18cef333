import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, newPage, PASSWORD, signIn, startE2E, type E2E } from './browser';
import { login } from '../api/oauth-client';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('session: the real-time socket', () => {
  it("opens /websocket/{token} after sign-in; a sign-in elsewhere pushes 'logout': the page says why and goes to /guide", async () => {
    const { context, page } = await newPage(e2e);
    // Listening before sign-in: the handshake's answer may come before any later wait could start.
    const handshake = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (!new URL(ws.url()).pathname.startsWith('/websocket/')) return;
        ws.on('framereceived', (frame) => String(frame.payload).includes('"initMessage"') && resolve());
      }),
    );
    await signIn(page, 'customer2');
    await handshake;
    const db = e2e.server.database.db;
    await db.updateTable('baseSysConfig').set({ value: '1' }).where('key', '=', 'singleLogin').execute();
    try {
      expect((await login(e2e.server, 'customer2', PASSWORD)).body.code).toBe(200);
      await page.getByText('您的账号已在其他地方登录').waitFor();
      await expectPath(page, '/guide');
      expect(await page.evaluate(() => localStorage.getItem('scp_token'))).toBeNull();
    } finally {
      await db.updateTable('baseSysConfig').set({ value: '0' }).where('key', '=', 'singleLogin').execute();
    }
    await context.close();
  });
});

describe('session: lock screen, sign-out, reload', () => {
  it('locks and unlocks the screen', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-lock').click();
    await expectPath(page, '/lockScreen');
    await expect(page.getByTestId('lock-user').textContent()).resolves.not.toBe('');
    // While locked every other path leads back to the lock screen.
    await page.goto('/order');
    await expectPath(page, '/lockScreen');
    await page.getByTestId('lock-password').fill('wrong-password');
    await page.getByTestId('lock-unlock').click();
    await expect(page.getByTestId('lock-error').textContent()).resolves.toContain('账号或密码错误');
    await page.getByTestId('lock-password').fill(PASSWORD);
    await page.getByTestId('lock-unlock').click();
    await expectPath(page, '/home');
    await page.getByTestId('home-welcome').waitFor();
    await context.close();
  });

  it('a reload keeps the session; the user dropdown links work', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'customer');
    await page.reload();
    await page.getByTestId('home-welcome').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-profile').click();
    await expectPath(page, '/profile');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('个人信息');
    await page.getByTestId('shell-logo').click();
    await expectPath(page, '/home');
    // /redirect/:path* re-renders the target page.
    await page.goto('/redirect/order?x=1');
    await page.waitForURL((url) => url.pathname === '/order' && url.search === '?x=1');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('我的订单');
    await context.close();
  });

  it('signs out after confirmation and lands on /guide', async () => {
    const { context, page } = await newPage(e2e);
    await signIn(page, 'staff');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-logout').click();
    await page.getByText('您确定要退出应用程序吗?').waitFor();
    await page.getByTestId('logout-confirm').click();
    await expectPath(page, '/guide');
    expect(await page.evaluate(() => localStorage.getItem('scp_token'))).toBeNull();
    await page.goto('/home');
    await expectPath(page, '/guide');
    await context.close();
  });
});
