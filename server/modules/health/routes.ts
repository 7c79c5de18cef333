import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { Lifecycle } from '../../lifecycle';
import { Envelope, ok } from '../../http/envelope';
import { translate } from '../../../src/runtime/i18n';
import { within } from '../../within';

/** A database that does not answer in this time is as good as away, for a probe. */
const DB_PROBE_MS = 2000;

/**
 * Liveness (/health: the process answers) and readiness (/ready: it can serve now — database
 * answers, Redis connected when configured, not draining), for load balancers and the test
 * harness. Both probed every few seconds: kept out of the request log.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ dialect: string; db: Db; lifecycle: Lifecycle }> = async (app, opts) => {
  app.get(
    '/health',
    {
      config: { access: 'public', requestLog: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness probe',
        response: { 200: Envelope(Type.Object({ status: Type.Literal('up'), database: Type.String() })) },
      },
    },
    async () => ok({ status: 'up' as const, database: opts.dialect }),
  );

  const NotReady = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Object({ status: Type.Literal('notReady'), reason: Type.String() }) });
  app.get(
    '/ready',
    {
      config: { access: 'public', requestLog: false },
      schema: {
        tags: ['system'],
        summary: 'Readiness probe: 503 while draining or when the database or Redis is away',
        response: { 200: Envelope(Type.Object({ status: Type.Literal('ready') })), 503: NotReady },
      },
    },
    async (request, reply) => {
      const reason = await notReadyReason(opts.db, opts.lifecycle);
      if (reason === null) return ok({ status: 'ready' as const });
      return reply.status(503).send({ code: 503, msg: translate(request.locale, `deploy.notReady.${reason}`), data: { status: 'notReady' as const, reason } });
    },
  );
};

async function notReadyReason(db: Db, lifecycle: Lifecycle): Promise<'draining' | 'database' | 'redis' | null> {
  if (lifecycle.draining) return 'draining';
  for (const connected of lifecycle.dependencies.values()) if (!connected()) return 'redis';
  const up = await within(DB_PROBE_MS, sql`select 1`.execute(db).then(() => true, () => false), false);
  return up ? null : 'database';
}
