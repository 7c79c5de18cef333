import type { Db } from '../../db';
import type { MailAccountRow } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';

/** What the browser may see of an account: everything but the password, which is only "set". */
export interface AccountView {
  email: string;
  displayName: string;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  username: string;
  passwordSet: boolean;
}

/** The account with its password in the clear: for the IMAP and SMTP clients, never a reply. */
export interface AccountWithPassword extends AccountView {
  password: string;
}

export async function accountRow(db: Db, userId: string): Promise<MailAccountRow | null> {
  const row = await db.selectFrom('mailAccount').selectAll().where('userId', '=', userId).executeTakeFirst();
  return row ? { ...row, lastUid: Number(row.lastUid), updatedAt: Number(row.updatedAt) } : null;
}

export const accountView = (row: MailAccountRow): AccountView => ({
  email: row.email,
  displayName: row.displayName,
  imapHost: row.imapHost,
  imapPort: row.imapPort,
  imapSecure: row.imapSecure === 1,
  smtpHost: row.smtpHost,
  smtpPort: row.smtpPort,
  smtpSecure: row.smtpSecure === 1,
  username: row.username,
  passwordSet: Boolean(row.passwordEnc),
});

/** The stored account with its password opened, or null (none, or sealed under another key). */
export async function accountForUse(db: Db, box: SecretBox, userId: string): Promise<AccountWithPassword | null> {
  const row = await accountRow(db, userId);
  if (!row) return null;
  const password = box.open(row.passwordEnc);
  return password === null ? null : { ...accountView(row), password };
}

export type AccountInput = Omit<AccountView, 'passwordSet'> & { password?: string };

/**
 * Saves the caller's account. A blank password keeps the stored one (the form never has it);
 * another server or user name starts the next receive from the beginning of that inbox.
 */
export async function saveAccount(db: Db, box: SecretBox, userId: string, input: AccountInput, now: number): Promise<'saved' | 'passwordMissing'> {
  const existing = await accountRow(db, userId);
  const passwordEnc = input.password ? box.seal(input.password) : existing?.passwordEnc;
  if (!passwordEnc) return 'passwordMissing';
  const sameInbox = existing && existing.imapHost === input.imapHost && existing.imapPort === input.imapPort && existing.username === input.username;
  const values = {
    email: input.email,
    displayName: input.displayName,
    imapHost: input.imapHost,
    imapPort: input.imapPort,
    imapSecure: input.imapSecure ? 1 : 0,
    smtpHost: input.smtpHost,
    smtpPort: input.smtpPort,
    smtpSecure: input.smtpSecure ? 1 : 0,
    username: input.username,
    passwordEnc,
    uidValidity: sameInbox ? existing.uidValidity : null,
    lastUid: sameInbox ? existing.lastUid : 0,
    updatedAt: now,
  };
  await db.transaction().execute(async (trx) => {
    if (existing) await trx.updateTable('mailAccount').set(values).where('userId', '=', userId).execute();
    else await trx.insertInto('mailAccount').values({ userId, ...values }).execute();
  });
  return 'saved';
}
