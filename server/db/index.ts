import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';
import { Invalidation, registerInvalidation } from '../cache/invalidation';
import { observedDialect } from './observed-dialect';
import { batchWrites, InlineLimitPlugin, MemoCamelCasePlugin, prepareReads, withStatementCache } from './query-speed';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Human-readable location, for the start-up banner (never includes a password). */
  where: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else (or nothing) the embedded SQLite file. */
  databaseUrl?: string;
  /** Directory of the SQLite file. */
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
  /** PostgreSQL: the pool's most connections (DB_POOL_MAX; default 10). */
  poolMax?: number;
}

// int8 columns (our epoch-millisecond times) come back from pg as strings by default;
// they fit a double comfortably, so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.pgSchema, options.poolMax);
  if (url) throw new Error(`DATABASE_URL must start with postgres:// (got "${url.split(':')[0]}:")`);
  return openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'platform.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const bus = new Invalidation();
  const db = new Kysely<Database>({ dialect: observedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), bus), plugins: [new MemoCamelCasePlugin(), new InlineLimitPlugin()] });
  registerInvalidation(db, bus);
  return { db, dialect: 'sqlite', where: file, close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string, poolMax = 10): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // an idle connection dropped by the server (PostgreSQL restarted, failover): the pool opens a new
  // one on the next query; without a listener the 'error' event would end the process
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    batchWrites(client);
    prepareReads(client);
  });
  const bus = new Invalidation();
  const db = new Kysely<Database>({ dialect: observedDialect(new PostgresDialect({ pool }), bus), plugins: [new MemoCamelCasePlugin(), new InlineLimitPlugin()] });
  registerInvalidation(db, bus);
  const u = new URL(url);
  return {
    db,
    dialect: 'postgres',
    where: `postgres://${u.host}${u.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}

