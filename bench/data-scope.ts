/**
 * Data-scope benchmark (issue 10 item 9; not part of the test run), two measures in one run:
 * - the record list with a data scope against the same list without one, at 100,000 records of
 *   two organisations (the scope "own organisation": half of them), first page and page 50
 *   sorted by a field; the scope is one more condition of the same statements (record-scope.ts);
 * - loading a signed-in user's principal (roles, grants, data-scope facts) from a warm cache.
 * Median of the runs per case; `--results` writes its rows of bench/results.md.
 *
 *   node --import tsx bench/data-scope.ts [--results] [--runs 30] [--size 100000]      # SQLite in a temp dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/data-scope.ts [--results]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';
import { createSession } from '../server/auth/sessions';
import { loadPrincipal } from '../server/auth/principal';
import { unionScope } from '../server/auth/data-scope';
import { compileDescriptor } from '../server/modules/visualdev/compiler';
import { recordQueryOf } from '../server/modules/visualdev/record-service';
import { indexedFields, insertRecords, listRecords } from '../server/modules/visualdev/record-store';
import { scopeSqlOf } from '../server/modules/visualdev/record-scope';
import { goodsColumns, goodsForm } from '../tests/api/visualdev-fixture';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SIZE = option('size', 100_000);
const RUNS = option('runs', 30);
const url = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bench-'));
const schema = url ? `bench_${Date.now()}` : undefined;
const handle = await openDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
await migrateToLatest(handle.db, schema);
const { db, dialect } = handle;
await seedDemoData(db, { password: 'bench-password' });

const modelId = `scope${SIZE}`;
const { model } = compileDescriptor({ id: modelId, fullName: 'bench', enCode: modelId, formData: goodsForm, columnData: { ...goodsColumns, useDataPermission: true } }, 'bench');
if (!model) throw new Error('bench model does not compile');
const [east, south] = ['customer.east', 'customer.south'].map((code) => code);
const orgs = await db.selectFrom('baseOrganize').select(['id', 'enCode']).where('enCode', 'in', [east!, south!]).execute();
const orgIds = orgs.map((o) => o.id);
const now = Date.now();
for (let start = 0; start < SIZE; start += 5000) {
  const rows = Array.from({ length: Math.min(5000, SIZE - start) }, (_, k) => {
    const i = start + k;
    const org = orgIds[i % 2]!;
    const doc = { goodsName: `Item ${i}`, goodsCode: `G${i % 10000}`, quantity: i % 997, status: i % 3 ? 'on' : 'off', costPrice: String(i) };
    // ids of our own: newId() may repeat when thousands are made within one millisecond
    return { id: `scope${String(i).padStart(7, '0')}`, modelId, createdBy: null, createdAt: now + i, modifiedBy: null, modifiedAt: null, organizeId: org, departmentId: org, positionId: null, data: JSON.stringify(doc) };
  });
  await db.transaction().execute((trx) => insertRecords(trx, model, rows));
}
await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const facts = { userId: 'bench', positionId: null, departmentId: orgIds[0]!, organizeId: orgIds[0]!, organizeAndBelow: [orgIds[0]!] };
const scope = unionScope([{ scopeType: 'org', conditionJson: null }], facts, new Set(indexedFields(model).keys()));
const open = { all: false, button: new Set<string>(), column: new Set<string>(), form: new Set<string>() };
const scoped = { ...open, scope, scopeSql: scopeSqlOf(model.id, scope, indexedFields(model)) };
const cases = [
  { name: 'first page', body: {} },
  { name: 'page 50, sorted by a field', body: { currentPage: 50, sidx: 'goodsName', sort: 'asc' } },
] as const;
const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
const size = SIZE.toLocaleString('en');
const lines: string[] = [];
for (const c of cases) {
  const offset = (('currentPage' in c.body ? c.body.currentPage : 1) - 1) * 20;
  const plain = recordQueryOf(model, open, c.body as Record<string, unknown>);
  const within = recordQueryOf(model, scoped, c.body as Record<string, unknown>);
  const check = await listRecords(db, dialect, modelId, within, { limit: 20, offset });
  if (check.total !== SIZE / 2) throw new Error(`${c.name}: scope counts ${check.total}, expected ${SIZE / 2}`);
  const without = await median(() => listRecords(db, dialect, modelId, plain, { limit: 20, offset }));
  const withScope = await median(() => listRecords(db, dialect, modelId, within, { limit: 20, offset }));
  const ratio = withScope / without;
  console.log(`${c.name}: ${withScope.toFixed(2)} ms with scope, ${without.toFixed(2)} ms without (${ratio.toFixed(2)}×)`);
  lines.push(`| 10 (9) | data scope, ${size} records, ${label}: ${c.name}, with ÷ without scope | ${ratio.toFixed(2)}× (${withScope.toFixed(2)} ms / ${without.toFixed(2)} ms; scope = own organisation, half the records) | ≤ 1.10× | ${ratio <= 1.1 ? 'met' : 'missed'} |`);
}

const user = await db.selectFrom('baseUser').select('id').where('account', '=', 'customer').executeTakeFirstOrThrow();
const { session } = await createSession(db, user.id, { idleSeconds: 3600 });
const principal = await median(() => loadPrincipal(db, session));
console.log(`principal load, warm: ${principal.toFixed(3)} ms`);
lines.push(`| 10 (9) | principal load (user, roles, grants, scope facts), warm cache, ${label} | median ${principal.toFixed(3)} ms | ≤ 2 ms | ${principal <= 2 ? 'met' : 'missed'} |`);

console.log(`\n${label} (${RUNS} runs each after warm-up, median)\n\n${lines.join('\n')}`);
if (args.includes('--results')) {
  const file = path.join(import.meta.dirname, 'results.md');
  const marks = lines.map((l) => l.split('|').slice(0, 3).join('|'));
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !marks.some((m) => l.startsWith(m)));
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
