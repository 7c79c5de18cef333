/** The caller's mailbox (/api/mail; docs/MAIL.md): account, receive, folders, one mail, send, drafts. */
import { http, request } from './client';

export type MailFolder = 'inbox' | 'sent' | 'draft';

export interface MailAccount {
  email: string; displayName: string;
  imapHost: string; imapPort: number; imapSecure: boolean;
  smtpHost: string; smtpPort: number; smtpSecure: boolean;
  username: string;
  /** Only in what is sent; the server never returns it (passwordSet says whether one is kept). */
  password?: string;
  passwordSet?: boolean;
}

export interface MailListItem { id: string; folder: MailFolder; from: string; to: string; subject: string; date: number; read: boolean; hasAttachments: boolean }
export interface MailAttachment { fileId: string; name: string; size: number }
export interface MailView extends MailListItem { cc: string; html: string; messageId: string | null; inReplyTo: string | null; attachments: MailAttachment[] }
export interface ReceiveState { state: 'idle' | 'running' | 'done' | 'failed'; total: number; done: number; received: number; error: string | null; finishedAt: number | null }
export interface ComposeForm { to: string; cc: string; subject: string; html: string; inReplyTo?: string; attachments: MailAttachment[] }

export const getAccount = () => http.get<MailAccount | null>('/api/mail/Account');
export const saveAccount = (a: MailAccount) => http.put<null>('/api/mail/Account', a as unknown as Record<string, unknown>);
export const testAccount = (a: MailAccount) => http.post<null>('/api/mail/Account/Test', a as unknown as Record<string, unknown>);
export const startReceive = () => http.post<null>('/api/mail/Receive');
export const receiveState = () => http.get<ReceiveState>('/api/mail/Receive/State');
export const listMail = (folder: MailFolder, currentPage: number, pageSize: number, keyword: string) =>
  http.get<{ list: MailListItem[]; pagination: { total: number }; unread: number }>('/api/mail/Message', { folder, currentPage, pageSize, keyword: keyword || undefined });
export const getMail = (id: string) => http.get<MailView>(`/api/mail/Message/${encodeURIComponent(id)}`);
export const deleteMail = (id: string) => http.delete<null>(`/api/mail/Message/${encodeURIComponent(id)}`);
export const composeFrom = (id: string, mode: 'reply' | 'replyAll' | 'forward') => http.get<ComposeForm>(`/api/mail/Message/${encodeURIComponent(id)}/Compose`, { mode });

const body = (f: ComposeForm) => ({ to: f.to, cc: f.cc, subject: f.subject, html: f.html, attachments: f.attachments.map((a) => a.fileId), ...(f.inReplyTo ? { inReplyTo: f.inReplyTo } : {}) });
export const sendMail = (f: ComposeForm, draftId?: string) => http.post<{ id: string }>('/api/mail/Send', { ...body(f), ...(draftId ? { draftId } : {}) });
export const saveDraft = (f: ComposeForm, id?: string) => (id ? http.put<{ id: string }>(`/api/mail/Draft/${encodeURIComponent(id)}`, body(f)) : http.post<{ id: string }>('/api/mail/Draft', body(f)));

/** Uploads a file to attach (single-request upload); the mail names it by id. */
export async function uploadAttachment(file: File): Promise<MailAttachment> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  const data = (await request<{ fileId: string; name: string }>({ url: '/api/file/Uploader/annex', method: 'POST', formData })).data;
  return { fileId: data.fileId, name: data.name, size: file.size };
}

/** A signed download address of an attachment (the owner's file). */
export const attachmentAddress = (fileId: string) => http.get<{ url: string }>(`/api/file/Download/mail/${encodeURIComponent(fileId)}`).then((r) => r.url);
