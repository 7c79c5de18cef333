import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawnServer, type ServerProcess } from '../../bench/server-process';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { startRedis, type RedisServer } from './redis';

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** the test's own handle on the shared database (to read what the processes wrote) */
  database: DatabaseHandle;
  /** DATA_DIR of both processes: one file root, as a shared volume would be */
  dataDir: string;
  redis: RedisServer;
  /** stops both processes and Redis, drops the PostgreSQL database, removes the data directory */
  stop(): Promise<void>;
}

const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onAdmin(sql: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Two real server processes (server/main.ts) on one database and one Redis of the test's own
 * (the scale-out shape of issue 18): a SQLite file in a shared DATA_DIR, or under TEST_DB=postgres
 * a PostgreSQL database made for the test and dropped after it. `env` adds to the processes'
 * environment (rate limits, for example).
 */
export async function startTwoProcesses(env: Record<string, string> = {}): Promise<TwoProcesses> {
  const redis = await startRedis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-scale-'));
  let pgDatabase: string | null = null;
  let databaseUrl = '';
  if (process.env.TEST_DB === 'postgres') {
    pgDatabase = `scp_scale_${randomBytes(5).toString('hex')}`;
    await onAdmin(`create database ${pgDatabase}`);
    const url = new URL(PG_ADMIN);
    url.pathname = `/${pgDatabase}`;
    databaseUrl = url.toString();
  }
  const all = { DATA_DIR: dataDir, REDIS_URL: redis.url, STATIC_DIR: path.join(dataDir, 'none'), DATABASE_URL: databaseUrl, ...env };
  const a = await spawnServer(process.cwd(), all);
  const b = await spawnServer(process.cwd(), all); // after A: A migrated and seeded the shared database
  const database = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  return {
    a, b, database, dataDir, redis,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await redis.stop();
      if (pgDatabase) await onAdmin(`drop database if exists ${pgDatabase} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
