import type { Db } from '../../db';
import type { MailFolder, MailMessageRow } from '../../db/schema';
import { likePattern } from '../permission/entity-form';
import { parseAttachments, type MailAttachment } from './mail-files';

export interface MailListItem {
  id: string;
  folder: MailFolder;
  from: string;
  to: string;
  subject: string;
  date: number;
  read: boolean;
  hasAttachments: boolean;
}

export interface MailView extends MailListItem {
  cc: string;
  html: string;
  messageId: string | null;
  inReplyTo: string | null;
  attachments: MailAttachment[];
}

const listItem = (row: Pick<MailMessageRow, 'id' | 'folder' | 'fromAddress' | 'toAddress' | 'subject' | 'sentAt' | 'readFlag' | 'attachments'>): MailListItem => ({
  id: row.id,
  folder: row.folder,
  from: row.fromAddress,
  to: row.toAddress,
  subject: row.subject,
  date: Number(row.sentAt),
  read: row.readFlag === 1,
  hasAttachments: row.attachments !== '[]',
});

/** A page of one of the caller's folders, newest first; the keyword looks in subject, addresses and text. */
export async function listMail(db: Db, userId: string, folder: MailFolder, page: number, pageSize: number, keyword?: string) {
  let query = db.selectFrom('mailMessage').where('userId', '=', userId).where('folder', '=', folder);
  const like = likePattern(keyword);
  if (like) query = query.where((eb) => eb.or((['subject', 'fromAddress', 'toAddress', 'textBody'] as const).map((column) => eb(eb.fn<string>('lower', [column]), 'like', like))));
  const [rows, count, unread] = await Promise.all([
    query.select(['id', 'folder', 'fromAddress', 'toAddress', 'subject', 'sentAt', 'readFlag', 'attachments']).orderBy('sentAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db.selectFrom('mailMessage').where('userId', '=', userId).where('folder', '=', 'inbox').where('readFlag', '=', 0).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { list: rows.map(listItem), pagination: { currentPage: page, pageSize, total: Number(count?.n ?? 0) }, unread: Number(unread?.n ?? 0) };
}

/** The caller's own mail, or null (another user's id reads as not found). */
export async function mailById(db: Db, userId: string, id: string): Promise<MailView | null> {
  const row = await db.selectFrom('mailMessage').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { ...listItem(row), cc: row.ccAddress, html: row.html, messageId: row.messageId, inReplyTo: row.inReplyTo, attachments: parseAttachments(row.attachments) };
}

export const markRead = (db: Db, userId: string, id: string, read: boolean) =>
  db.updateTable('mailMessage').set({ readFlag: read ? 1 : 0 }).where('userId', '=', userId).where('id', '=', id).execute();

export const deleteMail = (db: Db, userId: string, id: string) =>
  db.deleteFrom('mailMessage').where('userId', '=', userId).where('id', '=', id).executeTakeFirst().then((r) => Number(r.numDeletedRows) > 0);
