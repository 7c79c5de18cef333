/**
 * Scale-out (issue 18, item 6): several server processes on one PostgreSQL database and one Redis.
 *
 * 1. The model list's first page (POST /api/visualdev/OnlineDev/demo-model/List as staff, 20 of
 *    10,000 records) with 1, 2 and 4 server processes: one autocannon run in this process with
 *    50 connections spread round-robin over the processes (autocannon's url array: connection i
 *    goes to process i mod N), so throughput and p99 come from one histogram over all of them.
 *    Each configuration is warmed up first (3 s, not measured); the configurations run in turn
 *    3 times and each reports its median run. Ratio = N-process ÷ 1-process req/s (medians).
 * 2. Cache invalidation: process A renames a dictionary category (admin), which B keeps in memory
 *    (server/modules/dictionary/repository.ts); right after A's reply this process asks B
 *    (GET /api/system/DictionaryType as staff) in a tight loop until the new name shows. B's cache
 *    is filled before every change. Reported: how often B's very first answer showed it, and
 *    the time from A's reply to B's first answer that showed it (median, p99).
 *
 * Every process is server/main.ts from the sources (LOG_LEVEL=warn, rate limits off) with
 * REDIS_URL; Redis is this bench's own redis-server (tests/helpers/redis.ts); the database is a
 * new PostgreSQL database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * dropped afterwards. The load generator shares the machine with the servers and PostgreSQL.
 *
 *   node --import tsx bench/scale-out.ts [--seconds 10] [--connections 50] [--processes 1,2,4] [--records 10000] [--rounds 200] [--warmup 3] [--repeat 3] [--results]
 *
 * --results rewrites the issue-18 rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startRedis, type RedisServer } from '../tests/helpers/redis';
import { spawnServer, type ServerProcess } from './server-process';
import { freshDatabase, type FreshDatabase } from './fresh-database';
import { DEMO_MODEL, fillDemoRecords, signedInHeaders } from './demo-records';
import { option } from './options';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const SECONDS = Number(option('seconds') ?? 10);
const CONNECTIONS = Number(option('connections') ?? 50);
const PROCESSES = (option('processes') ?? '1,2,4').split(',').map(Number);
const RECORDS = Number(option('records') ?? 10_000);
const ROUNDS = Number(option('rounds') ?? 200);
const WARMUP_SECONDS = Number(option('warmup') ?? 3);
/** The configurations run in turn this many times (1, 2, 4, 1, 2, 4, …): other work on the machine drifts, the median holds. */
const REPEAT = Number(option('repeat') ?? 3);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** B polls at most this long for a change before the round counts as never seen. */
const GIVE_UP_MS = 5000;

const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** CPU time (user + system) so far of each process whose /proc stat passes `pick`, in µs by pid. */
function cpuUs(pick: (pid: number, stat: string) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (!pick(Number(name), stat)) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      out.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100); // utime, stime in clock ticks (100 a second)
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU used since `before` by the processes alive now (one that ended meanwhile is missed; one new since counts whole). */
function cpuSince(before: Map<number, number>, now: Map<number, number>): number {
  let total = 0;
  for (const [pid, us] of now) total += us - (before.get(pid) ?? 0);
  return total;
}

/** Busy CPU of the whole machine so far (every process, this run's and other work), in µs (/proc/stat). */
function machineBusyUs(): number {
  const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1e6) / 100;
}

interface Throughput { processes: number; rps: number; p99: number; errors: number; load: string; cpu: { bench: number; servers: number; postgres: number; machine: number } }

async function listLoad(servers: ServerProcess[], headers: Record<string, string>): Promise<Throughput> {
  const options = {
    // autocannon takes several urls (README: "More than one URL is allowed"); its types say one
    url: servers.map((s) => `${s.url}/api/visualdev/OnlineDev/${DEMO_MODEL}/List`) as unknown as string,
    method: 'POST' as const, headers, body: JSON.stringify({ currentPage: 1, pageSize: 20 }), connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const pids = new Set(servers.map((s) => s.pid));
  const load = loadAverage();
  const started = { at: performance.now(), bench: process.cpuUsage(), servers: cpuUs((pid) => pids.has(pid)), postgres: cpuUs((_, stat) => stat.includes('(postgres)')), machine: machineBusyUs() };
  const result = await autocannon({ ...options, duration: SECONDS });
  // share of one core each used during the run: where the machine's two cores went
  const wallUs = (performance.now() - started.at) * 1000;
  const benchCpu = process.cpuUsage(started.bench);
  const cpu = {
    bench: (benchCpu.user + benchCpu.system) / wallUs,
    servers: cpuSince(started.servers, cpuUs((pid) => pids.has(pid))) / wallUs,
    postgres: cpuSince(started.postgres, cpuUs((_, stat) => stat.includes('(postgres)'))) / wallUs,
    machine: (machineBusyUs() - started.machine) / wallUs,
  };
  const errors = result.errors + result.timeouts + result.non2xx;
  const m = { processes: servers.length, rps: result.requests.average, p99: result.latency.p99, errors, load, cpu };
  console.log(`${servers.length} process(es): ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${errors} errors, load average ${load}; CPU (cores): bench ${cpu.bench.toFixed(2)}, servers ${cpu.servers.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, whole machine ${cpu.machine.toFixed(2)}`);
  return m;
}

interface Invalidation { rounds: number; firstRequest: number; neverSeen: number; latencies: number[]; polls: number[]; load: string }

/** Renames one category through A, ROUNDS times; after each reply, asks B until the name shows. */
async function invalidation(a: ServerProcess, b: ServerProcess, admin: Record<string, string>, staff: Record<string, string>): Promise<Invalidation> {
  const category = { parentId: '-1', fullName: 'scaleOutBench', enCode: 'scaleOutBench', isTree: 0, sortCode: 999 };
  const created = await (await fetch(`${a.url}/api/system/DictionaryType`, { method: 'POST', headers: admin, body: JSON.stringify(category) })).json() as { code: number; msg: string; data?: { id: string } };
  if (created.code !== 200 || !created.data) throw new Error(`the category was not created: ${created.msg}`);
  const readOnB = async () => {
    const reply = await fetch(`${b.url}/api/system/DictionaryType`, { headers: staff });
    if (!reply.ok) throw new Error(`B answered ${reply.status}`);
    return reply.text();
  };
  const out: Invalidation = { rounds: ROUNDS, firstRequest: 0, neverSeen: 0, latencies: [], polls: [], load: loadAverage() };
  for (let round = 0; round < ROUNDS; round += 1) {
    const name = `scaleOutBench${round}`;
    // B holds the category tree before the change, so what follows measures invalidation, not a cold read
    if ((await readOnB()).includes(`"${name}"`)) throw new Error('the new name showed on B before the change');
    const changed = await (await fetch(`${a.url}/api/system/DictionaryType/${created.data.id}`, { method: 'PUT', headers: admin, body: JSON.stringify({ ...category, fullName: name }) })).json() as { code: number; msg: string };
    const replied = performance.now();
    if (changed.code !== 200) throw new Error(`the rename on A was refused: ${changed.msg}`);
    let polls = 0;
    let firstAnswer = 0;
    for (;;) {
      polls += 1;
      const seen = (await readOnB()).includes(`"${name}"`);
      const now = performance.now();
      if (polls === 1) firstAnswer = now;
      if (seen) {
        out.latencies.push(now - replied);
        out.polls.push(polls);
        if (polls === 1) out.firstRequest += 1;
        else console.log(`  round ${round}: B's first answer (${(firstAnswer - replied).toFixed(1)} ms after A's reply) still had the old name; request ${polls} showed it at ${(now - replied).toFixed(1)} ms`);
        break;
      }
      if (now - replied > GIVE_UP_MS) {
        out.neverSeen += 1;
        break;
      }
    }
  }
  const sorted = [...out.latencies].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  console.log(`invalidation: B's first answer showed the change in ${out.firstRequest} of ${ROUNDS}; A's reply → B shows it: median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms; most polls ${Math.max(...out.polls)}; never seen ${out.neverSeen}`);
  return out;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-scale-bench-'));
let redis: RedisServer | null = null;
let database: FreshDatabase | null = null;
const servers: ServerProcess[] = [];
const throughput: Throughput[] = [];
let changes: Invalidation | null = null;
try {
  redis = await startRedis();
  database = await freshDatabase(dataDir, 'bench_scale', PG_ADMIN);
  const env = { ...database.env, REDIS_URL: redis.url };
  // one at a time: the first migrates and seeds the shared database, the others find it done
  servers.push(await spawnServer(ROOT, env));
  await fillDemoRecords(database.open, RECORDS);
  while (servers.length < Math.max(...PROCESSES, 2)) servers.push(await spawnServer(ROOT, env));
  const staff = await signedInHeaders(servers[0]!.url, 'staff');
  const admin = await signedInHeaders(servers[0]!.url, 'admin');
  // the token from process 1 serves on every process (sessions are in the database); the page is what it should be
  for (const server of servers) {
    const page = await (await fetch(`${server.url}/api/visualdev/OnlineDev/${DEMO_MODEL}/List`, { method: 'POST', headers: staff, body: JSON.stringify({ currentPage: 1, pageSize: 20 }) })).json() as { code: number; msg: string; data: { list: unknown[]; pagination: { total: number } } };
    if (page.code !== 200 || page.data.list.length !== 20 || page.data.pagination.total < RECORDS) throw new Error(`unexpected first page on ${server.url}: ${page.code} ${page.msg}`);
  }
  console.log(`PostgreSQL + Redis, ${RECORDS} records, ${CONNECTIONS} connections over the processes, ${SECONDS} s each, ${os.cpus().length} cores, load average ${loadAverage()}`);
  for (let run = 0; run < REPEAT; run += 1) for (const n of PROCESSES) throughput.push(await listLoad(servers.slice(0, n), staff));
  changes = await invalidation(servers[0]!, servers[1]!, admin, staff);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await redis?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const cores = os.cpus().length;
/** Per configuration, the run with the median throughput (its p99 and CPU with it), and every run's req/s. */
const medians = PROCESSES.map((n) => {
  const runs = throughput.filter((t) => t.processes === n).sort((x, y) => x.rps - y.rps);
  return { ...runs[Math.floor((runs.length - 1) / 2)]!, all: runs.map((t) => t.rps.toFixed(0)) };
});
const base = medians.find((t) => t.processes === 1);
const rows: string[] = [];
for (const t of medians) {
  // CPU a request moves much less with other work than requests a second do
  const cpu = `servers' CPU ${((t.cpu.servers * 1e6) / t.rps).toFixed(0)} µs a request; CPU in cores: servers ${t.cpu.servers.toFixed(2)}, PostgreSQL ${t.cpu.postgres.toFixed(2)}, load generator ${t.cpu.bench.toFixed(2)}, whole machine ${t.cpu.machine.toFixed(2)} of ${cores}`;
  const errors = throughput.filter((r) => r.processes === t.processes).reduce((sum, r) => sum + r.errors, 0);
  const setting = `median of ${t.all.length} runs (${t.all.join(', ')} req/s), taken in turn with the other configurations; ${CONNECTIONS} connections round-robin over the processes, one autocannon run, ${SECONDS} s; ${cpu}; load average ${t.load} on ${cores} cores${errors ? `; ${errors} errors` : ''}`;
  rows.push(`| 18 (6) | PostgreSQL + Redis, ${t.processes} server process${t.processes > 1 ? 'es' : ''}: model list first page (20 of ${RECORDS.toLocaleString('en')} records, staff), throughput and p99 | ${t.rps.toFixed(0)} req/s, p99 ${t.p99} ms (${setting}) | reported | reported |`);
}
for (const t of medians) {
  if (!base || t.processes === 1) continue;
  rows.push(`| 18 (6) | scaling ratio, ${t.processes} ÷ 1 server processes, model list req/s | ${(t.rps / base.rps).toFixed(2)}× (${t.rps.toFixed(0)} / ${base.rps.toFixed(0)} req/s, medians; ${cores} cores shared by the servers, PostgreSQL, the load generator and other work) | reported | reported |`);
}
if (changes) {
  const sorted = [...changes.latencies].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const what = 'a dictionary category renamed on process A (admin), B\'s kept category tree (GET /api/system/DictionaryType, staff) read right after A\'s reply';
  rows.push(`| 18 (6) | cache invalidation over Redis, 2 processes: the next request on B sees a change made on A | ${changes.firstRequest} of ${changes.rounds} (${what}; never seen within ${GIVE_UP_MS / 1000} s: ${changes.neverSeen}; most requests to B until it showed: ${Math.max(...changes.polls)}) | ${changes.rounds} of ${changes.rounds} | ${changes.firstRequest === changes.rounds ? 'met' : 'missed'} |`);
  rows.push(`| 18 (6) | cache invalidation over Redis, 2 processes: A's reply → B's first answer showing the change | median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms (${changes.rounds} rounds; one request to B, B's cache filled before each change; load average ${changes.load} on ${cores} cores) | reported | reported |`);
}
console.log(`\n${rows.join('\n')}`);

if (args.includes('--results')) {
  const file = path.join(ROOT, 'bench/results.md');
  const mark = '| 18 (6) |';
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l);
  // the new rows take the place of the old ones (or go at the end the first time)
  const at = lines.findIndex((l) => l.startsWith(mark));
  const kept = lines.filter((l) => !l.startsWith(mark));
  kept.splice(at >= 0 ? at : kept.length, 0, ...rows);
  fs.writeFileSync(file, `${kept.join('\n')}\n`);
  console.log('(written to bench/results.md)');
}
