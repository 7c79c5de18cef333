import { createHash, createHmac } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { readableColumns } from './readable';
import { approximateSize, firstLine, type ReaderFailure, type ReaderJob, type ReaderResult } from './reader-protocol';

export interface PgReaderOptions {
  /** The server's own connection string: the reader logs in to the same server and database. */
  databaseUrl: string;
  /** A login prepared by the operator; else the server creates its own (needs CREATEROLE). */
  readerUrl?: string;
  timeLimitMs: number;
}

/** The reader login of a database and schema (role names are cluster-wide; tests use a schema each). */
export function readerRoleName(database: string, schema: string): string {
  const hash = createHash('sha256').update(`${database}/${schema}`).digest('hex').slice(0, 10);
  return `scp_ifr_${schema.replace(/[^a-z0-9_]/g, '').slice(0, 30)}_${hash}`;
}

const q = pg.escapeIdentifier;

/**
 * The PostgreSQL half of the data-interface boundary: interface queries run on their own
 * connections, logged in as a least-privilege role that holds SELECT on the readable columns
 * (readable.ts) and nothing else. A login, not SET ROLE: a statement run after SET ROLE from
 * the server's own login could take the server's role back (set_config('role', …)).
 * Each query: BEGIN READ ONLY, the statement through the extended protocol (one statement,
 * never several), statement_timeout, ROLLBACK, DISCARD ALL (no session state survives).
 */
export class PgReader {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly timeLimitMs: number,
  ) {}

  static async open(db: Db, options: PgReaderOptions): Promise<PgReader> {
    const { rows } = await sql<{ database: string; schema: string }>`select current_database() as database, current_schema() as schema`.execute(db);
    const { database, schema } = rows[0]!;
    const url = new URL(options.readerUrl ?? options.databaseUrl);
    let role: string;
    if (options.readerUrl) role = decodeURIComponent(url.username);
    else {
      role = readerRoleName(database, schema);
      // Derived from the server's own credentials, so every server process on this database agrees.
      const password = createHmac('sha256', options.databaseUrl).update(`data-interface-reader:${role}`).digest('hex');
      await provisionRole(db, role, password);
      url.username = role;
      url.password = password;
    }
    await grantReadable(db, schema, role);
    await assertOnlyReadable(db, schema, role);
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 4,
      idleTimeoutMillis: 30_000,
      options: `-c search_path=${schema} -c statement_timeout=${options.timeLimitMs} -c default_transaction_read_only=on -c idle_in_transaction_session_timeout=${options.timeLimitMs * 2}`,
    });
    pool.on('error', () => {}); // an idle connection dropped by the server: the pool replaces it
    return new PgReader(pool, options.timeLimitMs);
  }

  async run(job: ReaderJob): Promise<ReaderResult> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      return { ok: false, failure: { key: 'dataInterface.readerUnavailable', detail: firstLine(error) } };
    }
    let broken = false;
    try {
      await client.query('begin read only');
      await client.query(`set local statement_timeout = ${this.timeLimitMs}`);
      // Extended protocol always (parse/bind/execute): the server refuses a second statement.
      const result = await client.query({ text: job.sql, values: job.parameters, queryMode: 'extended' } as pg.QueryConfig & { queryMode: 'extended' });
      const columns = result.fields.map((f) => f.name);
      if (job.mode === 'columns') return { ok: true, rows: [], columns };
      const rows = result.rows.slice(0, job.rowCap);
      let size = 0;
      for (const row of rows) for (const value of Object.values(row)) size += approximateSize(value);
      if (size > job.byteCap) return { ok: false, failure: { key: 'dataInterface.resultTooLarge', megabytes: Math.round(job.byteCap / 1048576) } };
      return { ok: true, rows, columns };
    } catch (error) {
      return { ok: false, failure: this.failure(error) };
    } finally {
      try {
        await client.query('rollback');
        await client.query('discard all');
      } catch {
        broken = true;
      }
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private failure(error: unknown): ReaderFailure {
    const code = (error as { code?: string }).code;
    const detail = firstLine(error);
    if (code === '42501') return { key: 'dataInterface.sqlNotReadable', detail };
    if (code === '57014') return { key: 'dataInterface.timeLimit', seconds: this.timeLimitMs / 1000 };
    if (code === '25006') return { key: 'dataInterface.sqlNotSelect' };
    if (code === '42601' && /multiple commands/.test(detail)) return { key: 'dataInterface.sqlMultiple' };
    return { key: 'dataInterface.sqlError', detail };
  }
}

async function provisionRole(db: Db, role: string, password: string): Promise<void> {
  const attributes = `login password ${pg.escapeLiteral(password)} nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls connection limit 8`;
  const exists = await sql`select 1 from pg_roles where rolname = ${role}`.execute(db);
  if (exists.rows.length === 0) {
    try {
      await sql.raw(`create role ${q(role)} ${attributes}`).execute(db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42710') throw error; // made meanwhile by another process
    }
  }
  await sql.raw(`alter role ${q(role)} ${attributes}`).execute(db);
}

/** Exactly the allow-set: everything revoked, then SELECT on the readable columns that exist. */
async function grantReadable(db: Db, schema: string, role: string): Promise<void> {
  await sql.raw(`revoke all on all tables in schema ${q(schema)} from ${q(role)}`).execute(db);
  await sql.raw(`grant usage on schema ${q(schema)} to ${q(role)}`).execute(db);
  const existing = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = ${schema}`.execute(db);
  for (const [table, readable] of readableColumns()) {
    const columns = existing.rows.filter((r) => r.table === table && readable.has(r.column)).map((r) => q(r.column));
    if (columns.length) await sql.raw(`grant select (${columns.join(', ')}) on ${q(schema)}.${q(table)} to ${q(role)}`).execute(db);
  }
}

/**
 * Fails closed: the reader must reach nothing beyond the allow-set (a grant to PUBLIC, a role
 * membership or an operator's extra grant would widen it), checked as PostgreSQL decides.
 */
async function assertOnlyReadable(db: Db, schema: string, role: string): Promise<void> {
  const reachable = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = ${schema} and c.relkind in ('r', 'v', 'm', 'p', 'f')
      and has_column_privilege(${role}, c.oid, a.attnum, 'SELECT')`.execute(db);
  const allow = readableColumns();
  const extra = reachable.rows.filter((r) => !allow.get(r.table)?.has(r.column));
  if (extra.length) throw new Error(`the data-interface reader ${role} can read more than readable.ts opens: ${extra.map((r) => `${r.table}.${r.column}`).join(', ')}`);
  const member = await sql`select 1 from pg_auth_members m join pg_roles r on r.oid = m.member where r.rolname = ${role}`.execute(db);
  if (member.rows.length) throw new Error(`the data-interface reader ${role} is a member of another role`);
}
