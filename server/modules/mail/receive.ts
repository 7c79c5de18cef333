import { assertMailHostAllowed } from './host-policy';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Db } from '../../db';
import type { MailSyncRow } from '../../db/schema';
import type { FileStore } from '../file/uploads/file-store';
import type { SecretBox } from '../../security/secret-box';
import { newId } from '../../db/ids';
import { accountForUse, accountRow } from './account-store';
import { imapClient, RECEIVE_TIMEOUT_MS } from './mail-clients';
import { describeMailFailure, withDeadline } from './mail-errors';
import { storeAttachment, type MailAttachment } from './mail-files';
import { htmlToText, stripActiveContent, escapeHtml } from './html-clean';

/** Addresses as display text: "Name <a@b>, c@d". */
export const addressText = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

export async function syncState(db: Db, userId: string): Promise<MailSyncRow | null> {
  const row = await db.selectFrom('mailSync').selectAll().where('userId', '=', userId).executeTakeFirst();
  return row ? { ...row, startedAt: row.startedAt === null ? null : Number(row.startedAt), finishedAt: row.finishedAt === null ? null : Number(row.finishedAt) } : null;
}

async function writeSync(db: Db, userId: string, values: Partial<Omit<MailSyncRow, 'userId'>>) {
  const updated = await db.updateTable('mailSync').set(values).where('userId', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  // the user's first receive; another process starting one at the same moment wins, this one updates
  await db
    .insertInto('mailSync')
    .values({ state: 'running', total: 0, done: 0, received: 0, errorKey: null, errorDetail: null, startedAt: null, finishedAt: null, ...values, userId })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

/** A receive still marked running after this long was cut off (the process stopped): a new one may start. */
const STALE_AFTER_MS = RECEIVE_TIMEOUT_MS + 30_000;
/** This process's receives under way (tests wait for none); the one-at-a-time mark is claimReceive's. */
const running = new Set<string>();

export interface ReceiveDeps {
  db: Db;
  store: FileStore;
  box: SecretBox;
  log: { warn(obj: unknown, msg: string): void };
  timeoutMs?: number;
}

/**
 * Starts receiving the caller's new mail in the background (POST /api/mail/Receive) and returns
 * at once; GET /api/mail/Receive/State reads the progress. 'started', 'running' (one at a time
 * per user), or 'noAccount'.
 */
export async function startReceive(deps: ReceiveDeps, userId: string): Promise<'started' | 'running' | 'noAccount'> {
  const account = await accountForUse(deps.db, deps.box, userId);
  if (!account) return 'noAccount';
  if (!(await claimReceive(deps.db, userId, Date.now()))) return 'running';
  running.add(userId);
  void receiveNow(deps, userId).finally(() => running.delete(userId));
  return 'started';
}

/**
 * Marks the user's receive running, unless one is (on any process: the mark is in mail_sync, and
 * a per-process flag would let two processes fetch the same inbox at once and store a mail
 * twice). One guarded UPDATE (not running, or running so long it was cut off), or for a user's
 * first receive an INSERT that yields to a concurrent one: true when this caller took it.
 */
export async function claimReceive(db: Db, userId: string, now: number): Promise<boolean> {
  const fresh = { state: 'running' as const, total: 0, done: 0, received: 0, errorKey: null, errorDetail: null, startedAt: now, finishedAt: null };
  const taken = await db.updateTable('mailSync').set(fresh).where('userId', '=', userId)
    .where((eb) => eb.or([eb('state', '<>', 'running'), eb('startedAt', 'is', null), eb('startedAt', '<', now - STALE_AFTER_MS)])).executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  const inserted = await db.insertInto('mailSync').values({ ...fresh, userId }).onConflict((oc) => oc.column('userId').doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether any receive of this process is still running (tests wait for none before closing). */
export const receivesRunning = () => running.size;

async function receiveNow(deps: ReceiveDeps, userId: string): Promise<void> {
  const { db } = deps;
  const account = await accountForUse(db, deps.box, userId);
  const row = await accountRow(db, userId);
  if (!account || !row) return writeSync(db, userId, { state: 'failed', errorKey: 'mailbox.noAccount', finishedAt: Date.now() });
  const client = imapClient(account);
  try {
    await withDeadline(deps.timeoutMs ?? RECEIVE_TIMEOUT_MS, (async () => {
      await assertMailHostAllowed(account.imapHost);
      await client.connect();
      const lock = await client.getMailboxLock('INBOX');
      try {
        const box = client.mailbox;
        const validity = box ? String(box.uidValidity) : '';
        // another UIDVALIDITY: the server renumbered the inbox, so every uid is new (Message-ID still deduplicates)
        const from = validity === row.uidValidity ? row.lastUid + 1 : 1;
        const found = box && box.exists > 0 ? await client.search({ uid: `${from}:*` }, { uid: true }) : [];
        // "n:*" always names the last message, even when it is older than n
        const uids = (found || []).filter((u) => u >= from).sort((a, b) => a - b);
        await writeSync(db, userId, { total: uids.length });
        let done = 0;
        let received = 0;
        for (const uid of uids) {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (message && message.source) {
            const parsed = await simpleParser(message.source);
            if (await keepReceived(deps, userId, uid, parsed)) received++;
          }
          done++;
          await db.transaction().execute(async (trx) => {
            await trx.updateTable('mailAccount').set({ uidValidity: validity, lastUid: uid }).where('userId', '=', userId).execute();
            await trx.updateTable('mailSync').set({ done, received }).where('userId', '=', userId).execute();
          });
        }
      } finally {
        lock.release();
      }
      await client.logout().catch(() => client.close());
    })(), () => client.close());
    await writeSync(db, userId, { state: 'done', finishedAt: Date.now() });
  } catch (error) {
    client.close();
    const failure = describeMailFailure(error, { host: account.imapHost, port: account.imapPort });
    deps.log.warn({ err: error, userId }, 'mail receive failed');
    await writeSync(db, userId, { state: 'failed', errorKey: failure.key, errorDetail: failure.detail, finishedAt: Date.now() }).catch(() => undefined);
  }
}

/** Stores one received mail and its attachments in one transaction; false when it was already there (same Message-ID). */
async function keepReceived(deps: ReceiveDeps, userId: string, uid: number, parsed: ParsedMail): Promise<boolean> {
  const messageId = parsed.messageId?.slice(0, 255) ?? null;
  if (messageId) {
    const seen = await deps.db.selectFrom('mailMessage').select('id').where('userId', '=', userId).where('folder', '=', 'inbox').where('messageId', '=', messageId).executeTakeFirst();
    if (seen) return false;
  }
  const now = Date.now();
  const html = parsed.html ? stripActiveContent(parsed.html) : parsed.text ? `<pre style="white-space:pre-wrap">${escapeHtml(parsed.text)}</pre>` : '';
  await deps.db.transaction().execute(async (trx) => {
    const attachments: MailAttachment[] = [];
    for (const part of parsed.attachments) {
      // inline images of an HTML body are parts too; without a name they are not offered for download
      if (part.related && !part.filename) continue;
      attachments.push(await storeAttachment(trx, deps.store, userId, part.filename ?? 'attachment', part.contentType, part.content, now));
    }
    await trx.insertInto('mailMessage').values({
      id: newId(),
      userId,
      folder: 'inbox',
      uid,
      messageId,
      inReplyTo: typeof parsed.inReplyTo === 'string' ? parsed.inReplyTo.slice(0, 255) : null,
      fromAddress: addressText(parsed.from),
      toAddress: addressText(parsed.to),
      ccAddress: addressText(parsed.cc),
      subject: parsed.subject ?? '',
      sentAt: parsed.date?.getTime() ?? now,
      html,
      textBody: parsed.text ?? htmlToText(html),
      readFlag: 0,
      attachments: JSON.stringify(attachments),
      createdAt: now,
    }).execute();
  });
  return true;
}
