/**
 * The SQLite reader: a child process (started by pool.ts) that runs interface queries over a
 * read-only connection, so a slow query never holds the server's event loop and can be
 * stopped for good with SIGKILL (better-sqlite3 cannot interrupt a running statement, and a
 * worker thread cannot be terminated while SQLite is inside one step).
 *
 * argv[2]: the database file. Messages in: { id, job }; out: { ready } once, then { id, result }.
 */
import SQLite from 'better-sqlite3';
import { readableColumns } from '../readable';
import { approximateSize, firstLine, type ReaderJob, type ReaderResult, type Row } from '../reader-protocol';
import { checkProgram, type ExplainRow, schemaMap, type SchemaMap } from './program-check';

const file = process.argv[2];
if (!file || !process.send) throw new Error('the SQLite reader runs as a child process with a database file');

const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 2000');
const allow = readableColumns();
let schema: SchemaMap = schemaMap(db, allow);

function currentSchema(): SchemaMap {
  const version = Number(db.pragma('schema_version', { simple: true }));
  if (version !== schema.version) schema = schemaMap(db, allow);
  return schema;
}

function run(job: ReaderJob): ReaderResult {
  let statement: SQLite.Statement;
  try {
    statement = db.prepare(job.sql);
  } catch (error) {
    if (/more than one statement/.test(firstLine(error))) return { ok: false, failure: { key: 'dataInterface.sqlMultiple' } };
    return { ok: false, failure: { key: 'dataInterface.sqlError', detail: firstLine(error) } };
  }
  if (!statement.reader) return { ok: false, failure: { key: 'dataInterface.sqlNotSelect' } };
  const program = db.prepare(`explain ${job.sql}`).all(...job.parameters) as ExplainRow[];
  const refused = checkProgram(program, currentSchema());
  if (refused) return { ok: false, failure: { key: 'dataInterface.sqlNotReadable', detail: refused.what } };
  const columns = statement.columns().map((c) => c.name);
  if (job.mode === 'columns') return { ok: true, rows: [], columns };
  const rows: Row[] = [];
  let size = 0;
  for (const row of statement.iterate(...job.parameters) as IterableIterator<Row>) {
    if (rows.length >= job.rowCap) break;
    for (const value of Object.values(row)) size += approximateSize(value);
    if (size > job.byteCap) return { ok: false, failure: { key: 'dataInterface.resultTooLarge', megabytes: Math.round(job.byteCap / 1048576) } };
    rows.push(row);
  }
  return { ok: true, rows, columns };
}

process.on('message', (message: { id: number; job: ReaderJob }) => {
  let result: ReaderResult;
  try {
    result = run(message.job);
  } catch (error) {
    result = { ok: false, failure: { key: 'dataInterface.sqlError', detail: firstLine(error) } };
  }
  process.send!({ id: message.id, result });
});
// The server went away: nothing left to answer.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
