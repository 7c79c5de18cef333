import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { startLeasedJob } from '../jobs/lease';
import { pruneInterfaceLog } from '../modules/data-interface/log-prune';
import { readSysConfig } from '../modules/system/config-store';

/** Days each log kind is kept (0 = for ever), from the environment. */
export interface LogRetention {
  login: number;
  request: number;
  audit: number;
}

/** With the data-interface call log's days, which administrators set in system configuration. */
export type PruneDays = LogRetention & { dataInterface: number };

export const DEFAULT_LOG_RETENTION: LogRetention = { login: 180, request: 30, audit: 365 };

const DAY_MS = 24 * 3600_000;

/** Deletes rows older than each kind's retention; answers how many went, per kind. */
export async function pruneLogs(db: Db, retention: PruneDays, now = Date.now()): Promise<PruneDays> {
  const before = (days: number) => now - days * DAY_MS;
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const pruned: PruneDays = { login: 0, request: 0, audit: 0, dataInterface: 0 };
  if (retention.login > 0) pruned.login = count(await db.deleteFrom('baseLoginLog').where('createdAt', '<', before(retention.login)).executeTakeFirst());
  if (retention.request > 0) pruned.request = count(await db.deleteFrom('baseRequestLog').where('createdAt', '<', before(retention.request)).executeTakeFirst());
  if (retention.audit > 0) pruned.audit = count(await db.deleteFrom('baseAuditLog').where('createdAt', '<', before(retention.audit)).executeTakeFirst());
  pruned.dataInterface = await pruneInterfaceLog(db, retention.dataInterface, now);
  return pruned;
}

/** How often pruning runs after the one at start. */
export const PRUNE_EVERY_MS = 6 * 3600_000;

/** The pruning's lease name (server/jobs/lease.ts). */
export const LOG_PRUNE_JOB = 'logs.prune';

/**
 * Prunes once the server is ready (in the background: a large first prune does not delay the
 * start) and every PRUNE_EVERY_MS after, by one process at a time (the job's lease: of several
 * processes on one database only the holder deletes); a failure is logged and retried at the
 * next turn. The data-interface call log is pruned in the same turn (pruneLogs).
 */
async function retentionPlugin(app: FastifyInstance, opts: { db: Db; retention: LogRetention }) {
  const job = startLeasedJob({
    db: opts.db,
    name: LOG_PRUNE_JOB,
    everyMs: PRUNE_EVERY_MS,
    run: async (now) => {
      const config = await readSysConfig(opts.db);
      const pruned = await pruneLogs(opts.db, { ...opts.retention, dataInterface: config.dataInterfaceLogRetentionDays }, now);
      app.log.debug({ pruned }, 'logs pruned');
    },
    onError: (error) => app.log.warn({ err: error }, 'log pruning failed'),
  });
  app.addHook('onReady', async () => {
    void job.tick();
  });
  app.addHook('onClose', () => job.stop());
}

export const logRetention = fp(retentionPlugin, { name: 'log-retention' });
