import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { newId } from '../db/ids';
import type { SessionRow } from '../db/schema';
import { ReplyCode } from '../../src/runtime/codes';

/**
 * Sessions that ended in this process, announced after the change is stored: the real-time
 * hub pushes 'logout' to their sockets at once (its periodic check catches the rest: expiry,
 * other processes, disabled accounts). Listeners are kept per database handle, so several
 * apps in one process (tests) do not hear each other.
 */
export interface SessionsEnded {
  /** The reply code the session now answers: 601 signed in elsewhere, 602 ended. */
  code: number;
  sessionIds?: string[];
  /** Every session of this user… */
  userId?: string;
  /** …but this one. */
  exceptSessionId?: string;
}

type SessionsEndedListener = (event: SessionsEnded) => void;
const listeners = new WeakMap<object, Set<SessionsEndedListener>>();

export function onSessionsEnded(db: Db, listener: SessionsEndedListener): () => void {
  const set = listeners.get(db) ?? new Set<SessionsEndedListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

function announce(db: Db, event: SessionsEnded): void {
  for (const listener of listeners.get(db) ?? []) listener(event);
}

/** Opaque bearer tokens: 32 random bytes; only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionOptions {
  idleSeconds: number;
  /** End the account's other sessions (they then answer 601). */
  single?: boolean;
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(db: Db, userId: string, options: SessionOptions): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const now = Date.now();
  const session: SessionRow = {
    id: newId(),
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + options.idleSeconds * 1000,
    revokedAt: null,
    revokedCode: null,
    locked: 0,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  };
  await db.transaction().execute(async (trx) => {
    if (options.single) {
      await trx
        .updateTable('baseSession')
        .set({ revokedAt: now, revokedCode: ReplyCode.signedInElsewhere })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    }
    await trx.insertInto('baseSession').values(session).execute();
  });
  if (options.single) announce(db, { code: ReplyCode.signedInElsewhere, userId, exceptSessionId: session.id });
  return { token, session };
}

export type SessionLookup =
  | { ok: true; session: SessionRow }
  | { ok: false; code: typeof ReplyCode.sessionExpired | typeof ReplyCode.signedInElsewhere | typeof ReplyCode.tokenInvalid };

/** Resolves a bearer token; slides the idle expiry forward at most once a minute. */
export async function resolveSession(db: Db, token: string, idleSeconds: number): Promise<SessionLookup> {
  const session = await db.selectFrom('baseSession').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
  if (!session) return { ok: false, code: ReplyCode.tokenInvalid };
  if (session.revokedAt !== null) {
    return { ok: false, code: session.revokedCode === ReplyCode.signedInElsewhere ? ReplyCode.signedInElsewhere : ReplyCode.tokenInvalid };
  }
  const now = Date.now();
  if (session.expiresAt <= now) return { ok: false, code: ReplyCode.sessionExpired };
  if (now - session.lastSeenAt > 60_000) {
    const expiresAt = now + idleSeconds * 1000;
    await db.updateTable('baseSession').set({ lastSeenAt: now, expiresAt }).where('id', '=', session.id).execute();
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
  }
  return { ok: true, session };
}

export async function revokeSession(db: Db, sessionId: string, code: number = ReplyCode.tokenInvalid): Promise<void> {
  await db
    .updateTable('baseSession')
    .set({ revokedAt: Date.now(), revokedCode: code })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
  announce(db, { code, sessionIds: [sessionId] });
}

/** Ends every open session of a user (password change, disabled account), optionally but one. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  let query = db
    .updateTable('baseSession')
    .set({ revokedAt: Date.now(), revokedCode: ReplyCode.tokenInvalid })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
  announce(db, { code: ReplyCode.tokenInvalid, userId, exceptSessionId });
}

export async function setSessionLocked(db: Db, sessionId: string, locked: boolean): Promise<void> {
  await db.updateTable('baseSession').set({ locked: locked ? 1 : 0 }).where('id', '=', sessionId).execute();
}
