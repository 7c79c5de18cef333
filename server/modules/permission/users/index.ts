import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db';
import { actionRoutes } from './action-routes';
import { manageRoutes } from './manage-routes';
import { pickerRoutes } from './picker-routes';
import { transferRoutes } from './transfer-routes';

/**
 * /api/permission/Users (spec 7.3): user management, the pickers' user calls, export and
 * import. Mounted at the same prefix as the current-user module (/Current/…, registration review).
 */
export const usersModule: FastifyPluginAsyncTypebox<{ db: Db; dataDir: string }> = async (app, { db, dataDir }) => {
  await app.register(manageRoutes, { db });
  await app.register(actionRoutes, { db });
  await app.register(pickerRoutes, { db });
  await app.register(transferRoutes, { db, dataDir });
};
