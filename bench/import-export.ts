/**
 * Bulk import and list export at scale (issue 13, item 10), against the server as its own
 * process (bench/server-process.ts) on a fresh SQLite database, or with BENCH_DATABASE_URL on a
 * fresh PostgreSQL database created here and dropped afterwards.
 *
 * (a) Importing 1,000 records (each with one sub-table row; the order model of
 *     tests/api/bulk-import-fixture.ts: a pattern, a required number, a static select resolved
 *     from its label, a date): upload + ImportPreview (worker-thread parse) + ImportData
 *     (every record through the form's validation, 10 transactions of 100), wall time of the
 *     three calls in order, median of RUNS runs; each run imports 1,000 more records.
 * (b) Exporting every record (Actions/Export dataType 1, four columns, one of them a select
 *     formatted by its kind) at 10,000 and at 100,000 records: wall time, and the server
 *     process's peak resident memory during the export above its resident memory before it
 *     (Linux: /proc/<pid>/clear_refs resets the peak, VmHWM reads it). The ratio of the two
 *     peaks says whether memory grows with the rows (1× = bounded) — the ratio in one run.
 *
 *   node --import tsx bench/import-export.ts [--runs 3] [--heap MB] [--results]      (npm run bench:import-export)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/import-export.ts [--results]
 *
 * --results rewrites this dialect's issue-13 import/export rows of bench/results.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import XLSX from '@e965/xlsx';
import { newId } from '../server/db/ids';
import type { VisualdevRecordRow } from '../server/db/schema';
import { releasedModel } from '../server/modules/visualdev/model-store';
import { insertRecords } from '../server/modules/visualdev/record-store';
import { tokenFor } from '../tests/helpers/access';
import { goodLines, orderDefinition, orderSheet } from '../tests/api/bulk-import-fixture';
import { spawnServer } from './server-process';
import { freshDatabase } from './fresh-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;
const PG_URL = process.env.BENCH_DATABASE_URL;
const label = PG_URL ? 'PostgreSQL' : 'SQLite';
const IMPORT_TARGET_MS = 2000;


const memoryOf = (pid: number, key: 'VmRSS' | 'VmHWM') => Number(/(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(key)) ?? '')?.[1] ?? 0) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-import-bench-'));
const database = await freshDatabase(dataDir, 'bench_import');
// --heap MB: the server's old generation capped (node --max-old-space-size), to show the export fits in it
const HEAP = args.includes('--heap') ? Number(args[args.indexOf('--heap') + 1]) : null;
const server = await spawnServer(ROOT, database.env, HEAP ? [`--max-old-space-size=${HEAP}`] : []);
const rows: { case: string; measured: string; target: string; met: string }[] = [];
const handle = await database.open();
try {
  const token = await tokenFor(handle.db, 'admin');
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) }, body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg?: string; data: any };
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const modelId = (await call('POST', '/api/visualdev/Base', orderDefinition('benchOrders', '压测订单'))).id as string;
  await call('POST', `/api/visualdev/Base/${modelId}/Actions/Release`, {});
  const at = (p: string) => `/api/visualdev/OnlineDev/${modelId}${p}`;
  console.log(`${label}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

  // (a) import 1,000 records
  const times: { upload: number; preview: number; data: number; total: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const bytes = orderSheet(goodLines(1000, `Run${run}`));
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'orders.xlsx');
    const { name } = await call('POST', at('/Uploader'), form);
    const t1 = performance.now();
    const preview = await call('GET', at(`/ImportPreview?fileName=${encodeURIComponent(name)}`));
    const t2 = performance.now();
    const outcome = await call('POST', at('/ImportData'), { list: preview.dataRow });
    const t3 = performance.now();
    if (outcome.snum !== 1000) throw new Error(`imported ${outcome.snum} of 1000: ${JSON.stringify(outcome.failResult[0])}`);
    times.push({ upload: t1 - t0, preview: t2 - t1, data: t3 - t2, total: t3 - t0 });
    console.log(`import run ${run + 1}: upload ${(t1 - t0).toFixed(0)} ms, preview ${(t2 - t1).toFixed(0)} ms, import ${(t3 - t2).toFixed(0)} ms`);
  }
  const total = median(times.map((t) => t.total));
  rows.push({
    case: `import 1,000 records (one sub-table row each; validated, select resolved from its label, 10 transactions of 100), ${label}: upload + preview + ImportData`,
    measured: `median ${total.toFixed(0)} ms of ${RUNS} (upload ${median(times.map((t) => t.upload)).toFixed(0)}, preview ${median(times.map((t) => t.preview)).toFixed(0)}, ImportData ${median(times.map((t) => t.data)).toFixed(0)} ms); ${(total / IMPORT_TARGET_MS).toFixed(2)}× the target; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    target: '≤ 2 s', met: total <= IMPORT_TARGET_MS ? 'met' : 'missed',
  });

  // (b) export every record at 10,000 and at 100,000
  const model = await releasedModel(handle.db, modelId, 'zh-CN');
  const fill = async (upTo: number) => {
    const have = Number((await handle.db.selectFrom('visualdevRecord').select((eb) => eb.fn.countAll().as('n')).where('modelId', '=', modelId).executeTakeFirst())?.n ?? 0);
    for (let n = have; n < upTo; n += 2000) {
      const batch: VisualdevRecordRow[] = Array.from({ length: Math.min(2000, upTo - n) }, (_, i) => ({
        id: newId(), modelId, data: JSON.stringify({ orderName: `Bulk ${n + i}`, quantity: (n + i) % 97, status: i % 2 ? 'off' : 'on', orderDate: 1714953600000 + i, lines: [{ product: `P${i}`, pieces: 1 }] }),
        createdBy: null, createdAt: Date.now(), modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
      }));
      await handle.db.transaction().execute((trx) => insertRecords(trx, model, batch));
    }
  };
  const exportAll = async (count: number) => {
    await fill(count);
    await new Promise((r) => setTimeout(r, 500));
    const before = memoryOf(server.pid, 'VmRSS');
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // the peak starts again from now
    const t0 = performance.now();
    const reply = await call('POST', at('/Actions/Export'), { dataType: 1, selectKey: ['orderName', 'quantity', 'status', 'orderDate'] });
    const ms = performance.now() - t0;
    const peak = memoryOf(server.pid, 'VmHWM');
    const file = Buffer.from(await (await fetch(`${server.url}${reply.url}`)).arrayBuffer());
    const sheet = XLSX.read(file, { type: 'buffer', dense: true });
    const read = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    const lines = read.length - 1;
    // every record once (the export pages by keyset: no row twice, none skipped)
    if (new Set(read.slice(1).map((r) => r[0])).size !== count) throw new Error('an exported record is missing or repeated');
    console.log(`export ${count}: ${ms.toFixed(0)} ms, rows ${reply.rows} (read back ${lines}), RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, file ${(file.length / 1024 / 1024).toFixed(1)} MB`);
    if (lines !== count) throw new Error(`exported ${lines} of ${count}`);
    return { ms, growth: Math.max(0, peak - before), before, peak, mb: file.length / 1024 / 1024 };
  };
  const small = await exportAll(10_000);
  const big = await exportAll(100_000);
  // for comparison, the whole-workbook way (the exporter before: every row in memory, SheetJS
  // aoa_to_sheet and write) over the same 100,000 × 4 cells, in a process of its own: its peak memory growth
  const control = `const X=require('@e965/xlsx');const m=()=>Number(/VmHWM:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status','utf8'))[1])/1024;const b=m();
const rows=[['订单名称','数量','状态','下单日期']];for(let i=0;i<100000;i++)rows.push(['Bulk '+i,i%97,i%2?'停售':'在售','2024-05-06']);
const wb=X.utils.book_new();X.utils.book_append_sheet(wb,X.utils.aoa_to_sheet(rows),'S');X.write(wb,{type:'buffer',bookType:'xlsx'});console.log(m()-b);`;
  const wholeGrowth = Number(execFileSync(process.execPath, ['-e', control], { cwd: ROOT, encoding: 'utf8' }).trim());
  console.log(`whole-workbook SheetJS export of the same 100,000 rows: peak +${wholeGrowth.toFixed(0)} MB`);
  rows.push({
    case: `export 100,000 records (4 columns, all of the filter), ${label}: time and the server's peak memory`,
    measured: `${HEAP ? `server heap capped at ${HEAP} MB: ` : ''}${(big.ms / 1000).toFixed(1)} s, ${big.mb.toFixed(1)} MB file read back whole; peak RSS ${big.peak.toFixed(0)} MB, +${big.growth.toFixed(0)} MB over the ${big.before.toFixed(0)} MB before; at 10,000 records: ${(small.ms / 1000).toFixed(1)} s, +${small.growth.toFixed(0)} MB; growth ratio 100k ÷ 10k ${(big.growth / Math.max(1, small.growth)).toFixed(1)}× for 10× the rows; the whole-workbook way (SheetJS, rows in memory) +${wholeGrowth.toFixed(0)} MB for the same rows, streamed ÷ whole ${(big.growth / Math.max(1, wholeGrowth)).toFixed(2)}×; load average ${os.loadavg()[0]!.toFixed(1)}`,
    target: 'streams (memory bounded by a chunk, not the row count); peak reported', met: big.growth < Math.max(64, small.growth * 3) ? 'met' : 'missed',
  });
} finally {
  await handle.close();
  await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const r of rows) console.log(`| 13 (10) | ${r.case} | ${r.measured} | ${r.target} | ${r.met} |`);
if (args.includes('--results')) {
  const file = path.join(ROOT, 'bench', 'results.md');
  const mine = (line: string) => line.startsWith('| 13 (10) |') && /^\| 13 \(10\) \| (import 1,000|export 100,000)/.test(line) && line.includes(`, ${label}`);
  const kept = fs.readFileSync(file, 'utf8').trimEnd().split('\n').filter((line) => !mine(line));
  fs.writeFileSync(file, [...kept, ...rows.map((r) => `| 13 (10) | ${r.case} | ${r.measured} | ${r.target} | ${r.met} |`)].join('\n') + '\n');
}
