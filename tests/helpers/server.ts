import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/db/seed';
import { readerRoleName } from '../../server/modules/data-interface/pg-reader';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port over a fresh database: a temporary SQLite file, or,
 * when TEST_DB=postgres, a new schema in TEST_DATABASE_URL that is dropped afterwards.
 */
export async function startTestServer(overrides: Partial<AppConfig> & { seed?: boolean; businessDemo?: boolean; flowDemo?: boolean } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = usePostgres ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined;
  const pgSchema = usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config: AppConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    logLevel: 'silent',
    seedPassword: 'demo1234',
    staticDir: path.join(dataDir, 'no-front-end'),
    // Suites sign in dozens of times a minute from 127.0.0.1: the limiter runs with room to
    // spare; tests/api/rate-limits.test.ts starts servers with small limits.
    rateLimits: { perAccount: 1000, perAddress: 1000, shortLinkPerAddress: 1000 },
    ...overrides,
  };
  const database = await openDatabase({ databaseUrl, dataDir, pgSchema });
  await underSchemaLock(databaseUrl, () => migrateToLatest(database.db, pgSchema));
  // businessDemo: the ordering demo's goods, stock and money (off by default: suites assert their own figures from zero)
  // flowDemo: the 45 product flows as engines and the 'manager' and 'finance' accounts (off by default: user and position counts stay as suites expect)
  if (overrides.seed !== false) await seedDemoData(database.db, { password: config.seedPassword, business: overrides.businessDemo ?? false, flows: overrides.flowDemo ?? false });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    async close() {
      // A response whose body a test never read keeps its connection busy, and app.close() would
      // wait for it for ever: every test is over, so every connection goes.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      if (pgSchema && databaseUrl) {
        await underSchemaLock(databaseUrl, async (client) => {
          await client.query(`drop schema if exists ${pgSchema} cascade`);
          // The data-interface reader login made for this schema (server/modules/data-interface/pg-reader.ts).
          const { rows } = await client.query<{ database: string }>('select current_database() as database');
          await client.query(`drop role if exists ${pg.escapeIdentifier(readerRoleName(rows[0]!.database, pgSchema))}`);
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Test files run in parallel, one PostgreSQL schema each. Kysely's migrator introspects the
 * tables of every schema before it takes its own lock, and a schema dropped meanwhile by another
 * file makes that introspection fail ("column … of relation … does not exist"). Migrating and
 * dropping a test schema therefore take turns under one advisory lock. (SQLite: no lock.)
 */
async function underSchemaLock<T>(databaseUrl: string | undefined, work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!databaseUrl) return work(undefined as unknown as pg.Client);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('scp-test-schemas'))`);
    return await work(client);
  } finally {
    await client.end();
  }
}
