import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db';
import { newId } from '../db/ids';
import type { RequestLogRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's requests are not in the request log (a load balancer's probe would crowd it out). */
    requestLog?: boolean;
  }
}

/**
 * The request log (issue 11 item 7): one row per /api request — method, path without the query
 * string, status, duration, user, address; never a body or a query value. The answer is never
 * held up by it: the onResponse hook only pushes a row onto an in-memory queue, and a timer
 * writes the queue in one multi-row insert every `flushMs` (and on close). A process killed
 * between two flushes loses at most that second of rows; a queue past `maxQueue` (database down)
 * drops its oldest rows and says how many in the server log.
 */
export interface RequestLogOptions {
  db: Db;
  /** How often the queue is written (default 1000 ms). */
  flushMs?: number;
  /** Rows kept in memory at most while the database does not take them (default 20000). */
  maxQueue?: number;
}

/** Path parameters whose values are credentials (download tickets, socket tokens): logged as the parameter's name. */
const SECRET_PARAM = /token|ticket|secret|code/i;
const CHUNK = 500;

const secretPatterns = new Map<string, boolean>();
/** Whether a route pattern has a secret parameter; asked on every request, so answered once a route. */
function namesSecret(pattern: string): boolean {
  let secret = secretPatterns.get(pattern);
  if (secret === undefined) {
    secret = [...pattern.matchAll(/:(\w+)/g)].some((m) => SECRET_PARAM.test(m[1]!));
    secretPatterns.set(pattern, secret);
  }
  return secret;
}

/** The logged path: the address without its query; a secret path parameter replaced by `:name`. */
export function loggedPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0]!;
  const pattern = request.routeOptions.url;
  if (!pattern || !namesSecret(pattern)) return raw.slice(0, 500);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => (SECRET_PARAM.test(name) ? `:${name}` : encodeURIComponent(String(params[name] ?? '')))).slice(0, 500);
}

/** The columns in the order every compiled insert binds them. */
const COLUMNS = ['id', 'createdAt', 'method', 'path', 'status', 'durationMs', 'userId', 'account', 'ip'] as const satisfies readonly (keyof RequestLogRow)[];

export class RequestLogWriter {
  /** Rows in chunks of at most CHUNK, oldest first: a write takes a chunk, a queue past its bound drops its oldest chunk. */
  private chunks: RequestLogRow[][] = [];
  private queued = 0;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  /** The insert of n rows, compiled once per n: building it per flush cost more than the writing. */
  private readonly inserts = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly maxQueue: number,
    private readonly warn: (message: string, error?: unknown) => void,
  ) {}

  push(row: RequestLogRow): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.length < CHUNK) last.push(row);
    else this.chunks.push([row]);
    this.queued += 1;
    if (this.queued > this.maxQueue) {
      const oldest = this.chunks.shift()!;
      this.queued -= oldest.length;
      this.dropped += oldest.length;
    }
  }

  /** Writes what is queued; flushes run one after another, never two at once. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeQueued());
    return this.writing;
  }

  private insertOf(rows: readonly RequestLogRow[]): CompiledQuery {
    let text = this.inserts.get(rows.length);
    if (text === undefined) {
      text = this.db.insertInto('baseRequestLog').values(rows).compile().sql;
      this.inserts.set(rows.length, text);
    }
    const parameters: unknown[] = [];
    for (const row of rows) for (const column of COLUMNS) parameters.push(row[column]);
    return CompiledQuery.raw(text, parameters);
  }

  private async writeQueued(): Promise<void> {
    if (this.dropped) {
      this.warn(`request log: ${this.dropped} rows dropped while the database did not take them`);
      this.dropped = 0;
    }
    while (this.chunks.length) {
      // taken out while written: rows pushed meanwhile go to a chunk of their own; still counted
      // in `queued` until written, so the bound holds
      const rows = this.chunks.shift()!;
      try {
        await this.db.executeQuery(this.insertOf(rows));
      } catch (error) {
        // kept, oldest first, for the next flush (bounded by maxQueue)
        this.warn('request log: could not write', error);
        this.chunks.unshift(rows);
        return;
      }
      this.queued -= rows.length;
    }
  }
}

async function requestLogPlugin(app: FastifyInstance, opts: RequestLogOptions) {
  const writer = new RequestLogWriter(opts.db, opts.maxQueue ?? 20_000, (message, error) => app.log.warn({ err: error }, message));
  app.decorate('requestLog', writer);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.requestLog === false) return;
    const user = request.principal?.user;
    writer.push({
      id: newId(),
      createdAt: Date.now(),
      method: request.method.slice(0, 10),
      path: loggedPath(request),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      userId: user?.id ?? null,
      account: user?.account?.slice(0, 100) ?? null,
      ip: request.ip?.slice(0, 64) ?? null,
    });
  });
  // per process, not under a lease: each process flushes the rows of its own requests
  const timer = setInterval(() => void writer.flush(), opts.flushMs ?? 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await writer.flush();
  });
}

export const requestLogging = fp(requestLogPlugin, { name: 'request-log', dependencies: ['access-control'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** The request log's queue (server/logs/request-log.ts); tests flush it instead of waiting. */
    requestLog: RequestLogWriter;
  }
}
