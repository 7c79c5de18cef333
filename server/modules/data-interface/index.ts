import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db, Dialect } from '../../db';
import { InterfaceExecutor } from './execute';
import { dataInterfaceRoutes } from './routes';
import { dataInterfaceRunRoutes } from './run-routes';
import { SqlRunner } from './sql-runner';

export { seedDataInterfaceDemo } from './seed';

/** Data interfaces (/api/system/DataInterface) and their call log (/api/system/DataInterfaceLog). */
export const dataInterfaceModule: FastifyPluginAsync<{ db: Db; dialect: Dialect; config: AppConfig }> = async (app, opts) => {
  const { config } = opts;
  const runner = new SqlRunner(opts.db, opts.dialect, {
    timeLimitMs: config.interfaceTimeLimitMs,
    rowCap: config.interfaceRowCap,
    databaseUrl: config.databaseUrl,
    readerUrl: config.interfaceReaderUrl,
  });
  await runner.init((reason) => app.log.error({ reason }, 'SQL data interfaces are unavailable: their least-privilege reader could not be set up'));
  app.addHook('onClose', async () => runner.close());
  const executor = new InterfaceExecutor(runner);
  await app.register(dataInterfaceRoutes, { db: opts.db, executor });
  await app.register(dataInterfaceRunRoutes, { db: opts.db, executor });
};
