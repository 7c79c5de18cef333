import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { goodsRoutes } from './routes';
import { priceRoutes } from './price-routes';
import { stockRoutes } from './stock-routes';

export { setPrice, writePrice, crosses } from './prices';
export { seedGoodsDemo } from './seed';

/** Goods, warehouses, prices, price alerts and inventory under /api/business (docs/BUSINESS.md). */
export const goodsModule: FastifyPluginAsync<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  await app.register(goodsRoutes, { db, hub });
  await app.register(priceRoutes, { db, hub });
  await app.register(stockRoutes, { db });
};
