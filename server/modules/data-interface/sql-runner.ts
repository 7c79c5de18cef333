import SQLite from 'better-sqlite3';
import { type CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import { AppError, refuse } from '../../http/errors';

/** The most rows one run returns; more are cut off. */
export const ROW_CAP = 10_000;
/** PostgreSQL statement_timeout of an interface query. */
export const STATEMENT_TIMEOUT_MS = 5_000;

export type Row = Record<string, unknown>;
/** A statement as text pieces and bound values: values never become SQL text. */
export type Segment = string | { value: unknown };

/**
 * Runs interface SQL read-only over the platform's own database.
 * - SQLite: a second connection opened read-only on the same file; the statement must prepare
 *   as exactly one statement (better-sqlite3 refuses a second one) whose `reader` flag is set.
 * - PostgreSQL: inside a transaction that is SET TRANSACTION READ ONLY with a local
 *   statement_timeout; the connection has no camelCase plugin, so columns keep their names.
 * Database errors become 400 replies carrying the database's message.
 */
export class SqlRunner {
  private readonlyConnection: SQLite.Database | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  compile(segments: readonly Segment[]): CompiledQuery {
    const pieces = segments.map((s) => (typeof s === 'string' ? sql.raw(s) : sql`${bindable(s.value)}`));
    return sql.join(pieces, sql.raw('')).compile(this.db.withoutPlugins());
  }

  /** Fails unless the statement is one read-only statement (prepared, not run, on SQLite). */
  async check(segments: readonly Segment[]): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    this.prepare(this.compile(segments));
  }

  async rows(segments: readonly Segment[], cap = ROW_CAP): Promise<Row[]> {
    const compiled = this.compile(segments);
    if (this.dialect === 'sqlite') {
      const statement = this.prepare(compiled);
      const out: Row[] = [];
      try {
        for (const row of statement.iterate(...(compiled.parameters as unknown[]))) {
          if (out.length >= cap) break;
          out.push(row as Row);
        }
      } catch (error) {
        throw sqlFailure(error);
      }
      return out;
    }
    try {
      return await this.db.withoutPlugins().transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`).execute(trx);
        const result = await trx.executeQuery<Row>(compiled);
        return result.rows.slice(0, cap);
      });
    } catch (error) {
      throw sqlFailure(error);
    }
  }

  /** Column names of the statement's result (SQLite: without running it; PostgreSQL: from the first row). */
  async columns(segments: readonly Segment[]): Promise<string[]> {
    if (this.dialect === 'sqlite') return this.prepare(this.compile(segments)).columns().map((c) => c.name);
    const rows = await this.rows(['select * from (\n', ...segments, '\n) t limit 1']);
    return rows[0] ? Object.keys(rows[0]) : [];
  }

  close(): void {
    this.readonlyConnection?.close();
    this.readonlyConnection = null;
  }

  private prepare(compiled: CompiledQuery): SQLite.Statement {
    const connection = this.connection();
    let statement: SQLite.Statement;
    try {
      statement = connection.prepare(compiled.sql);
    } catch (error) {
      throw sqlFailure(error);
    }
    if (!statement.reader) throw refuse('dataInterface.sqlNotSelect');
    return statement;
  }

  private connection(): SQLite.Database {
    if (!this.readonlyConnection) {
      const file = this.databaseFile();
      const connection = new SQLite(file, { readonly: true, fileMustExist: true });
      connection.pragma('query_only = ON');
      connection.pragma('busy_timeout = 5000');
      this.readonlyConnection = connection;
    }
    return this.readonlyConnection;
  }

  private sqliteFile: string | null = null;

  /** Where the platform's SQLite file is (read once at start-up by init()). */
  private databaseFile(): string {
    if (!this.sqliteFile) throw new Error('SqlRunner.init() was not awaited');
    return this.sqliteFile;
  }

  async init(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(this.db);
    const main = rows.find((r) => r.name === 'main');
    if (!main?.file) throw new Error('data interfaces need a file-backed SQLite database');
    this.sqliteFile = main.file;
  }
}

function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

function sqlFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // The database's own words, first line only: no stack, no driver internals.
  return refuse('dataInterface.sqlError', { detail: message.split('\n')[0]!.slice(0, 500) });
}
