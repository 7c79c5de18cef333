import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import { refuse } from '../../http/errors';

/** Sends a sign-in code to a phone. Swap the implementation for a real SMS gateway. */
export interface SmsSender {
  send(message: { phone: string; code: string; purpose: string; ttlMinutes: number }): Promise<void>;
}

/** The default sender: no gateway, the code goes to the server log (development and demos). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send({ phone, code, purpose, ttlMinutes }) {
      log.info({ phone, purpose }, `SMS code for ${phone}: ${code} (valid ${ttlMinutes} minutes)`);
    },
  };
}

/**
 * The sender in use, held in one mutable place decorated on the app, so an embedding program
 * (or a test) can plug in its own gateway with `app.sms.use(sender)` without a back-door route.
 */
export interface SmsOutlet {
  sender: SmsSender;
  use(sender: SmsSender): void;
}

export function createSmsOutlet(initial: SmsSender): SmsOutlet {
  const outlet: SmsOutlet = {
    sender: initial,
    use(sender) {
      outlet.sender = sender;
    },
  };
  return outlet;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsOutlet;
  }
}

export const SMS_RULES = {
  ttlMs: 5 * 60_000,
  minIntervalMs: 60_000,
  perHour: 5,
  maxAttempts: 5,
} as const;

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

// Salted with the row id: a leaked table does not give away a code by a lookup table.
const hashCode = (rowId: string, code: string) => createHash('sha256').update(`${rowId}:${code}`).digest('hex');

/**
 * Issues a code for `phone` within the rate limits. `deliver` is false for a number no account
 * uses: a row is still stored (so limits and replies are the same and nothing reveals whether the
 * number is registered) but nothing is sent, and no code can ever match it.
 */
export async function issueSmsCode(db: Db, phone: string, purpose: string, deliver: boolean): Promise<string | null> {
  const now = Date.now();
  const recent = await db
    .selectFrom('baseSmsCode')
    .select('createdAt')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('createdAt', '>', now - 3600_000)
    .orderBy('createdAt', 'desc')
    .execute();
  const last = recent[0];
  if (last && now - last.createdAt < SMS_RULES.minIntervalMs) {
    throw refuse('oauth.smsTooFrequent', { seconds: Math.ceil((SMS_RULES.minIntervalMs - (now - last.createdAt)) / 1000) });
  }
  if (recent.length >= SMS_RULES.perHour) throw refuse('oauth.smsHourlyLimit');
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('baseSmsCode')
    .values({ id, phone, purpose, codeHash: deliver ? hashCode(id, code) : 'never', createdAt: now, expiresAt: now + SMS_RULES.ttlMs, usedAt: null, attempts: 0 })
    .execute();
  // Rows older than a day serve no limit any more.
  await db.deleteFrom('baseSmsCode').where('createdAt', '<', now - 86_400_000).execute();
  return deliver ? code : null;
}

/** Checks the newest unused code of the phone; wrong answers count, success uses it up. */
export async function consumeSmsCode(db: Db, phone: string, purpose: string, answer: string): Promise<void> {
  const now = Date.now();
  const row = await db
    .selectFrom('baseSmsCode')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!row || row.expiresAt <= now) throw refuse('oauth.smsCodeExpired');
  if (row.attempts >= SMS_RULES.maxAttempts) throw refuse('oauth.smsCodeTooManyAttempts');
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashCode(row.id, answer.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await db.updateTable('baseSmsCode').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    throw refuse(row.attempts + 1 >= SMS_RULES.maxAttempts ? 'oauth.smsCodeTooManyAttempts' : 'oauth.smsCodeWrong');
  }
  // Only one request can flip usedAt from null: a replayed code loses the race.
  const used = await db.updateTable('baseSmsCode').set({ usedAt: now }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw refuse('oauth.smsCodeExpired');
}
