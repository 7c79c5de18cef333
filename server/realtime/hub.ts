import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { hashToken, type SessionsEnded } from '../auth/sessions';
import { ReplyCode } from '../../src/runtime/codes';
import { translate, type Locale, type MessageKey } from '../../src/runtime/i18n';
import { closeCodeFor, initMessage, parseClientMessage, type ClientMessage, type ServerMessage, type UnreadSource } from './protocol';

/** What the hub needs of a socket (the `ws` socket that @fastify/websocket hands over). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close' | 'pong', listener: () => void): unknown;
}

/** Who a socket belongs to: the session whose token opened it. */
export interface SocketOwner {
  sessionId: string;
  userId: string;
  /** SHA-256 of the token in the path; OnConnection must name the same token. */
  tokenHash: string;
  /** Messages the hub writes (logout reasons, errors) are in this language. */
  locale: Locale;
}

export type Target = { sessionId: string } | { userId: string; exceptSessionId?: string };

export interface Connection extends SocketOwner {
  socket: SocketLike;
  /** Answered the last ping. */
  alive: boolean;
}

/** Handles one kind of client frame (SendMessage, MessageList… come with the messages module). */
export type ClientMessageHandler = (connection: Connection, message: ClientMessage) => void | Promise<void>;

/**
 * The real-time hub behind /websocket/{token}. Kept to this interface so cross-process
 * fan-out (REDIS_URL: publish `send`/`endSessions`, deliver on every process) can wrap the
 * local one without the callers changing.
 */
export interface RealtimeHub {
  attach(socket: SocketLike, owner: SocketOwner): void;
  /** Delivers a message to the sockets of a session or a user; answers how many got it here. */
  send(target: Target, message: ServerMessage): number;
  /** Pushes 'logout' (with the reason in the socket's language) to the sockets of ended sessions, then closes them. */
  endSessions(event: SessionsEnded): void;
  /** The spec's 'closeSocket': the client closes and stays closed. */
  closeSockets(target: Target): void;
  /** The spec's 'refresh': the client reloads the page. */
  refresh(target: Target): void;
  addUnreadSource(source: UnreadSource): void;
  handle(method: string, handler: ClientMessageHandler): void;
  connectionCount(): number;
  /** Ends sockets whose session expired or ended elsewhere, and those that stopped answering pings. */
  sweep(): Promise<void>;
  /** Closes every socket (default 1001 'server closing'; a graceful shutdown says 1012: reconnect). */
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

const REASONS: Record<number, MessageKey> = {
  [ReplyCode.sessionExpired]: 'server.sessionExpired',
  [ReplyCode.signedInElsewhere]: 'server.signedInElsewhere',
  [ReplyCode.tokenInvalid]: 'server.tokenInvalid',
};

/** The hub of one process. */
export function createLocalHub(db: Db, options: { sweepMs?: number; log?: FastifyBaseLogger } = {}): RealtimeHub {
  const connections = new Set<Connection>();
  const sources: UnreadSource[] = [];
  const handlers = new Map<string, ClientMessageHandler>();

  const matches = (c: Connection, target: Target) =>
    'sessionId' in target ? c.sessionId === target.sessionId : c.userId === target.userId && c.sessionId !== target.exceptSessionId;

  const write = (c: Connection, message: ServerMessage) => {
    if (c.socket.readyState === OPEN) c.socket.send(JSON.stringify(message));
  };

  const fail = (c: Connection, key: MessageKey, params?: Record<string, string>) => write(c, { method: 'error', msg: translate(c.locale, key, params) });

  const end = (c: Connection, code: number) => {
    connections.delete(c);
    write(c, { method: 'logout', msg: translate(c.locale, REASONS[code] ?? 'server.tokenInvalid') });
    c.socket.close(closeCodeFor(code), 'logout');
  };

  async function unreadOf(userId: string) {
    return Promise.all(sources.map((source) => source(userId).catch(() => ({}))));
  }

  async function onFrame(c: Connection, data: unknown) {
    const message = parseClientMessage(data);
    if (!message) return fail(c, 'realtime.badMessage');
    if (message.method === 'OnConnection') {
      if (typeof message.token === 'string' && message.token && hashToken(message.token) !== c.tokenHash) {
        fail(c, 'realtime.tokenMismatch');
        connections.delete(c);
        return c.socket.close(1008, 'token mismatch');
      }
      return write(c, initMessage(await unreadOf(c.userId)));
    }
    const handler = handlers.get(message.method);
    if (!handler) return fail(c, 'realtime.unknownMethod', { method: message.method.slice(0, 50) });
    await handler(c, message);
  }

  const hub: RealtimeHub = {
    attach(socket, owner) {
      const c: Connection = { ...owner, socket, alive: true };
      connections.add(c);
      socket.on('message', (data) => {
        onFrame(c, data).catch((error: unknown) => {
          options.log?.error({ err: error }, 'real-time frame failed');
          fail(c, 'server.internalError');
        });
      });
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('close', () => connections.delete(c));
    },
    send(target, message) {
      let delivered = 0;
      for (const c of connections) {
        if (!matches(c, target)) continue;
        write(c, message);
        delivered += 1;
      }
      return delivered;
    },
    endSessions(event) {
      for (const c of [...connections]) {
        const hit = event.sessionIds?.includes(c.sessionId) || (event.userId !== undefined && matches(c, { userId: event.userId, exceptSessionId: event.exceptSessionId }));
        if (hit) end(c, event.code);
      }
    },
    closeSockets(target) {
      for (const c of [...connections]) {
        if (!matches(c, target)) continue;
        connections.delete(c);
        write(c, { method: 'closeSocket' });
        c.socket.close(1000, 'closeSocket');
      }
    },
    refresh(target) {
      hub.send(target, { method: 'refresh' });
    },
    addUnreadSource(source) {
      sources.push(source);
    },
    handle(method, handler) {
      handlers.set(method, handler);
    },
    connectionCount: () => connections.size,
    async sweep() {
      for (const c of [...connections]) {
        if (!c.alive) {
          connections.delete(c);
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        if (c.socket.readyState === OPEN) c.socket.ping();
      }
      const ids = [...new Set([...connections].map((c) => c.sessionId))];
      if (!ids.length) return;
      const rows = await db
        .selectFrom('baseSession')
        .leftJoin('baseUser', 'baseUser.id', 'baseSession.userId')
        .select(['baseSession.id', 'baseSession.revokedAt', 'baseSession.revokedCode', 'baseSession.expiresAt', 'baseUser.enabledMark'])
        .where('baseSession.id', 'in', ids)
        .execute();
      const now = Date.now();
      const state = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const row = state.get(id);
        let code: number | null = null;
        if (!row || row.enabledMark !== 1) code = ReplyCode.tokenInvalid;
        else if (row.revokedAt !== null) code = row.revokedCode === ReplyCode.signedInElsewhere ? ReplyCode.signedInElsewhere : ReplyCode.tokenInvalid;
        else if (row.expiresAt <= now) code = ReplyCode.sessionExpired;
        if (code !== null) hub.endSessions({ code, sessionIds: [id] });
      }
    },
    close(code = 1001, reason = 'server closing') {
      clearInterval(timer);
      for (const c of connections) c.socket.close(code, reason);
      connections.clear();
    },
  };

  const timer = setInterval(() => {
    hub.sweep().catch((error: unknown) => options.log?.warn({ err: error }, 'real-time sweep failed'));
  }, options.sweepMs ?? 30_000);
  timer.unref();
  return hub;
}
