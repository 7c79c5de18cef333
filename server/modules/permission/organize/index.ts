import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import { departmentRoutes } from './department-routes';
import { organizeRoutes } from './routes';

/** Companies and departments as one tree: /api/permission/Organize and Organize/Department. */
export const organizeModule: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  await app.register(organizeRoutes, { db: opts.db });
  await app.register(departmentRoutes, { db: opts.db });
};
