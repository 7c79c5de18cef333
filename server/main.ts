import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { prepareDatabase, requireCurrentSchema } from './db/startup';
import { DEMO_ACCOUNTS } from './db/seed';
import { gracefulShutdown } from './shutdown';
import { migrateOnly } from './migrate-cli';
import { FLOW_DEMO_ACCOUNTS } from './modules/flow/seed';

/** `npm start`: open (or create) the database, migrate, seed an empty one, serve app and API. */
async function main() {
  const phases = startPhases();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  let seeded = false;
  if (config.migrateOnStart !== false) {
    // under a lock across processes: N processes starting together migrate and seed once (server/db/startup.ts)
    seeded = await prepareDatabase(database, { databaseUrl: config.databaseUrl, dataDir: config.dataDir, seed: config.seed, seedPassword: config.seedPassword });
  } else {
    await requireCurrentSchema(database).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
  }
  phases.mark(seeded ? 'database+seed' : 'database');
  const app = await buildApp({ config, database });
  await app.ready();
  phases.mark('routes');

  let stopping = false;
  const shutdown = async (signal: string) => {
    // a second signal (Ctrl+C twice) does not wait for the drain: it ends the process at once
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const inTime = await gracefulShutdown(app, database, { drainMs: config.shutdownDrainMs ?? 0, timeoutMs: config.shutdownTimeoutMs ?? 10_000 });
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  phases.mark('listen');
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  供应链服务平台 is running at http://${shown}:${config.port}/`,
    `  API docs:  http://${shown}:${config.port}/api/docs`,
    `  Database:  ${database.dialect} — ${database.where}${seeded ? ' (demo data seeded now)' : ''}`,
    `  Demo accounts (password ${config.seedPassword === 'demo1234' ? 'demo1234' : 'from SEED_PASSWORD'}):`,
    ...[...DEMO_ACCOUNTS, ...FLOW_DEMO_ACCOUNTS].map((a) => `    ${a.account.padEnd(10)} ${a.description}`),
    `  Started in ${phases.summary()}`,
    '',
  ];
  console.log(lines.join('\n'));
}

/** Time since the process started, by phase: the banner says where a slow start went. */
function startPhases() {
  const parts: string[] = [];
  let last = performance.now();
  const loaded = last;
  return {
    mark(name: string) {
      const now = performance.now();
      parts.push(`${name} ${Math.round(now - last)} ms`);
      last = now;
    },
    summary: () => `${(last / 1000).toFixed(1)} s (load ${Math.round(loaded)} ms, ${parts.join(', ')})`,
  };
}

// `npm run migrate`: migrate, seed, sync the menu, exit (docs/DEPLOY.md "Migrations once")
const run = process.argv.includes('--migrate') ? () => migrateOnly().then(() => process.exit(0)) : main;
run().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
