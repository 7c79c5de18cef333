import type SQLite from 'better-sqlite3';

/**
 * The SQLite half of the data-interface boundary. better-sqlite3 has no authorizer, so the
 * statement's compiled program (EXPLAIN) is checked before it runs: in a read-only statement
 * the only ways to data in the file are b-tree cursors (OpenRead/ReopenIdx, by root page) and
 * virtual tables (VOpen). Every cursor must be on a readable table or on an index whose every
 * key column is readable, every column read from a table cursor must be readable, virtual
 * tables (pragma_table_info, dbstat, json_each …) are refused, and so is anything that copies
 * a whole table record or opens for writing. Plans may differ (indexes, statistics), but any plan
 * that reads a column either reads it from the table or from an index holding it, both checked.
 */

export interface ExplainRow {
  opcode: string;
  p1: number;
  p2: number;
  p3: number;
}

type Root =
  | { kind: 'table'; name: string; columns: readonly string[]; readable: readonly boolean[] }
  | { kind: 'index'; name: string; table: string; readable: boolean };

export interface SchemaMap {
  version: number;
  roots: Map<number, Root>;
}

export type Refusal = { what: string };

/** Opcodes that write, reach virtual tables or change the schema: never in an interface query. */
const REFUSED = new Set(['OpenWrite', 'RowCell', 'VOpen', 'VCreate', 'VDestroy', 'VUpdate', 'VBegin', 'VInitIn', 'SqlExec', 'ParseSchema', 'CreateBtree', 'Destroy', 'Clear', 'Vacuum', 'IntegrityCk', 'JournalMode', 'LoadAnalysis', 'Pagecount', 'MaxPgcnt']);

/** Reads the file's tables and indexes and marks what the allow-set opens. */
export function schemaMap(db: SQLite.Database, allow: Map<string, ReadonlySet<string>>): SchemaMap {
  const version = Number(db.pragma('schema_version', { simple: true }));
  const roots = new Map<number, Root>();
  const objects = db.prepare("select type, name, tbl_name as tableName, rootpage from sqlite_schema where type in ('table', 'index') and rootpage > 0").all() as {
    type: string; name: string; tableName: string; rootpage: number;
  }[];
  const withoutRowid = new Set((db.prepare("select name from pragma_table_list where schema = 'main' and wr = 1").all() as { name: string }[]).map((r) => r.name));
  for (const o of objects) {
    const allowed = allow.get(o.tableName);
    if (o.type === 'table') {
      const columns = (db.prepare('select name from pragma_table_xinfo(?)').all(o.name) as { name: string }[]).map((c) => c.name);
      // A WITHOUT ROWID table stores its columns in key order, so column numbers would not be cids: never readable.
      const readable = columns.map((c) => !!allowed?.has(c) && !withoutRowid.has(o.name));
      roots.set(o.rootpage, { kind: 'table', name: o.name, columns, readable });
    } else {
      const keys = db.prepare('select cid, name from pragma_index_xinfo(?) where key = 1').all(o.name) as { cid: number; name: string | null }[];
      // cid -1 is the rowid (harmless); -2 an expression, which could hide any column.
      const readable = !!allowed && keys.every((k) => k.cid === -1 || (k.cid >= 0 && k.name !== null && allowed.has(k.name)));
      roots.set(o.rootpage, { kind: 'index', name: o.name, table: o.tableName, readable });
    }
  }
  return { version, roots };
}

/** Null when the program reads only readable data; else what it would have read. */
export function checkProgram(program: readonly ExplainRow[], schema: SchemaMap): Refusal | null {
  const tableCursors = new Map<number, Extract<Root, { kind: 'table' }>>();
  for (const op of program) {
    if (REFUSED.has(op.opcode)) return { what: op.opcode === 'VOpen' ? 'virtual table' : op.opcode };
    if (op.opcode === 'Transaction' && (op.p1 !== 0 || op.p2 !== 0)) return { what: 'write transaction' };
    if (op.opcode === 'OpenRead' || op.opcode === 'ReopenIdx') {
      if (op.p3 !== 0) return { what: op.p3 === 1 ? 'temp schema' : 'attached database' };
      const root = schema.roots.get(op.p2);
      if (!root) return { what: op.p2 === 1 ? 'sqlite_schema' : `root page ${op.p2}` };
      if (root.kind === 'index') {
        if (!root.readable) return { what: `${root.table} (index ${root.name})` };
      } else {
        if (!root.readable.some(Boolean)) return { what: root.name };
        tableCursors.set(op.p1, root);
      }
    }
  }
  for (const op of program) {
    if (op.opcode === 'OpenDup' && tableCursors.has(op.p2)) tableCursors.set(op.p1, tableCursors.get(op.p2)!);
  }
  for (const op of program) {
    const table = tableCursors.get(op.p1);
    if (!table) continue;
    if (op.opcode === 'Column' && !table.readable[op.p2]) return { what: `${table.name}.${table.columns[op.p2] ?? `#${op.p2}`}` };
    // A whole record copied out of a table (recursive queries do it on their own queues, which is fine).
    if (op.opcode === 'RowData') return { what: `${table.name} (whole rows)` };
  }
  return null;
}
