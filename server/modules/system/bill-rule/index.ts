import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import { billNumberRoutes } from './number-routes';
import { billRuleRoutes } from './routes';
import { billRuleTransferRoutes } from './transfer-routes';

export { nextBillNumber } from './number';
export { seedBillRuleDemo } from './seed';

/** Numbering rules (/api/system/BillRule, spec 7.13): the rules, their numbers, export. */
export const billRuleModule: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  await app.register(billRuleRoutes, { db: opts.db });
  await app.register(billNumberRoutes, { db: opts.db });
  await app.register(billRuleTransferRoutes, { db: opts.db });
};
