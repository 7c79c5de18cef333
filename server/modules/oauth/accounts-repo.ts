import { sql } from 'kysely';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { LoginFailureRow, UserRow } from '../../db/schema';

/**
 * The account text a person typed, reduced to the key we look up and count failures by.
 * A sub-account is written `mobile@account` (spec 2.1): the part after the last '@' names the
 * account, the mobile prefix only says whose sub-account it is, so it does not change the lookup.
 * Lower-cased because accounts compare case-insensitively (unique index on lower(account)).
 */
export function accountKey(typed: string): string {
  const trimmed = typed.trim();
  const at = trimmed.lastIndexOf('@');
  return (at >= 0 ? trimmed.slice(at + 1) : trimmed).toLowerCase().slice(0, 100);
}

export async function findUserByAccount(db: Db, key: string): Promise<UserRow | undefined> {
  return db.selectFrom('baseUser').selectAll().where(sql<string>`lower(account)`, '=', key).executeTakeFirst();
}

/** Mobile numbers are not unique; the oldest enabled account with that number signs in. */
export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('baseUser')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('enabledMark', 'desc')
    .orderBy('createdAt', 'asc')
    .executeTakeFirst();
}

/** The last sign-in becomes the previous one (shown in the "last login" notice), then is replaced. */
export async function recordSuccessfulLogin(db: Db, user: UserRow, ip: string | null): Promise<void> {
  await db
    .updateTable('baseUser')
    .set({ prevLoginTime: user.lastLoginTime, prevLoginIp: user.lastLoginIp, lastLoginTime: Date.now(), lastLoginIp: ip })
    .where('id', '=', user.id)
    .execute();
}

export async function insertLoginLog(
  db: Db,
  entry: { userId: string | null; account: string; success: boolean; message: string | null; ip: string | null; userAgent: string | null; kind?: 'login' | 'logout' },
): Promise<void> {
  await db
    .insertInto('baseLoginLog')
    .values({
      id: newId(),
      userId: entry.userId,
      account: entry.account.slice(0, 100),
      success: entry.success ? 1 : 0,
      message: entry.message,
      ip: entry.ip,
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
      createdAt: Date.now(),
      kind: entry.kind ?? 'login',
    })
    .execute();
}

/** Failures older than this no longer count: a typo last week should not demand a captcha today. */
export const FAILURE_MEMORY_MS = 24 * 3600_000;

/** The failure record of an account key; an expired lock or a stale count is forgotten (the count starts again). */
export async function currentFailures(db: Db, key: string, now = Date.now()): Promise<LoginFailureRow | null> {
  const row = await db.selectFrom('baseLoginFailure').selectAll().where('account', '=', key).executeTakeFirst();
  if (!row) return null;
  const lockOver = row.lockedUntil !== null && row.lockedUntil <= now;
  if (lockOver || (row.lockedUntil === null && now - row.lastFailedAt > FAILURE_MEMORY_MS)) {
    await clearFailures(db, key);
    return null;
  }
  return row;
}

/** Counts one more failure (atomically) and locks the key once `lockFailures` is reached. */
export async function addFailure(db: Db, key: string, lock: { lockFailures: number; lockMinutes: number }): Promise<LoginFailureRow> {
  const now = Date.now();
  const row = await db
    .insertInto('baseLoginFailure')
    .values({ account: key, failures: 1, lastFailedAt: now, lockedUntil: null })
    .onConflict((oc) => oc.column('account').doUpdateSet((eb) => ({ failures: eb('baseLoginFailure.failures', '+', 1), lastFailedAt: now })))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lock.lockFailures > 0 && row.failures >= lock.lockFailures && row.lockedUntil === null) {
    row.lockedUntil = now + Math.max(lock.lockMinutes, 1) * 60_000;
    await db.updateTable('baseLoginFailure').set({ lockedUntil: row.lockedUntil }).where('account', '=', key).execute();
  }
  return row;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('baseLoginFailure').where('account', '=', key).execute();
}

/** Whole minutes left on a lock, at least 1, for the message. */
export function minutesLeft(lockedUntil: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
}
