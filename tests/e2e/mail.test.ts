import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { noReactErrors, openFromMenu, sessionPage, type Session } from './model-helpers';
import { dovecotInstalled, startDovecot, startSmtp, type MailUser } from '../helpers/mail-servers';

/**
 * The mailbox in the browser (issue 21 item 2) against dovecot and an SMTP server on 127.0.0.1:
 * a staff member sets up the account in 邮箱设置, writes a mail with an attachment to themself,
 * 收信 brings it back (progress, then the row in bold), /emailDetail shows it sanitised with
 * its attachment, 回复 sends a prefilled reply that lands in 已发送, and a draft comes back from 草稿箱.
 */
const me: MailUser = { address: 'staff@mail.test', password: 'imap-secret-e2e' };
let e2e: E2E;
let staff: Session;
let imap: Awaited<ReturnType<typeof startDovecot>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  if (!dovecotInstalled()) throw new Error('dovecot is not installed (/usr/sbin/dovecot): apt-get install dovecot-imapd');
  imap = await startDovecot([me]);
  smtp = await startSmtp({ users: [me], imapPort: imap.port });
  // the test's mail servers listen on 127.0.0.1, inside the network: listed as the operator would
  e2e = await startE2E({ config: { mailInternalHosts: ['127.0.0.1'] } });
  staff = await sessionPage(e2e, 'staff');
}, 60_000);
afterAll(async () => {
  await staff?.context.close();
  await e2e?.close();
  await smtp?.stop();
  await imap?.stop();
});

describe('mailbox in the browser', () => {
  it('sets up the account, sends, receives, reads in /emailDetail and replies', async () => {
    const { page, errors } = staff;
    await page.goto('/home');
    await openFromMenu(page, 'office', 'mailbox', '/mailbox');
    await page.getByTestId('mail-no-account').waitFor();

    await page.getByTestId('mail-settings').click();
    await page.getByTestId('mail-account-email').fill(me.address);
    await page.getByTestId('mail-account-imap-host').fill('127.0.0.1');
    await page.getByTestId('mail-account-imap-port').fill(String(imap.port));
    await page.getByTestId('mail-account-imap-secure').uncheck();
    await page.getByTestId('mail-account-smtp-host').fill('127.0.0.1');
    await page.getByTestId('mail-account-smtp-port').fill(String(smtp.port));
    await page.getByTestId('mail-account-smtp-secure').uncheck();
    await page.getByTestId('mail-account-password').fill(me.password);
    await page.getByTestId('mail-account-test').click();
    await page.getByText('收信和发信服务器均连接成功').waitFor();
    await page.getByTestId('mail-account-save').click();
    await page.getByTestId('mail-account-form').waitFor({ state: 'detached' });
    await page.getByTestId('mail-no-account').waitFor({ state: 'detached' });

    // write and send, with an attachment through the upload API
    await page.getByTestId('mail-compose').click();
    await page.getByTestId('mail-compose-to').fill(me.address);
    await page.getByTestId('mail-compose-subject').fill('浏览器测试邮件');
    await page.getByTestId('mail-compose-body').click();
    await page.keyboard.type('请查收附件');
    await page.locator('[data-testid="mail-composer"] input[type="file"]').setInputFiles({ name: '清单.txt', mimeType: 'text/plain', buffer: Buffer.from('清单内容') });
    await page.getByTestId('mail-compose-attachments').getByText('清单.txt').waitFor();
    await page.getByTestId('mail-compose-send').click();
    await page.getByTestId('mail-composer').waitFor({ state: 'detached' });
    await expect.poll(() => smtp.received.length).toBe(1);

    // receive: the row comes in bold (unread)
    await page.getByTestId('mail-receive').click();
    await page.getByTestId('mail-receive-done').waitFor();
    const row = page.getByTestId('mail-row').filter({ hasText: '浏览器测试邮件' });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await seriousViolations(page, ['[data-testid="mailbox-page"]'])).toEqual([]);

    // a stored body with active content is cleaned on display
    const db = e2e.server.database.db;
    await db.updateTable('mailMessage').set({ html: '<p>请查收附件</p><img src="x" onerror="window.__mailPwned=1"><a href="javascript:window.__mailPwned=2">链接</a>' }).where('folder', '=', 'inbox').execute();
    await row.click();
    await page.waitForURL('**/emailDetail?id=*');
    await expect.poll(() => page.getByTestId('email-subject').textContent()).toBe('浏览器测试邮件');
    await page.getByTestId('mail-body').getByText('请查收附件').waitFor();
    expect(await page.getByTestId('mail-body').locator('[onerror]').count()).toBe(0);
    expect(await page.getByTestId('mail-body').locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __mailPwned?: number }).__mailPwned)).toBeUndefined();
    await page.getByTestId('email-attachment').filter({ hasText: '清单.txt' }).waitFor();
    expect(await seriousViolations(page, ['[data-testid="email-detail-page"]'])).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByTestId('email-attachment').click();
    expect((await download).suggestedFilename()).toBe('清单.txt');

    // reply: prefilled, sent, in 已发送
    await page.getByTestId('email-reply').click();
    await expect.poll(() => page.getByTestId('mail-compose-subject').inputValue()).toBe('Re: 浏览器测试邮件');
    expect(await page.getByTestId('mail-compose-to').inputValue()).toBe(me.address);
    await page.getByTestId('mail-compose-body').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('已收到');
    expect(await seriousViolations(page, ['[data-testid="mail-composer"]'])).toEqual([]);
    await page.getByTestId('mail-compose-send').click();
    await page.getByTestId('mail-composer').waitFor({ state: 'detached' });
    await expect.poll(() => smtp.received.length).toBe(2);
    expect(smtp.received[1]!.raw.toString()).toMatch(/In-Reply-To: <.+>/);

    await page.goto('/mailbox');
    await page.getByTestId('mail-folders').getByText('已发送').click();
    await page.getByTestId('mail-row').filter({ hasText: 'Re: 浏览器测试邮件' }).waitFor();

    // a draft: saved, listed in 草稿箱, opened again in the composer
    await page.getByTestId('mail-compose').click();
    await page.getByTestId('mail-compose-subject').fill('未写完的邮件');
    await page.getByTestId('mail-compose-draft').click();
    await page.getByText('草稿已保存').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('mail-composer').waitFor({ state: 'detached' });
    await page.getByTestId('mail-folders').getByText('草稿箱').click();
    await page.getByTestId('mail-row').filter({ hasText: '未写完的邮件' }).click();
    await expect.poll(() => page.getByTestId('mail-compose-subject').inputValue()).toBe('未写完的邮件');
    noReactErrors(errors);
  });
});
