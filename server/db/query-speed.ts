import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/**
 * Kysely's SQLite driver prepares every statement anew (`database.prepare(sql)` per query): a
 * fifth of a signed-in request's CPU under load (bench/README.md). Prepared statements are
 * kept by their SQL text instead (a bounded number: lists with `in (…)` vary in length). The
 * driver runs one statement at a time on its one connection, so a kept statement is never
 * busy when it is asked for again; SQLite prepares it again itself after a schema change.
 */
const STATEMENT_CACHE_LIMIT = 500;

export function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = sqlite.prepare(source);
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  };
  return { prepare, close: () => sqlite.close() } as unknown as SQLite.Database;
}

/**
 * CamelCasePlugin converts every identifier of every statement and every key of every row it
 * reads, by string operations each time; the names are a small fixed set, so each is converted
 * once (bench/README.md: request cost).
 */
export class MemoCamelCasePlugin extends CamelCasePlugin {
  private readonly camel = new Map<string, string>();
  private readonly snake = new Map<string, string>();
  protected override camelCase(str: string): string {
    let out = this.camel.get(str);
    if (out === undefined) {
      out = super.camelCase(str);
      if (this.camel.size < 10_000) this.camel.set(str, out);
    }
    return out;
  }
  protected override snakeCase(str: string): string {
    let out = this.snake.get(str);
    if (out === undefined) {
      out = super.snakeCase(str);
      if (this.snake.size < 10_000) this.snake.set(str, out);
    }
    return out;
  }
}

/**
 * SQLite prepares a statement again on every run when its LIMIT is a bound parameter (the
 * planner uses the limit's value, so binding one expires the plan): 10 µs for the record list's
 * page instead of 2 (bench/README.md). On PostgreSQL a prepared statement's generic plan would not
 * know the limit, and could sort every match for a page of 20. A top-level `limit ?` of a safe
 * integer is written into the SQL instead; the statement caches then keep one per page size.
 */
export class InlineLimitPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode' || !node.limit) return node;
    const limit = node.limit.limit as { kind: string; value?: unknown; immediate?: boolean };
    if (limit.kind !== 'ValueNode' || limit.immediate || !Number.isSafeInteger(limit.value)) return node;
    return Object.freeze({ ...node, limit: Object.freeze({ kind: 'LimitNode' as const, limit: Object.freeze({ kind: 'ValueNode' as const, value: limit.value, immediate: true }) }) });
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * node-postgres writes each message of a query (parse, bind, describe, execute, sync) to the
 * socket on its own: five system calls a statement, the largest cost of a PostgreSQL request in
 * the profile (bench/README.md). The socket is corked at a client's first message and uncorked on
 * the next tick, so a statement (or several sent together) leaves in one write. Relies on
 * `client.connection._send` and `.stream` (pg 8); without them the client is left as it is.
 */
export function batchWrites(client: unknown): void {
  const connection = (client as { connection?: { _send?: (buffer: Buffer) => boolean; stream?: { cork(): void; uncork(): void } } }).connection;
  const send = connection?._send;
  const stream = connection?.stream;
  if (!connection || typeof send !== 'function' || !stream || typeof stream.cork !== 'function') return;
  let corked = false;
  connection._send = (buffer: Buffer) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return send.call(connection, buffer);
  };
}

/**
 * PostgreSQL plans an unnamed statement on every run: 0.5 ms of the database's CPU for the
 * record list's page, which then runs in 0.1 ms (EXPLAIN ANALYZE at 10,000 records,
 * bench/README.md). Reads (SELECT / WITH) with parameters are sent as named prepared
 * statements instead, one name per SQL text and connection (at most PREPARED_LIMIT a connection;
 * past it, unnamed): parsed once, planned as PostgreSQL's plan cache decides (custom plans first,
 * a generic one when it costs no more). PostgreSQL drops a statement's plan itself when a table
 * it reads changes.
 */
const PREPARED_LIMIT = 500;
const PREPARED_READ = /^\s*(select|with)\b/i;
let preparedCount = 0;

export function prepareReads(client: unknown): void {
  const target = client as { query: (...args: unknown[]) => unknown };
  const query = target.query;
  const names = new Map<string, string>();
  target.query = function (this: unknown, ...args: unknown[]) {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0 && PREPARED_READ.test(text)) {
      let name = names.get(text);
      if (!name && names.size < PREPARED_LIMIT) {
        name = `scp_${(preparedCount += 1)}`;
        names.set(text, name);
      }
      if (name) return query.call(this, { name, text, values });
    }
    return query.apply(this, args);
  };
}
