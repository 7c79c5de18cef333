import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import { printLogRoutes } from './print-log-routes';
import { printDevPrintRoutes } from './print-routes';
import { printDevRoutes } from './routes';
import { printDevTransferRoutes } from './transfer-routes';

/** Print templates (/api/system/printDev, spec 7.14): the templates, their export/import, printing a record, and the print log. */
export const printDevModule: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  await app.register(printDevRoutes, { db: opts.db });
  await app.register(printDevTransferRoutes, { db: opts.db });
  await app.register(printDevPrintRoutes, { db: opts.db });
  await app.register(printLogRoutes, { db: opts.db });
};
