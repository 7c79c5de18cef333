import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createOnceSync } from '../../../files/atomic-write';

/**
 * Download tickets: an <img>, <iframe> or <a> cannot send the bearer token, and a session token
 * in a URL ends up in logs, histories and Referer headers. So a signed-in call that checked the
 * caller's right to the files hands out an address signed with a server key, naming the files,
 * the user and an expiry ten minutes ahead; the public serving route checks only the signature.
 * The key is kept in the upload root, so addresses survive a restart within their lifetime.
 */
export const TICKET_SECONDS = 600;

export class TicketSigner {
  private readonly key: Buffer;

  constructor(root: string) {
    // made once: processes starting at once all sign with the same key, never a half-written one
    this.key = createOnceSync(path.join(root, '.ticket-key'), () => randomBytes(32));
    if (this.key.length !== 32) throw new Error(`${path.join(root, '.ticket-key')} does not hold a 32-byte key`);
  }

  private mac(subject: string, userId: string, expires: number) {
    return createHmac('sha256', this.key).update(`${subject}\n${userId}\n${expires}`).digest('base64url');
  }

  /** Query string `u=…&e=…&s=…` for the subject (a file id, or a comma list for a pack). */
  sign(subject: string, userId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + TICKET_SECONDS;
    return `u=${encodeURIComponent(userId)}&e=${expires}&s=${this.mac(subject, userId, expires)}`;
  }

  verify(subject: string, query: { u?: string; e?: number; s?: string }, now = Date.now()): boolean {
    if (!query.u || !query.e || !query.s || query.e < now / 1000) return false;
    const expected = Buffer.from(this.mac(subject, query.u, query.e));
    const given = Buffer.from(query.s);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
