import argon2 from 'argon2';
import SparkMD5 from 'spark-md5';
import type { Db } from '../db';
import { audit, type AuditActor } from '../audit/record';

/**
 * Passwords never travel in clear: the browser sends the MD5 hex of what the user typed,
 * and the server stores argon2id of that MD5. The MD5 step is only a wire format (the
 * product's clients already send it); argon2id is what protects the stored value.
 */
export function md5Hex(plain: string): string {
  return SparkMD5.hash(plain);
}

export function hashPassword(clientMd5: string): Promise<string> {
  return argon2.hash(clientMd5, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * True when `clientMd5` matches the stored hash. With no stored hash (unknown account) it
 * still runs one argon2 verification, so the reply time does not reveal whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, clientMd5: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(md5Hex('no such account'));
    await argon2.verify(await dummyHash, clientMd5).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, clientMd5);
  } catch {
    return false; // a malformed stored hash is a refusal, never a 500
  }
}

/**
 * Sets a user's password from its client MD5 and records when (ends the forced-change state).
 * The audit log says only that it changed (hashed first: argon2 stays outside the transaction).
 */
export async function storePassword(db: Db, userId: string, clientMd5: string, actor: AuditActor, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(clientMd5);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('baseUser').set({ passwordHash, changePasswordDate: now, updatedAt: now }).where('id', '=', userId).execute();
    await audit(trx, actor, { entity: 'user', entityId: userId, action: 'update', before: {}, after: { passwordChanged: true } });
  });
}
