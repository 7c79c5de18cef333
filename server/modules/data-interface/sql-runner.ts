import { sql } from 'kysely';
import type { Db, Dialect } from '../../db';
import { AppError, refuse } from '../../http/errors';
import { PgReader } from './pg-reader';
import type { ReaderFailure, ReaderJob, ReaderResult, Row } from './reader-protocol';
import { SqliteReaderPool } from './sqlite-reader/pool';

export type { Row } from './reader-protocol';

/** Defaults of the limits; the server's configuration may change them (README "Configuration"). */
export const DEFAULT_ROW_CAP = 10_000;
export const DEFAULT_TIME_LIMIT_MS = 5_000;
export const DEFAULT_BYTE_CAP = 16 * 1024 * 1024;

/** A statement as text pieces and bound values: values never become SQL text. */
export type Segment = string | { value: unknown };

export interface SqlRunnerOptions {
  timeLimitMs?: number;
  rowCap?: number;
  byteCap?: number;
  /** PostgreSQL: the server's connection string (the reader logs in next to it). */
  databaseUrl?: string;
  /** PostgreSQL: an operator-made reader login instead of the one the server creates. */
  readerUrl?: string;
  /** SQLite: reader processes running at once. */
  processes?: number;
}

/** How the interface's statement is used: select <select> from ( interface SQL ) t <tail>. */
export interface Shape {
  select?: string;
  tail?: readonly Segment[];
}

/**
 * Runs interface SQL where it can read only the allow-set (readable.ts) and write nothing:
 * SQLite in reader child processes (sqlite-reader/), PostgreSQL as the reader login
 * (pg-reader.ts). The interface's text is only ever the inside of a subquery this runner
 * writes, so a statement is always one SELECT. Failures become 400 replies in the caller's language.
 */
export class SqlRunner {
  private sqlite: SqliteReaderPool | null = null;
  private postgres: PgReader | null = null;
  private unavailable: string | null = null;
  readonly rowCap: number;
  private readonly timeLimitMs: number;
  private readonly byteCap: number;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly options: SqlRunnerOptions = {},
  ) {
    this.rowCap = options.rowCap ?? DEFAULT_ROW_CAP;
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.byteCap = options.byteCap ?? DEFAULT_BYTE_CAP;
  }

  /** Prepares the reader. A PostgreSQL reader that cannot be set up leaves SQL interfaces refusing, the server running. */
  async init(onUnavailable?: (reason: string) => void): Promise<void> {
    if (this.dialect === 'sqlite') {
      const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(this.db);
      const main = rows.find((r) => r.name === 'main');
      if (!main?.file) throw new Error('data interfaces need a file-backed SQLite database');
      this.sqlite = new SqliteReaderPool(main.file, { size: this.options.processes ?? 2, timeLimitMs: this.timeLimitMs });
      return;
    }
    try {
      if (!this.options.databaseUrl) throw new Error('no database URL');
      this.postgres = await PgReader.open(this.db, { databaseUrl: this.options.databaseUrl, readerUrl: this.options.readerUrl, timeLimitMs: this.timeLimitMs });
    } catch (error) {
      this.unavailable = error instanceof Error ? error.message : String(error);
      onUnavailable?.(this.unavailable);
    }
  }

  /** The rows of select <shape.select> from ( inner ) t <shape.tail>, at most `cap`. */
  async rows(inner: readonly Segment[], shape: Shape = {}, cap = this.rowCap): Promise<Row[]> {
    return (await this.run('rows', inner, shape, Math.min(cap, this.rowCap))).rows;
  }

  /** Column names of the interface's result (SQLite: without running it). */
  async columns(inner: readonly Segment[]): Promise<string[]> {
    return (await this.run('columns', inner, { tail: [' limit 0'] }, 0)).columns;
  }

  async close(): Promise<void> {
    this.sqlite?.close();
    await this.postgres?.close();
  }

  private async run(mode: ReaderJob['mode'], inner: readonly Segment[], shape: Shape, rowCap: number) {
    const segments: Segment[] = [`select ${shape.select ?? '*'} from (\n`, ...inner, '\n) t', ...(shape.tail ?? [])];
    const pieces = segments.map((s) => (typeof s === 'string' ? sql.raw(s) : sql`${bindable(s.value)}`));
    const compiled = sql.join(pieces, sql.raw('')).compile(this.db.withoutPlugins());
    const job: ReaderJob = { mode, sql: compiled.sql, parameters: [...compiled.parameters], rowCap, byteCap: this.byteCap };
    let result: ReaderResult;
    if (this.sqlite) result = await this.sqlite.run(job);
    else if (this.postgres) result = await this.postgres.run(job);
    else result = { ok: false, failure: { key: 'dataInterface.readerUnavailable', detail: this.unavailable ?? 'not started' } };
    if (!result.ok) throw failureError(result.failure);
    return result;
  }
}

function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

function failureError(failure: ReaderFailure): AppError {
  const { key, ...params } = failure;
  return refuse(key, params);
}
