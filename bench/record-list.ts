/**
 * Record list benchmark (not part of the test run): the visualdev list query — filters, keyword,
 * sort, LIMIT/OFFSET and COUNT in SQL over the generic record store — at 100,000 records, against
 * a baseline in the same run: the same rows in a hand-made typed table (one column per field)
 * with the indexes a developer would write for these queries. Median of the runs per case;
 * `--results` writes the record list rows of bench/results.md for the dialect measured.
 *
 *   node --import tsx bench/record-list.ts [--results] [--runs 20] [--size 100000]      # SQLite in a temp dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/record-list.ts [--results]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db';
import { newId } from '../server/db/ids';
import { migrateToLatest } from '../server/db/migrate';
import { compileDescriptor } from '../server/modules/visualdev/compiler';
import { recordQueryOf } from '../server/modules/visualdev/record-service';
import { insertRecords, listRecords } from '../server/modules/visualdev/record-store';
import { goodsColumns, goodsForm } from '../tests/api/visualdev-fixture';
import { createTypedTable, fillTypedTable, indexTypedTable, typedList } from './record-list-typed';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SIZE = option('size', 100_000);
const RUNS = option('runs', 20);
const TARGET_MS = 50;
const url = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bench-'));
const schema = url ? `bench_${Date.now()}` : undefined;
const handle = await openDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
await migrateToLatest(handle.db, schema);
const { db, dialect } = handle;
const all = { all: true, button: new Set<string>(), column: new Set<string>(), form: new Set<string>() };

/** The cases of issue 8, item 13; `typed` is the same request to the typed table. */
const cases = [
  { name: 'first page', body: {} },
  { name: 'page 50', body: { currentPage: 50, sidx: 'goodsName', sort: 'asc' } },
  { name: 'sort + equals', body: { sidx: 'quantity', sort: 'desc', status: 'off' } },
  { name: 'range + fuzzy', body: { quantity: [100, 200], goodsName: '12' } },
  { name: 'keyword', body: { keyword: 'Item 4' } },
] as const;

const modelId = `bench${SIZE}`;
const { model } = compileDescriptor({ id: modelId, fullName: 'bench', enCode: modelId, formData: goodsForm, columnData: goodsColumns }, 'bench');
if (!model) throw new Error('bench model does not compile');
const keywordFields = model.list.keywordFields;
const now = Date.now();
const docOf = (i: number) => ({ goodsName: `Item ${i}`, goodsCode: `G${i % 10000}`, quantity: i % 997, status: i % 3 ? 'on' : 'off', costPrice: String(i) });
await createTypedTable(db, dialect);
for (let start = 0; start < SIZE; start += 5000) {
  const rows = Array.from({ length: Math.min(5000, SIZE - start) }, (_, k) => {
    const i = start + k;
    return { id: newId(), modelId, createdBy: null, createdAt: now + i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null, data: JSON.stringify(docOf(i)) };
  });
  await db.transaction().execute((trx) => insertRecords(trx, model, rows));
  await fillTypedTable(db, rows.map((r) => ({ id: r.id, createdAt: r.createdAt, ...(JSON.parse(r.data) as ReturnType<typeof docOf>) })));
}
await indexTypedTable(db, dialect);
// PostgreSQL: what autovacuum does after a bulk load (statistics, and the visibility map index-only scans need)
await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const measured: { name: string; generic: number; typed: number; total: number }[] = [];
for (const c of cases) {
  const query = recordQueryOf(model, all, c.body as Record<string, unknown>);
  const page = (('currentPage' in c.body ? c.body.currentPage : 1) - 1) * 20;
  const ours = await listRecords(db, dialect, modelId, query, { limit: 20, offset: page });
  const theirs = await typedList(db, dialect, query, keywordFields, { limit: 20, offset: page });
  // the baseline must answer the same page, or the ratio compares different work
  if (ours.total !== theirs.total || ours.rows.map((r) => r.id).join() !== theirs.rows.map((r) => r.id).join()) {
    throw new Error(`${c.name}: typed table answers ${theirs.total} rows, the record store ${ours.total}, or another page`);
  }
  const generic = await median(() => listRecords(db, dialect, modelId, query, { limit: 20, offset: page }));
  const typed = await median(() => typedList(db, dialect, query, keywordFields, { limit: 20, offset: page }));
  measured.push({ name: c.name, generic, typed, total: ours.total });
  console.log(`${c.name}: ${generic.toFixed(1)} ms (typed table ${typed.toFixed(1)} ms, ${ours.total} matches)`);
}

const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
const size = SIZE.toLocaleString('en');
const lines = measured.map((m) => {
  const met = m.generic <= TARGET_MS;
  return `| 8 (13) | record list, ${size} records, ${label}: ${m.name} | median ${m.generic.toFixed(1)} ms; typed table ${m.typed.toFixed(1)} ms, ${(m.generic / m.typed).toFixed(2)}× of it | ≤ ${TARGET_MS} ms | ${met ? 'met' : 'missed'} |`;
});
console.log(`\n${label}, ${size} records (${RUNS} runs each after one warm-up, median)\n\n${lines.join('\n')}`);
if (args.includes('--results')) {
  const file = path.join(import.meta.dirname, 'results.md');
  const mark = `| 8 (13) | record list, ${size} records, ${label}:`;
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(mark));
  fs.writeFileSync(file, `${[...kept, ...lines].join('\n')}\n`);
  console.log('(written to bench/results.md)');
}

await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (url && schema) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
}
