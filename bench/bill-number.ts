/**
 * Serial numbers under load (issue 11, item 9): 1,000 GET /api/system/BillRule/BillNumber/{code}
 * requests sent at once to a real server, which must answer 1,000 distinct numbers (here: exactly
 * the rule's first 1,000). Baseline in the same run, same server and concurrency: 1,000 reads of
 * the same rule (GET /api/system/BillRule/{id}: the same sign-in check and one row read, no write).
 * The server runs as its own process from the TypeScript sources, rate limits off, over a fresh
 * SQLite database or, with BENCH_DATABASE_URL, a fresh PostgreSQL database made on that server
 * and dropped afterwards. The requests come from this process (fetch: its pool opens a connection
 * per request in flight, so the server sees them all at once).
 *
 *   node --import tsx bench/bill-number.ts [--runs 3] [--requests 1000] [--results]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/bill-number.ts [--results]
 *
 * Each run uses a new rule. Reported: requests per second over the whole burst (requests ÷ time
 * from the first send to the last answer) and the p99 latency, medians over the runs.
 * --results rewrites this dialect's rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer } from './server-process';
import type { TestServer } from '../tests/helpers/server';
import { login } from '../tests/api/oauth-client';
import { readerRoleName } from '../server/modules/data-interface/pg-reader';

const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = arg('--runs', 3);
const REQUESTS = arg('--requests', 1000);
const TARGET_RATIO = 0.25;
const baseUrl = process.env.BENCH_DATABASE_URL;
const dialect = baseUrl ? 'PostgreSQL' : 'SQLite';

/** A fresh PostgreSQL database for the server (dropped with its data-interface reader login afterwards). */
async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_bill_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
        await c.query(`drop role if exists ${pg.escapeIdentifier(readerRoleName(name, 'public'))}`);
      } finally {
        await c.end();
      }
    },
  };
}

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bill-'));
  const database = baseUrl ? await freshPostgres(baseUrl) : null;
  const server = await spawnServer(ROOT, { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(url: string, token: string, method = 'GET', body?: unknown): Promise<{ code: number; msg: string; data: any }> {
  const res = await fetch(url, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

interface Burst {
  rps: number;
  p99: number;
  replies: { code: number; msg: string; data: any }[];
}

/** Sends `REQUESTS` requests at once; throughput over the whole burst, p99 of the latencies. */
async function burst(url: string, token: string): Promise<Burst> {
  const latencies: number[] = [];
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: REQUESTS }, async () => {
      const t0 = performance.now();
      const reply = await call(url, token);
      latencies.push(performance.now() - t0);
      return reply;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: REQUESTS / seconds, p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)]!, replies };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function writeResults(rows: string[]) {
  const file = path.join(ROOT, 'bench/results.md');
  const mark = `| 11 (9) | BillNumber, ${REQUESTS.toLocaleString('en')} parallel requests, ${dialect}`;
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(mark));
  fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
  console.log('(written to bench/results.md)');
}

const server = await startServer();
try {
  const reply = await login({ url: server.url } as TestServer, 'admin');
  if (reply.body.code !== 200 || !reply.body.data) throw new Error(`sign-in failed: ${reply.body.msg}`);
  const token = reply.body.data.token as string;
  const numbers: number[] = [];
  const reads: number[] = [];
  const numberP99: number[] = [];
  const readP99: number[] = [];
  let distinctEverywhere = true;
  // untimed: the first burst opens the connections every later one reuses
  const seedRule = await call(`${server.url}/api/system/BillRule?keyword=rukudanhao`, token);
  await burst(`${server.url}/api/system/BillRule/${seedRule.data.list[0].id}`, token);
  for (let run = 0; run < RUNS; run += 1) {
    const code = `bench${run}`;
    const made = await call(`${server.url}/api/system/BillRule`, token, 'POST', { fullName: `压测${run}`, enCode: code, category: 'other', prefix: 'B', dateFormat: 'no', digit: 6, startNumber: '1' });
    if (made.code !== 200) throw new Error(`rule not created: ${made.msg}`);
    // warm-up: both routes compiled, the rule's page cached, connections open
    for (let i = 0; i < 5; i += 1) await call(`${server.url}/api/system/BillRule/${made.data.id}`, token);

    const read = await burst(`${server.url}/api/system/BillRule/${made.data.id}`, token);
    const failedReads = read.replies.filter((r) => r.code !== 200).length;
    if (failedReads) throw new Error(`${failedReads} reads failed: ${read.replies.find((r) => r.code !== 200)!.msg}`);
    const drawn = await burst(`${server.url}/api/system/BillRule/BillNumber/${code}`, token);
    const failed = drawn.replies.filter((r) => r.code !== 200);
    if (failed.length) throw new Error(`${failed.length} BillNumber requests failed: ${failed[0]!.msg}`);
    const got = drawn.replies.map((r) => String(r.data));
    const expected = Array.from({ length: REQUESTS }, (_, i) => `B${String(i + 1).padStart(6, '0')}`);
    const distinct = new Set(got).size;
    const exact = JSON.stringify([...got].sort()) === JSON.stringify(expected);
    distinctEverywhere &&= distinct === REQUESTS && exact;
    console.log(`${dialect} run ${run + 1}: BillNumber ${drawn.rps.toFixed(0)} req/s, p99 ${drawn.p99.toFixed(0)} ms, ${distinct} distinct${exact ? ' (exactly the first ' + REQUESTS + ')' : ''}; read ${read.rps.toFixed(0)} req/s, p99 ${read.p99.toFixed(0)} ms`);
    numbers.push(drawn.rps);
    reads.push(read.rps);
    numberP99.push(drawn.p99);
    readP99.push(read.p99);
  }
  const ratio = median(numbers) / median(reads);
  const mark = `| 11 (9) | BillNumber, ${REQUESTS.toLocaleString('en')} parallel requests, ${dialect}`;
  const setting = `median of ${RUNS} runs, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const rows = [
    `${mark}: distinct numbers | ${distinctEverywhere ? REQUESTS.toLocaleString('en') : 'fewer than'} of ${REQUESTS.toLocaleString('en')} in every run (exactly the rule's first ${REQUESTS.toLocaleString('en')}) | ${REQUESTS.toLocaleString('en')} | ${distinctEverywhere ? 'met' : 'missed'} |`,
    `${mark}: throughput ÷ reading the rule (same server and concurrency) | ${ratio.toFixed(2)}× (${median(numbers).toFixed(0)} / ${median(reads).toFixed(0)} req/s; ${setting}) | ≥ ${TARGET_RATIO.toFixed(2)}× | ${ratio >= TARGET_RATIO ? 'met' : 'missed'} |`,
    `${mark}: p99 latency (BillNumber, reading the rule) | ${median(numberP99).toFixed(0)} ms, ${median(readP99).toFixed(0)} ms | reported | reported |`,
  ];
  console.log(`\n${rows.join('\n')}`);
  if (process.argv.includes('--results')) writeResults(rows);
  if (!distinctEverywhere) process.exitCode = 1;
} finally {
  await server.stop();
}
