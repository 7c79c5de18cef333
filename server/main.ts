import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import fs from 'node:fs';
import { readMenuFile, syncMenu } from './db/menu-file';
import { DEFAULT_MENU_FILE, DEMO_ACCOUNTS, seedDemoData } from './db/seed';
import { FLOW_DEMO_ACCOUNTS } from './modules/flow/seed';

/** `npm start`: open (or create) the database, migrate, seed an empty one, serve app and API. */
async function main() {
  const phases = startPhases();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  phases.mark('database');
  const seeded = config.seed ? await seedDemoData(database.db, { password: config.seedPassword }) : false;
  // Entries added to schemas/menu.json since the database was seeded appear on the next start.
  if (!seeded && fs.existsSync(DEFAULT_MENU_FILE)) await syncMenu(database.db, readMenuFile(DEFAULT_MENU_FILE));
  phases.mark(seeded ? 'seed' : 'menu');
  const app = await buildApp({ config, database });
  await app.ready();
  phases.mark('routes');

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
