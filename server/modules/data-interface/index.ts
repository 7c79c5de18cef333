import type { FastifyPluginAsync } from 'fastify';
import type { Db, Dialect } from '../../db';
import { InterfaceExecutor } from './execute';
import { dataInterfaceRoutes } from './routes';
import { dataInterfaceRunRoutes } from './run-routes';
import { SqlRunner } from './sql-runner';

export { seedDataInterfaceDemo } from './seed';

/** Data interfaces (/api/system/DataInterface) and their call log (/api/system/DataInterfaceLog). */
export const dataInterfaceModule: FastifyPluginAsync<{ db: Db; dialect: Dialect }> = async (app, opts) => {
  const runner = new SqlRunner(opts.db, opts.dialect);
  await runner.init();
  app.addHook('onClose', async () => runner.close());
  await app.register(dataInterfaceRoutes, { db: opts.db });
  await app.register(dataInterfaceRunRoutes, { db: opts.db, executor: new InterfaceExecutor(runner) });
};
