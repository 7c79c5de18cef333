import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import { messageTemplateRoutes } from './routes';
import { messageDataTypeRoutes } from './type-routes';

export { findTemplate } from './routes';

/** Message templates and message data types (/api/message, spec 7.11). */
export const messageTemplateModule: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  await app.register(messageTemplateRoutes, { db: opts.db });
  await app.register(messageDataTypeRoutes, { db: opts.db });
};
