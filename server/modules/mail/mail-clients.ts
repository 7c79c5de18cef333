import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { AccountWithPassword } from './account-store';
import { describeMailFailure, withDeadline, type MailFailure } from './mail-errors';
import { assertMailHostAllowed } from './host-policy';

/** Spec 9: a mail receive call may take up to 100,000 ms before it is given up. */
export const RECEIVE_TIMEOUT_MS = 100_000;
/** Connecting and the greeting: a closed or silent address fails well before the receive's limit. */
const CONNECT_TIMEOUT_MS = 15_000;
const SMTP_SOCKET_TIMEOUT_MS = 60_000;

type Servers = Pick<AccountWithPassword, 'imapHost' | 'imapPort' | 'imapSecure' | 'smtpHost' | 'smtpPort' | 'smtpSecure' | 'username' | 'password'>;

export function imapClient(account: Servers): ImapFlow {
  const client = new ImapFlow({
    host: account.imapHost,
    port: account.imapPort,
    secure: account.imapSecure,
    auth: { user: account.username, pass: account.password },
    logger: false,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: RECEIVE_TIMEOUT_MS,
  });
  // errors after connect also reject the pending command; this keeps an idle drop from crashing the process
  client.on('error', () => undefined);
  return client;
}

export function smtpTransport(account: Servers) {
  return nodemailer.createTransport({
    host: account.smtpHost,
    port: account.smtpPort,
    secure: account.smtpSecure,
    auth: { user: account.username, pass: account.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
}

/** Signs in to both servers and out again: null when both answer, else the first failure. */
export async function testConnection(account: Servers): Promise<MailFailure | null> {
  const client = imapClient(account);
  try {
    await assertMailHostAllowed(account.imapHost);
    await withDeadline(CONNECT_TIMEOUT_MS * 2, client.connect(), () => client.close());
    await client.logout().catch(() => client.close());
  } catch (error) {
    client.close();
    return describeMailFailure(error, { host: account.imapHost, port: account.imapPort });
  }
  const transport = smtpTransport(account);
  try {
    await assertMailHostAllowed(account.smtpHost);
    await transport.verify();
  } catch (error) {
    return describeMailFailure(error, { host: account.smtpHost, port: account.smtpPort });
  } finally {
    transport.close();
  }
  return null;
}
