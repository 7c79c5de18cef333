import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';

/** Days each log kind is kept (0 = for ever). */
export interface LogRetention {
  login: number;
  request: number;
  audit: number;
  dataInterface: number;
}

export const DEFAULT_LOG_RETENTION: LogRetention = { login: 180, request: 30, audit: 365, dataInterface: 90 };

const DAY_MS = 24 * 3600_000;

/** Deletes rows older than each kind's retention; answers how many went, per kind. */
export async function pruneLogs(db: Db, retention: LogRetention, now = Date.now()): Promise<LogRetention> {
  const before = (days: number) => now - days * DAY_MS;
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const pruned: LogRetention = { login: 0, request: 0, audit: 0, dataInterface: 0 };
  if (retention.login > 0) pruned.login = count(await db.deleteFrom('baseLoginLog').where('createdAt', '<', before(retention.login)).executeTakeFirst());
  if (retention.request > 0) pruned.request = count(await db.deleteFrom('baseRequestLog').where('createdAt', '<', before(retention.request)).executeTakeFirst());
  if (retention.audit > 0) pruned.audit = count(await db.deleteFrom('baseAuditLog').where('createdAt', '<', before(retention.audit)).executeTakeFirst());
  if (retention.dataInterface > 0) {
    pruned.dataInterface = count(await db.deleteFrom('baseDataInterfaceLog').where('invokedAt', '<', before(retention.dataInterface)).executeTakeFirst());
  }
  return pruned;
}

/** How often pruning runs after the one at start. */
export const PRUNE_EVERY_MS = 6 * 3600_000;

/**
 * Prunes once the server is ready (in the background: a large first prune does not delay the
 * start) and every PRUNE_EVERY_MS after; a failure is logged and retried at the next turn.
 */
async function retentionPlugin(app: FastifyInstance, opts: { db: Db; retention: LogRetention }) {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = pruneLogs(opts.db, opts.retention).then(
      (pruned) => app.log.debug({ pruned }, 'logs pruned'),
      (error) => app.log.warn({ err: error }, 'log pruning failed'),
    );
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => prune());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const logRetention = fp(retentionPlugin, { name: 'log-retention' });
