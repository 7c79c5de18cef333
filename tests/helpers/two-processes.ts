import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../bench/server-process';
import { freshDatabase as newDatabase } from '../../bench/fresh-database';
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

/**
 * Two real server processes (server/main.ts) on one database and one Redis of the test's own
 * (the scale-out shape of issue 18): a SQLite file in a shared DATA_DIR, or under TEST_DB=postgres
 * a PostgreSQL database made for the test and dropped after it. `env` adds to the processes'
 * environment (rate limits, for example).
 */
export async function startTwoProcesses(env: Record<string, string> = {}): Promise<TwoProcesses> {
  const redis = await startRedis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-scale-'));
  const fresh = await newDatabase(dataDir, 'scp_scale', process.env.TEST_DB === 'postgres' ? PG_ADMIN : '');
  const databaseUrl = fresh.env.DATABASE_URL!;
  const all = { ...fresh.env, REDIS_URL: redis.url, STATIC_DIR: path.join(dataDir, 'none'), ...env };
  const a = await spawnServer(process.cwd(), all);
  const b = await spawnServer(process.cwd(), all); // after A: A migrated and seeded the shared database
  const database = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  return {
    a, b, database, dataDir, redis,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await redis.stop();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
