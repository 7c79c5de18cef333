import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { newId } from '../db/ids';
import type { SessionRow } from '../db/schema';
import { ReplyCode } from '../../src/runtime/codes';
import { Generation, invalidationOf, keyed, type Change } from '../cache/invalidation';

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

/**
 * Sessions by token hash, kept in memory per database handle so a request does not read its
 * session row. Any committed write to base_session drops the rows it names (by token hash, id or
 * user; a write naming none drops all): sign-out, revocation, sign-in elsewhere, screen lock and
 * the idle slide below, from any code path (server/cache/invalidation.ts). A kept session that
 * looks expired is read again before it is refused: another process may have slid it.
 */
const SESSION_CACHE_LIMIT = 20_000;

class SessionCache {
  private readonly byHash = new Map<string, SessionRow>();
  private readonly byId = new Map<string, string>();
  private readonly byUser = new Map<string, Set<string>>();
  /** token → its SHA-256 (a hash a request was 3 % of a signed-in read's CPU); bounded like the sessions */
  private readonly hashes = new Map<string, string>();
  readonly generation = new Generation();

  hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (hash === undefined) {
      if (this.hashes.size >= SESSION_CACHE_LIMIT) this.hashes.clear();
      hash = hashToken(token);
      this.hashes.set(token, hash);
    }
    return hash;
  }

  get(hash: string): SessionRow | undefined {
    return this.byHash.get(hash);
  }

  set(session: SessionRow): void {
    if (this.byHash.size >= SESSION_CACHE_LIMIT) this.clear();
    this.remove(session.tokenHash);
    this.byHash.set(session.tokenHash, session);
    this.byId.set(session.id, session.tokenHash);
    const hashes = this.byUser.get(session.userId) ?? new Set<string>();
    hashes.add(session.tokenHash);
    this.byUser.set(session.userId, hashes);
  }

  private remove(hash: string | undefined): void {
    const session = hash === undefined ? undefined : this.byHash.get(hash);
    if (!session) return;
    this.byHash.delete(session.tokenHash);
    this.byId.delete(session.id);
    const hashes = this.byUser.get(session.userId);
    hashes?.delete(session.tokenHash);
    if (hashes?.size === 0) this.byUser.delete(session.userId);
  }

  drop(change: Change): void {
    this.generation.bump();
    const hashes = keyed(change, 'token_hash');
    const ids = keyed(change, 'id');
    const users = keyed(change, 'user_id');
    if (hashes) for (const hash of hashes) this.remove(String(hash));
    else if (ids) for (const id of ids) this.remove(this.byId.get(String(id)));
    else if (users) for (const user of users) for (const hash of [...(this.byUser.get(String(user)) ?? [])]) this.remove(hash);
    else this.clear();
  }

  clear(): void {
    this.generation.bump();
    this.hashes.clear();
    this.byHash.clear();
    this.byId.clear();
    this.byUser.clear();
  }
}

const sessionCaches = new WeakMap<object, SessionCache>();

function sessionCacheOf(db: Db): SessionCache | undefined {
  let cache = sessionCaches.get(db);
  if (cache) return cache;
  const bus = invalidationOf(db);
  if (!bus) return undefined; // a transaction, or a handle without a bus: read every time
  cache = new SessionCache();
  const kept = cache;
  bus.subscribe(['base_session'], (change) => kept.drop(change));
  bus.onFlushAll(() => kept.clear());
  sessionCaches.set(db, cache);
  return cache;
}

/** How often the idle expiry slides forward (one write per session at most this often; docs/DECISIONS.md). */
export const SLIDE_INTERVAL_MS = 60_000;

/** Resolves a bearer token; slides the idle expiry forward at most once a minute. */
export async function resolveSession(db: Db, token: string, idleSeconds: number): Promise<SessionLookup> {
  const cache = sessionCacheOf(db);
  const hash = cache ? cache.hashOf(token) : hashToken(token);
  let session = cache?.get(hash);
  const now = Date.now();
  if (!session || (session.revokedAt === null && session.expiresAt <= now)) {
    const mark = cache?.generation.begin() ?? 0;
    session = await db.selectFrom('baseSession').selectAll().where('tokenHash', '=', hash).executeTakeFirst();
    if (!session) return { ok: false, code: ReplyCode.tokenInvalid };
    if (cache?.generation.fresh(mark)) cache.set(session);
  }
  if (session.revokedAt !== null) {
    return { ok: false, code: session.revokedCode === ReplyCode.signedInElsewhere ? ReplyCode.signedInElsewhere : ReplyCode.tokenInvalid };
  }
  if (session.expiresAt <= now) return { ok: false, code: ReplyCode.sessionExpired };
  if (now - session.lastSeenAt > SLIDE_INTERVAL_MS) {
    const expiresAt = now + idleSeconds * 1000;
    // the write drops the kept row (its id is named): the next request reads the slid one
    await db.updateTable('baseSession').set({ lastSeenAt: now, expiresAt }).where('id', '=', session.id).execute();
    session = { ...session, lastSeenAt: now, expiresAt };
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
