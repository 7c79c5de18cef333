import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { healthRoutes } from './health/routes';

/**
 * The one explicit list of capability modules, each an encapsulated Fastify plugin
 * mounted under /api/<prefix>. Adding a module = one line here.
 */
export async function registerModules(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api/system', dialect: ctx.dialect });
}
