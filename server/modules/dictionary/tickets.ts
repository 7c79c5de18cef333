import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from './repository';

/**
 * Export links. An export call answers `{ url }`; the browser then opens the url without its
 * bearer header, so the url carries a random ticket (only its SHA-256 is stored) that names
 * what to download, for whom, until when. Stored in the database, so any app process behind
 * a load balancer can serve the download.
 */
export const TICKET_SECONDS = 300;
export const TICKET_PATTERN = '^[A-Za-z0-9_-]{43}$';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(db: DbOrTrx, kind: string, objectId: string, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.deleteFrom('baseExportTicket').where('expiresAt', '<', now).execute();
  await db.insertInto('baseExportTicket').values({ id: hash(ticket), kind, objectId, userId, expiresAt: now + TICKET_SECONDS * 1000 }).execute();
  return ticket;
}

/** The object id behind a live ticket of that kind, or null. */
export async function redeemTicket(db: DbOrTrx, kind: string, ticket: string): Promise<string | null> {
  const row = await db.selectFrom('baseExportTicket').selectAll().where('id', '=', hash(ticket)).where('kind', '=', kind).executeTakeFirst();
  if (!row || row.expiresAt < Date.now()) return null;
  return row.objectId;
}
