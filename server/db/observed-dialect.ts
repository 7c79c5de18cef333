import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, OperationNode, QueryResult, TransactionSettings } from 'kysely';
import type { Change, Invalidation } from '../cache/invalidation';

/**
 * A dialect whose driver announces every committed write to the invalidation bus
 * (server/cache/invalidation.ts): which table, and which rows when the statement pins them by a
 * key column (`where id = ?`, `where user_id in (…)` among AND-ed conditions, an insert's values).
 * Outside a transaction a write is announced once its statement returns (autocommit); inside
 * one, at its COMMIT; a rollback announces nothing. Reads are not looked at beyond their kind.
 */
export function observedDialect(inner: Dialect, bus: Invalidation): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ObservedDriver(inner.createDriver(), bus),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db: Kysely<any>) => inner.createIntrospector(db),
  };
}

class ObservedConnection implements DatabaseConnection {
  /** Changes of the open transaction, announced at its commit; null outside a transaction. */
  pending: Change[] | null = null;
  constructor(readonly inner: DatabaseConnection, private readonly bus: Invalidation) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const change = changeOf(query);
    if (change) {
      if (this.pending) this.pending.push(change);
      else this.bus.publish([change]);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ObservedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, ObservedConnection>();
  constructor(private readonly inner: Driver, private readonly bus: Invalidation) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let observed = this.wrapped.get(connection);
    if (!observed) {
      observed = new ObservedConnection(connection, this.bus);
      this.wrapped.set(connection, observed);
    }
    return observed;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const observed = connection as ObservedConnection;
    await this.inner.beginTransaction(observed.inner, settings);
    observed.pending = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const observed = connection as ObservedConnection;
    const changes = observed.pending ?? [];
    observed.pending = null;
    try {
      await this.inner.commitTransaction(observed.inner);
    } finally {
      // a failed COMMIT may still have committed (a lost connection): announcing is always safe
      if (changes.length) this.bus.publish(changes);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const observed = connection as ObservedConnection;
    observed.pending = null;
    await this.inner.rollbackTransaction(observed.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    await this.inner.savepoint!((connection as ObservedConnection).inner, name, compile);
  }

  // Changes rolled back to a savepoint stay pending: announcing a change that did not happen only costs a reload.
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]): Promise<void> {
    await this.inner.rollbackToSavepoint!((connection as ObservedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]): Promise<void> {
    await this.inner.releaseSavepoint!((connection as ObservedConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const observed = connection as ObservedConnection;
    // a connection given back inside a transaction that never committed: nothing of it is announced
    observed.pending = null;
    await this.inner.releaseConnection(observed.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

type Node = OperationNode & Record<string, any>;

const WRITE_SQL = /\b(insert\s+into|update|delete\s+from)\s+(?:"?\w+"?\.)?"?(\w+)"?/i;
const READ_SQL = /^\s*(select|with|pragma|explain|begin|commit|rollback|savepoint|release|set|show|vacuum|analyze)\b/i;

/** The change a statement makes, or null for a read. */
export function changeOf(query: CompiledQuery): Change | null {
  const node = query.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode':
      return { table: tableName(node.into), keys: insertKeys(node) };
    case 'UpdateQueryNode':
      return { table: tableName(node.table), keys: whereKeys(node.where?.where) };
    case 'DeleteQueryNode':
      return { table: tableName(node.from?.froms?.[0]), keys: whereKeys(node.where?.where) };
    case 'RawNode':
    default: {
      // sql`…` templates and anything else: a write names its table; DDL and the unknown change anything
      const text = query.sql;
      const write = WRITE_SQL.exec(text);
      if (write) return { table: write[2]!.toLowerCase(), keys: null };
      if (READ_SQL.test(text)) return null;
      return { table: '*', keys: null };
    }
  }
}

function tableName(node: Node | undefined): string {
  if (!node) return '*';
  if (node.kind === 'AliasNode') return tableName(node.node);
  if (node.kind === 'TableNode') return String(node.table.identifier.name);
  return '*';
}

function columnName(node: Node | undefined): string | null {
  if (node?.kind === 'ReferenceNode' && node.column?.kind === 'ColumnNode') return String(node.column.column.name);
  if (node?.kind === 'ColumnNode') return String(node.column.name);
  return null;
}

function values(node: Node | undefined): unknown[] | null {
  if (!node) return null;
  if (node.kind === 'ValueNode') return [node.value];
  if (node.kind === 'PrimitiveValueListNode') return [...node.values];
  if (node.kind === 'ValueListNode') return node.values.every((v: Node) => v.kind === 'ValueNode') ? node.values.map((v: Node) => v.value) : null;
  return null;
}

/** Key columns pinned by `column = value` / `column in (…)` among the AND-ed conditions of a where. */
function whereKeys(where: Node | undefined): Change['keys'] {
  if (!where) return null;
  const keys: Record<string, unknown[]> = {};
  const walk = (n: Node) => {
    if (n.kind === 'AndNode') {
      walk(n.left);
      walk(n.right);
    } else if (n.kind === 'ParensNode') {
      walk(n.node);
    } else if (n.kind === 'BinaryOperationNode' && (n.operator?.operator === '=' || n.operator?.operator === 'in')) {
      const column = columnName(n.leftOperand);
      const list = values(n.rightOperand);
      if (column && list && list.every((v) => v !== null && typeof v !== 'object')) keys[column] = list;
    }
  };
  walk(where);
  return Object.keys(keys).length ? keys : null;
}

/** An insert's rows as key values per column (an insert … select pins nothing). */
function insertKeys(node: Node): Change['keys'] {
  const columns: (string | null)[] = (node.columns ?? []).map((c: Node) => columnName(c));
  const rows: Node[] | undefined = node.values?.kind === 'ValuesNode' ? node.values.values : undefined;
  if (!rows || !columns.length) return null;
  const keys: Record<string, unknown[]> = {};
  for (const row of rows) {
    const list = values(row);
    if (!list) return null;
    columns.forEach((column, i) => {
      if (column) (keys[column] ??= []).push(list[i]);
    });
  }
  return keys;
}
