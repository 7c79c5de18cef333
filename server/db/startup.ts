import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseHandle } from '.';
import { migrateToLatest, pendingMigrations } from './migrate';
import { readMenuFile, syncMenu } from './menu-file';
import { DEFAULT_MENU_FILE, seedDemoData } from './seed';

export interface PrepareOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  seed: boolean;
  seedPassword: string;
}

/** Arbitrary but fixed: every process of this product asks PostgreSQL for the same advisory lock. */
const PG_LOCK_KEY = 0x5c9_0001;

/**
 * Migrate, seed an empty database, sync the menu file — under one lock across processes, so N
 * processes starting at once on an empty database migrate and seed it once: the first holds the
 * lock and does the work; the others wait, then find nothing pending and data present. Answers
 * whether demo data was seeded now.
 */
export async function prepareDatabase(database: DatabaseHandle, options: PrepareOptions): Promise<boolean> {
  return withStartupLock({ dialect: database.dialect, ...options }, async () => {
    await migrateToLatest(database.db);
    const seeded = options.seed ? await seedDemoData(database.db, { password: options.seedPassword }) : false;
    // Entries added to schemas/menu.json since the database was seeded appear on the next start.
    if (!seeded && fs.existsSync(DEFAULT_MENU_FILE)) await syncMenu(database.db, readMenuFile(DEFAULT_MENU_FILE));
    return seeded;
  });
}

/** MIGRATE_ON_START=false: the schema must already be current (`npm run migrate` ran), else the process refuses to start. */
export async function requireCurrentSchema(database: DatabaseHandle): Promise<void> {
  const pending = await pendingMigrations(database.db);
  if (pending.length === 0) return;
  throw new Error(
    `The database schema is behind this server version (${pending.length} migration(s) pending, first ${pending[0]}). ` +
      'MIGRATE_ON_START=false is set: run `npm run migrate` once (one process, at deploy), then start the servers.',
  );
}

export interface LockPlace {
  dialect: DatabaseHandle['dialect'];
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Runs `work` while holding the startup lock of every process on this database: the start's
 * writes (migrations, seed, menu, model descriptor files) are made by one process at a time.
 */
export async function withStartupLock<T>(options: LockPlace, work: () => Promise<T>): Promise<T> {
  if (options.dialect === 'postgres') {
    // A client of its own (not one of the pool's): the lock belongs to a session, and the work
    // itself runs on the pool, so even DB_POOL_MAX=1 cannot wait on itself.
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('error', () => {}); // a dropped lock connection fails the query below instead of ending the process
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [PG_LOCK_KEY]);
      return await work();
    } finally {
      // ending the session releases the lock even if the unlock were skipped
      await client.query('select pg_advisory_unlock($1)', [PG_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
  // SQLite: one file on one machine, yet two processes may still start together on it. An
  // exclusive transaction on a side file is the lock; the OS drops it if the process dies.
  fs.mkdirSync(options.dataDir, { recursive: true });
  const lock = new SQLite(path.join(options.dataDir, 'startup.lock'));
  try {
    lock.pragma('busy_timeout = 120000');
    lock.exec('begin exclusive');
    return await work();
  } finally {
    if (lock.inTransaction) lock.exec('rollback');
    lock.close();
  }
}
