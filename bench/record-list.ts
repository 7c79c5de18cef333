/**
 * Record list benchmark (not part of the test run): times the visualdev list query — filter,
 * keyword, sort by a joined value, LIMIT/OFFSET and COUNT in SQL — at 10k and 100k records,
 * against a baseline in the same run: reading every record of the model and filtering,
 * sorting and paging in memory (what "JSON documents" would cost without the value index).
 *
 *   node --import tsx bench/record-list.ts            # SQLite in a temp dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/record-list.ts
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

const SIZES = [10_000, 100_000];
const RUNS = 20;
const url = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bench-'));
const schema = url ? `bench_${Date.now()}` : undefined;
const handle = await openDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
await migrateToLatest(handle.db, schema);
const db = handle.db;
const all = { all: true, button: new Set<string>(), column: new Set<string>(), form: new Set<string>() };

const cases = {
  'page 1, default order': {},
  'page 50, sort text asc': { currentPage: 50, sidx: 'goodsName', sort: 'asc' },
  'sort number desc + equals': { sidx: 'quantity', sort: 'desc', status: 'off' },
  'range + fuzzy': { quantity: [100, 200], goodsName: '12' },
  keyword: { keyword: 'Item 4' },
} as const;

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i += 1) await fn();
  return Number(process.hrtime.bigint() - t) / 1e6 / RUNS;
}

const table: string[] = ['| records | case | SQL (ms) | in-memory baseline (ms) |', '|---:|---|---:|---:|'];
for (const size of SIZES) {
  const modelId = `bench${size}`;
  const { model } = compileDescriptor({ id: modelId, fullName: 'bench', enCode: modelId, formData: goodsForm, columnData: goodsColumns }, 'bench');
  if (!model) throw new Error('bench model does not compile');
  const now = Date.now();
  for (let start = 0; start < size; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, size - start) }, (_, k) => {
      const i = start + k;
      return {
        id: newId(), modelId, createdBy: null, createdAt: now + i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
        data: JSON.stringify({ goodsName: `Item ${i}`, goodsCode: `G${i % 10000}`, quantity: i % 997, status: i % 3 ? 'on' : 'off', costPrice: String(i) }),
      };
    });
    await db.transaction().execute((trx) => insertRecords(trx, model, rows));
  }
  await sql`analyze`.execute(db);
  for (const [name, body] of Object.entries(cases)) {
    const query = recordQueryOf(model, all, body as Record<string, unknown>);
    const page = ((body as { currentPage?: number }).currentPage ?? 1) - 1;
    const inSql = await time(() => listRecords(db, handle.dialect, modelId, query, { limit: 20, offset: page * 20 }));
    const baseline = await time(async () => {
      const rows = await db.selectFrom('visualdevRecord').select(['id', 'data', 'createdAt']).where('modelId', '=', modelId).execute();
      let docs = rows.map((r) => ({ ...r, doc: JSON.parse(r.data) as Record<string, unknown> }));
      for (const f of query.filters) {
        if (f.op === 'eq') docs = docs.filter((d) => f.values.includes(String(d.doc[f.field])));
        else if (f.op === 'like') docs = docs.filter((d) => String(d.doc[f.field] ?? '').toLowerCase().includes(f.value.toLowerCase()));
        else docs = docs.filter((d) => (f.min === null || (d.doc[f.field] as number) >= Number(f.min)) && (f.max === null || (d.doc[f.field] as number) <= Number(f.max)));
      }
      if (query.keyword) docs = docs.filter((d) => query.keyword!.fields.some((k) => String(d.doc[k] ?? '').toLowerCase().includes(query.keyword!.text.toLowerCase())));
      const { field, order } = query.sort;
      const dir = order === 'asc' ? 1 : -1;
      docs.sort((a, b) => {
        const x = field ? a.doc[field] : a.createdAt;
        const y = field ? b.doc[field] : b.createdAt;
        return (x! < y! ? -1 : x! > y! ? 1 : 0) * dir;
      });
      return { total: docs.length, list: docs.slice(page * 20, page * 20 + 20) };
    });
    table.push(`| ${size.toLocaleString('en')} | ${name} | ${inSql.toFixed(2)} | ${baseline.toFixed(2)} |`);
    console.log(table[table.length - 1]);
  }
}
console.log(`\n${handle.dialect} (${RUNS} runs each, after one warm-up)\n`);
console.log(table.join('\n'));
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (url && schema) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
}
