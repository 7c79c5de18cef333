import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope';

/** Liveness and the database dialect, for load balancers and the test harness. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ dialect: string }> = async (app, opts) => {
  app.get(
    '/health',
    {
      // probed every few seconds by load balancers: kept out of the request log
      config: { access: 'public', requestLog: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness probe',
        response: { 200: Envelope(Type.Object({ status: Type.Literal('up'), database: Type.String() })) },
      },
    },
    async () => ok({ status: 'up' as const, database: opts.dialect }),
  );
};
