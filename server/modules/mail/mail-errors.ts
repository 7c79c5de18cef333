import { AppError, refuse } from '../../http/errors';
import type { MessageKey } from '../../../src/runtime/i18n';

/** What went wrong talking to a mail server, as a message key and a short detail for the person. */
export interface MailFailure {
  key: MessageKey;
  detail: string;
}

/**
 * Turns an IMAP (imapflow) or SMTP (nodemailer) failure into a clear, translated reason: the
 * address is wrong or closed, the sign-in was refused, the server did not answer in time, the
 * TLS handshake failed, a recipient was refused. Never the raw stack; the server's own words as detail.
 */
export function describeMailFailure(error: unknown, server: { host: string; port: number }): MailFailure {
  const e = (error ?? {}) as { code?: string; authenticationFailed?: boolean; responseCode?: number; response?: string; responseText?: string; message?: string };
  const detail = String(e.responseText ?? e.response ?? e.message ?? '').slice(0, 300);
  const where = `${server.host}:${server.port}`;
  if (e.code === 'MAIL_INTERNAL_HOST') return { key: 'mailbox.error.internalHost', detail: server.host };
  if (e.code === 'MAIL_TIMEOUT' || e.code === 'ETIMEDOUT' || e.code === 'ETIMEOUT' || e.code === 'NoConnection' && /timeout/i.test(detail)) return { key: 'mailbox.error.timeout', detail: where };
  if (e.authenticationFailed || e.code === 'EAUTH' || e.code === 'AUTHENTICATIONFAILED' || /authenticat|invalid credentials|login failed/i.test(detail)) return { key: 'mailbox.error.auth', detail };
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' || e.code === 'EDNS') return { key: 'mailbox.error.host', detail: server.host };
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNECTION' || e.code === 'ECONNRESET' || e.code === 'ESOCKET' || e.code === 'EHOSTUNREACH' || e.code === 'NoConnection') {
    if (/ssl|tls|certificate|wrong version/i.test(detail)) return { key: 'mailbox.error.tls', detail };
    return { key: 'mailbox.error.connect', detail: where };
  }
  if (e.code === 'EENVELOPE' || (e.responseCode && e.responseCode >= 550 && e.responseCode < 560)) return { key: 'mailbox.error.recipient', detail };
  if (/timeout|timed out/i.test(detail)) return { key: 'mailbox.error.timeout', detail: where };
  if (/ssl|tls|certificate/i.test(detail)) return { key: 'mailbox.error.tls', detail };
  return { key: 'mailbox.error.other', detail: detail || where };
}

export const mailRefusal = (failure: MailFailure): AppError => refuse(failure.key, { detail: failure.detail });

/** Runs `work` but gives up after `ms` with a MAIL_TIMEOUT error, calling `abort` to drop the connection. */
export async function withDeadline<T>(ms: number, work: Promise<T>, abort: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(Object.assign(new Error('timed out'), { code: 'MAIL_TIMEOUT' }));
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
