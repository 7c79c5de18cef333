import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db, Dialect } from '../../db';
import { InterfaceExecutor } from './execute';
import { dataInterfaceRoutes } from './routes';
import { dataInterfaceLogPruneRoutes } from './log-prune';
import { dataInterfaceRunRoutes } from './run-routes';
import { dataInterfaceTransferRoutes } from './transfer';
import { InterfaceRunAccess } from './run-access';
import { SqlRunner } from './sql-runner';

export { seedDataInterfaceDemo } from './seed';
export type { InterfaceRunAccess } from './run-access';

/**
 * Opens what runs interfaces (the SQL reader, the executor and who may run what), before the
 * modules that use it: the visualdev module checks interface-fed values on save and tells which
 * pages run which interface; this module's routes run them.
 */
export async function openDataInterfaces(app: FastifyInstance, opts: { db: Db; dialect: Dialect; config: AppConfig }): Promise<InterfaceRunAccess> {
  const { config } = opts;
  const runner = new SqlRunner(opts.db, opts.dialect, {
    timeLimitMs: config.interfaceTimeLimitMs,
    rowCap: config.interfaceRowCap,
    databaseUrl: config.databaseUrl,
    readerUrl: config.interfaceReaderUrl,
  });
  await runner.init((reason) => app.log.error({ reason }, 'SQL data interfaces are unavailable: their least-privilege reader could not be set up'));
  app.addHook('onClose', async () => runner.close());
  return new InterfaceRunAccess(opts.db, new InterfaceExecutor(runner, opts.db));
}

/** Data interfaces (/api/system/DataInterface) their call log (/api/system/DataInterfaceLog, pruned by age) and export/import. */
export const dataInterfaceModule: FastifyPluginAsync<{ db: Db; access: InterfaceRunAccess }> = async (app, opts) => {
  await app.register(dataInterfaceRoutes, { db: opts.db, executor: opts.access.executor });
  await app.register(dataInterfaceRunRoutes, { db: opts.db, access: opts.access });
  await app.register(dataInterfaceTransferRoutes, { db: opts.db, executor: opts.access.executor });
  await app.register(dataInterfaceLogPruneRoutes, { db: opts.db });
};
