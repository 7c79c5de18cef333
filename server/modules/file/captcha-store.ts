import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db';

/** A captcha code lives five minutes and answers one check, right or wrong. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** The client picks the key (its random "timestamp"); keep it short and plain. */
export const CAPTCHA_KEY_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';

// Characters that read alike in the distorted image (0/o/O, 1/l/I) are left out.
const IGNORE = '0oO1lIi';

/** Draws a captcha of `size` characters and stores its text under `key`, replacing any earlier one. */
export async function issueCaptcha(db: Db, key: string, size: number): Promise<string> {
  const captcha = svgCaptcha.create({ size: Math.min(Math.max(size, 3), 8), noise: 2, ignoreChars: IGNORE, width: 120, height: 40 });
  const now = Date.now();
  const row = { id: key, code: captcha.text, createdAt: now, expiresAt: now + CAPTCHA_TTL_MS };
  await db.transaction().execute(async (trx) => {
    // Expired rows are cleared here, so the table never holds more than five minutes of requests.
    await trx.deleteFrom('baseCaptcha').where('expiresAt', '<', now).execute();
    // An upsert, not delete-then-insert: two requests for one key at once (PostgreSQL, read
    // committed) both deleted nothing, and the second insert hit the primary key: a 500.
    await trx
      .insertInto('baseCaptcha')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ code: row.code, createdAt: row.createdAt, expiresAt: row.expiresAt }))
      .execute();
  });
  return captcha.data;
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Checks and consumes a captcha (case-insensitive); a used or unknown key counts as expired. */
export async function consumeCaptcha(db: Db, key: string, answer: string): Promise<CaptchaCheck> {
  const row = await db.deleteFrom('baseCaptcha').where('id', '=', key).returning(['code', 'expiresAt']).executeTakeFirst();
  if (!row || row.expiresAt <= Date.now()) return 'expired';
  return row.code.toLowerCase() === answer.trim().toLowerCase() ? 'ok' : 'wrong';
}
