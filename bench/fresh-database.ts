import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db';

export interface FreshDatabase {
  /** DATA_DIR and DATABASE_URL for a server process on this database */
  env: Record<string, string>;
  open(): ReturnType<typeof openDatabase>;
  /** drops the PostgreSQL database (the caller removes `dataDir`) */
  drop(): Promise<void>;
}

/**
 * A fresh database for one benchmark run (or a test's server process): SQLite in `dataDir`, or, when
 * `server` (default BENCH_DATABASE_URL) names a PostgreSQL server, a new database `<prefix>_<time>` there, dropped by `drop()`.
 */
export async function freshDatabase(dataDir: string, prefix: string, server = process.env.BENCH_DATABASE_URL): Promise<FreshDatabase> {
  if (!server) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir }), drop: async () => {} };
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ dataDir, databaseUrl: url.toString() }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
