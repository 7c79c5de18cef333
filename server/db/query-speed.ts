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
 * page instead of 2 (bench/README.md). A top-level `limit ?` of a safe integer is written into
 * the SQL instead; the statement cache then keeps one statement per page size.
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
