import { assertMailHostAllowed } from './host-policy';
import type { Db } from '../../db';
import type { Principal } from '../../auth/principal';
import type { FileStore } from '../file/uploads/file-store';
import { fileById, mayRead } from '../file/uploads/file-repository';
import { refuse } from '../../http/errors';
import { newId } from '../../db/ids';
import type { AccountWithPassword } from './account-store';
import type { MailAttachment } from './mail-files';
import type { MailView } from './message-store';
import { smtpTransport } from './mail-clients';
import { describeMailFailure, mailRefusal } from './mail-errors';
import { escapeHtml, htmlToText, stripActiveContent } from './html-clean';

export interface ComposeInput {
  to: string;
  cc?: string;
  subject: string;
  html: string;
  /** Uploaded file ids the caller may read. */
  attachments?: string[];
  inReplyTo?: string;
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** "a@b, Name <c@d>; e@f" → the addresses alone; null when one of them is not an address. */
export function parseAddresses(text: string | undefined): string[] | null {
  const parts = (text ?? '').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const address = (/<([^>]+)>\s*$/.exec(part)?.[1] ?? part).trim();
    if (!ADDRESS.test(address)) return null;
    out.push(address);
  }
  return out;
}

/** The named files when the caller may read each (theirs, or any for an administrator); refused otherwise. */
export async function readableAttachments(db: Db, principal: Principal, ids: string[] | undefined): Promise<(MailAttachment & { storedName: string; mime: string })[]> {
  const out: (MailAttachment & { storedName: string; mime: string })[] = [];
  for (const id of [...new Set(ids ?? [])]) {
    const file = await fileById(db, id);
    if (!file || !mayRead(principal, file)) throw refuse('mailbox.attachmentInvalid');
    out.push({ fileId: file.id, name: file.originalName, size: file.size, storedName: file.storedName, mime: file.mime });
  }
  return out;
}

/** Checks the recipients: at least one "to", every address well formed (drafts may leave them empty). */
export function checkRecipients(input: ComposeInput, forSending: boolean): { to: string[]; cc: string[] } {
  const to = parseAddresses(input.to);
  const cc = parseAddresses(input.cc);
  if (!to || !cc) throw refuse('mailbox.addressInvalid');
  if (forSending && to.length === 0) throw refuse('mailbox.recipientRequired');
  return { to, cc };
}

/**
 * Sends through the account's SMTP server and keeps the copy in 'sent' (and drops the draft it
 * came from). A failure of the server is a clear refusal; nothing is stored then.
 */
export async function sendMail(db: Db, store: FileStore, principal: Principal, account: AccountWithPassword, input: ComposeInput, draftId?: string): Promise<string> {
  const { to, cc } = checkRecipients(input, true);
  const files = await readableAttachments(db, principal, input.attachments);
  const html = stripActiveContent(input.html);
  const transport = smtpTransport(account);
  let messageId: string;
  try {
    await assertMailHostAllowed(account.smtpHost);
    const info = await transport.sendMail({
      from: account.displayName ? { name: account.displayName, address: account.email } : account.email,
      to,
      cc,
      subject: input.subject,
      html,
      text: htmlToText(html),
      inReplyTo: input.inReplyTo,
      references: input.inReplyTo,
      attachments: files.map((f) => ({ filename: f.name, path: store.storedPath(f.storedName), contentType: f.mime })),
    });
    messageId = info.messageId;
  } catch (error) {
    throw mailRefusal(describeMailFailure(error, { host: account.smtpHost, port: account.smtpPort }));
  } finally {
    transport.close();
  }
  const id = newId();
  const now = Date.now();
  const from = account.displayName ? `${account.displayName} <${account.email}>` : account.email;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('mailMessage').values({
      id, userId: principal.user.id, folder: 'sent', uid: null, messageId: messageId.slice(0, 255), inReplyTo: input.inReplyTo ?? null,
      fromAddress: from, toAddress: to.join(', '), ccAddress: cc.join(', '), subject: input.subject, sentAt: now,
      html, textBody: htmlToText(html), readFlag: 1,
      attachments: JSON.stringify(files.map(({ fileId, name, size }) => ({ fileId, name, size }))), createdAt: now,
    }).execute();
    if (draftId) await trx.deleteFrom('mailMessage').where('userId', '=', principal.user.id).where('folder', '=', 'draft').where('id', '=', draftId).execute();
  });
  return id;
}

/** Saves a new draft (id null) or replaces the caller's draft; false when that draft is not theirs. */
export async function saveDraft(db: Db, principal: Principal, from: string, input: ComposeInput, id: string | null): Promise<string | null> {
  checkRecipients(input, false);
  const files = await readableAttachments(db, principal, input.attachments);
  const html = stripActiveContent(input.html);
  const now = Date.now();
  const values = {
    fromAddress: from, toAddress: input.to.trim(), ccAddress: (input.cc ?? '').trim(), subject: input.subject, sentAt: now,
    html, textBody: htmlToText(html), inReplyTo: input.inReplyTo ?? null,
    attachments: JSON.stringify(files.map(({ fileId, name, size }) => ({ fileId, name, size }))),
  };
  return db.transaction().execute(async (trx) => {
    if (id === null) {
      const fresh = newId();
      await trx.insertInto('mailMessage').values({ id: fresh, userId: principal.user.id, folder: 'draft', uid: null, messageId: null, readFlag: 1, createdAt: now, ...values }).execute();
      return fresh;
    }
    const updated = await trx.updateTable('mailMessage').set(values).where('userId', '=', principal.user.id).where('folder', '=', 'draft').where('id', '=', id).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? id : null;
  });
}

export type PrefillMode = 'reply' | 'replyAll' | 'forward';

const bare = (list: string) => (parseAddresses(list) ?? []).map((a) => a.toLowerCase());

/** The compose form for a reply, a reply to all or a forward of a mail: addresses, Re:/Fw: subject, quoted body. */
export function prefill(mail: MailView, mode: PrefillMode, ownEmail: string | null): ComposeInput & { attachmentList: MailAttachment[] } {
  const own = ownEmail?.toLowerCase();
  const prefix = mode === 'forward' ? 'Fw: ' : 'Re: ';
  const subject = new RegExp(`^${prefix.trim()}`, 'i').test(mail.subject) ? mail.subject : `${prefix}${mail.subject}`;
  // a reply to one's own sent mail goes to its recipients
  const replyTo = mail.folder === 'sent' ? bare(mail.to) : bare(mail.from);
  let to = mode === 'forward' ? [] : mode === 'reply' ? replyTo : [...new Set([...replyTo, ...bare(mail.to)])].filter((a) => a !== own);
  // a mail one sent oneself: the reply still goes somewhere
  if (mode !== 'forward' && to.length === 0) to = replyTo;
  const cc = mode === 'replyAll' ? bare(mail.cc).filter((a) => a !== own && !to.includes(a)) : [];
  const header = [`From: ${mail.from}`, `To: ${mail.to}`, mail.cc ? `Cc: ${mail.cc}` : '', `Subject: ${mail.subject}`, `Date: ${new Date(mail.date).toISOString().replace('T', ' ').slice(0, 19)} UTC`]
    .filter(Boolean).map(escapeHtml).join('<br>');
  const html = `<p></p><p>${mode === 'forward' ? '---------- Forwarded message ----------' : '---------- Original message ----------'}</p><p>${header}</p><blockquote>${mail.html}</blockquote>`;
  const attachmentList = mode === 'forward' ? mail.attachments : [];
  return { to: to.join(', '), cc: cc.join(', '), subject, html, inReplyTo: mode === 'forward' ? undefined : mail.messageId ?? undefined, attachments: attachmentList.map((a) => a.fileId), attachmentList };
}
