import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { Envelope, ok } from '../../http/envelope';
import { readSysConfig } from '../system/config-store';

const DAY_MS = 86_400_000;

/**
 * The one place that prunes the call log: rows invoked more than `days` days ago. 0 keeps all.
 * The log retention (server/logs/retention.ts) calls it at start and every six hours with the
 * configured days; the route below on demand.
 */
export async function pruneInterfaceLog(db: Db, days: number, now = Date.now()): Promise<number> {
  if (!Number.isInteger(days) || days <= 0) return 0;
  const result = await db.deleteFrom('baseDataInterfaceLog').where('invokedAt', '<', now - days * DAY_MS).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** POST /api/system/DataInterfaceLog/Actions/Prune: by the given days, or the configured retention (dataInterfaceLogRetentionDays). */
export const dataInterfaceLogPruneRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/DataInterfaceLog/Actions/Prune',
    {
      config: { access: { permission: 'system.dataInterface:manage' } },
      schema: {
        tags: ['dataInterface'],
        summary: 'Delete calls older than `days` days (default: the configured retention, dataInterfaceLogRetentionDays)',
        body: Type.Optional(Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36500 })) })),
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer(), days: Type.Integer() })) },
      },
    },
    async (request) => {
      const days = request.body?.days ?? (await readSysConfig(db)).dataInterfaceLogRetentionDays;
      const deleted = await pruneInterfaceLog(db, days);
      return ok({ deleted, days }, request.t('dataInterfaceAdmin.pruned', { count: deleted }));
    },
  );
};
