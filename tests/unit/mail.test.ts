import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../server/security/secret-box';
import { stripActiveContent, htmlToText } from '../../server/modules/mail/html-clean';
import { parseAddresses, prefill } from '../../server/modules/mail/compose';
import { describeMailFailure } from '../../server/modules/mail/mail-errors';
import type { MailView } from '../../server/modules/mail/message-store';

describe('the secret box', () => {
  it('seals and opens with SECRET_KEY; another key or an altered text opens to null', () => {
    const box = new SecretBox({ secretKey: 'k1', dataDir: '/nonexistent' });
    const sealed = box.seal('p@ss 密码');
    expect(sealed).not.toContain('p@ss');
    expect(box.open(sealed)).toBe('p@ss 密码');
    expect(box.seal('p@ss 密码')).not.toBe(sealed);
    expect(new SecretBox({ secretKey: 'k2', dataDir: '/nonexistent' }).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    expect(box.open([parts[0], parts[1], parts[2], `${parts[3]}A`].join('.'))).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });

  it('without SECRET_KEY makes one key file (0600) and keeps using it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    try {
      const sealed = new SecretBox({ dataDir: dir }).seal('x');
      const file = path.join(dir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(new SecretBox({ dataDir: dir }).open(sealed)).toBe('x');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail html', () => {
  it('strips scripts, frames, handlers and javascript: addresses; keeps the rest', () => {
    const out = stripActiveContent('<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><iframe src="//e"></iframe><a href="javascript:alert(1)">l</a><img src=x onerror=alert(1)>');
    expect(out).toBe('<p>Hi <b>there</b></p><a href="#">l</a><img src=x>');
    expect(htmlToText('<p>a&amp;b</p><p>c<br>d</p>')).toBe('a&b\nc\nd');
  });
});

describe('addresses and prefill', () => {
  it('reads address lists', () => {
    expect(parseAddresses('a@b.cn, 张三 <z@s.cn>; c@d.com')).toEqual(['a@b.cn', 'z@s.cn', 'c@d.com']);
    expect(parseAddresses('')).toEqual([]);
    expect(parseAddresses('a@b.cn, nope')).toBeNull();
  });

  const mail: MailView = {
    id: '1', folder: 'inbox', from: 'Boss <boss@x.cn>', to: 'me@x.cn, peer@x.cn', cc: 'cc@x.cn, me@x.cn', subject: '周报', date: 0, read: true, hasAttachments: true,
    html: '<p>正文</p>', messageId: '<m1@x>', inReplyTo: null, attachments: [{ fileId: '9', name: 'a.txt', size: 1 }],
  };
  it('replies to the sender, to all without oneself, and forwards with the attachments', () => {
    expect(prefill(mail, 'reply', 'me@x.cn')).toMatchObject({ to: 'boss@x.cn', cc: '', subject: 'Re: 周报', inReplyTo: '<m1@x>', attachments: [] });
    expect(prefill(mail, 'replyAll', 'ME@x.cn')).toMatchObject({ to: 'boss@x.cn, peer@x.cn', cc: 'cc@x.cn' });
    const fw = prefill(mail, 'forward', 'me@x.cn');
    expect(fw).toMatchObject({ to: '', subject: 'Fw: 周报', attachments: ['9'] });
    expect(fw.inReplyTo).toBeUndefined();
    expect(fw.html).toContain('<blockquote><p>正文</p></blockquote>');
    expect(fw.html).toContain('From: Boss &lt;boss@x.cn&gt;');
    expect(prefill({ ...mail, subject: 'RE: 周报' }, 'reply', null).subject).toBe('RE: 周报');
    // one's own sent mail: the reply goes to its recipients
    expect(prefill({ ...mail, folder: 'sent', from: 'me@x.cn', to: 'peer@x.cn' }, 'reply', 'me@x.cn').to).toBe('peer@x.cn');
  });
});

describe('mail failures', () => {
  const at = { host: 'mail.example', port: 993 };
  it('names the cause', () => {
    expect(describeMailFailure({ authenticationFailed: true, responseText: 'Authentication failed.' }, at).key).toBe('mailbox.error.auth');
    expect(describeMailFailure({ code: 'EAUTH', response: '535 5.7.8 Error: authentication failed' }, at).key).toBe('mailbox.error.auth');
    expect(describeMailFailure({ code: 'ECONNREFUSED' }, at)).toEqual({ key: 'mailbox.error.connect', detail: 'mail.example:993' });
    expect(describeMailFailure({ code: 'ENOTFOUND' }, at)).toEqual({ key: 'mailbox.error.host', detail: 'mail.example' });
    expect(describeMailFailure({ code: 'MAIL_TIMEOUT' }, at).key).toBe('mailbox.error.timeout');
    expect(describeMailFailure({ code: 'ETIMEDOUT' }, at).key).toBe('mailbox.error.timeout');
    expect(describeMailFailure({ code: 'EENVELOPE', response: '550 no such user' }, at)).toEqual({ key: 'mailbox.error.recipient', detail: '550 no such user' });
    expect(describeMailFailure(new Error('something odd'), at)).toEqual({ key: 'mailbox.error.other', detail: 'something odd' });
  });
});
