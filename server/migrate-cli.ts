import { loadConfig } from './config';
import { openDatabase } from './db';
import { prepareDatabase } from './db/startup';

/**
 * `npm run migrate` (server/main.ts --migrate, so the compiled server of a production install
 * without dev dependencies does it too): what a deploy runs once, by one process, before starting
 * the app processes with MIGRATE_ON_START=false — migrate, seed an empty database (unless SEED=0),
 * sync the menu file. Safe beside starting servers: it takes the same startup lock.
 */
export async function migrateOnly(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    const seeded = await prepareDatabase(database, { databaseUrl: config.databaseUrl, dataDir: config.dataDir, seed: config.seed, seedPassword: config.seedPassword });
    console.log(`Database ${database.where}: schema current${seeded ? ', demo data seeded' : ''}.`);
  } finally {
    await database.close();
  }
}
