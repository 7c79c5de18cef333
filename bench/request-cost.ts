/**
 * The cost of a signed-in request (issue 20, item 2): autocannon against one server process, in
 * one run, on the bare route (GET /api/system/health), a small signed-in read (GET
 * /api/system/DictionaryType as staff) and the model list's first page (POST
 * /api/visualdev/OnlineDev/demo-model/List as staff, 20 rows) with 0, 10,000 and 100,000 records.
 * The server runs as its own process from the sources (LOG_LEVEL=warn, rate limits off) on a
 * fresh SQLite database, or with BENCH_DATABASE_URL on a fresh PostgreSQL database created here
 * and dropped afterwards. Records are inserted in bulk from this process between the cases (the
 * record store's own insert, index and count rows included). autocannon runs in this process.
 *
 *   node --import tsx bench/request-cost.ts [--seconds 10] [--connections 50] [--sizes 0,10000,100000] [--warmup 3] [--results]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/request-cost.ts [--results]
 *   node --import tsx bench/request-cost.ts --profile DIR --only read   # the server writes a CPU profile (.cpuprofile) into DIR
 *   BENCH_SERVER_ROOT=/tmp/before node --import tsx bench/request-cost.ts  # the server of another checkout (git archive REF), for "before" numbers
 *
 * Each route is first warmed up (3 s, not measured). Each case's ratio is against the bare route measured on the same server just before it.
 * Targets: read ≥ 0.50×, list ≥ 0.25× at every size; p99 read ≤ 20 ms, list ≤ 40 ms.
 * --results rewrites this dialect's issue-20 rows of bench/results.md (and the issue-9 load row,
 * which measured the same list on SQLite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnServer, type ServerProcess } from './server-process';
import { freshDatabase, type FreshDatabase } from './fresh-database';
import { DEMO_MODEL as MODEL, fillDemoRecords, signedInHeaders } from './demo-records';
import { option } from './options';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The checkout whose server is measured (default this one; another one's sources give a "before"). */
const SERVER_ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? ROOT);
const args = process.argv.slice(2);
const SECONDS = Number(option('seconds') ?? 10);
const CONNECTIONS = Number(option('connections') ?? 50);
const SIZES = (option('sizes') ?? '0,10000,100000').split(',').map(Number);
const PROFILE_DIR = option('profile');
const WARMUP_SECONDS = Number(option('warmup') ?? 3);
const ONLY = option('only'); // read | list: one case (for a CPU profile of it alone)
const PG_URL = process.env.BENCH_DATABASE_URL;
const TARGET = { read: 0.5, list: 0.25, readP99: 20, listP99: 40 };

interface Measured { rps: number; p99: number; errors: number; cpuUs: number }

/** CPU time (user + system) the server process has used so far, in µs (Linux /proc). */
let serverPid = 0;
function serverCpuUs(): number {
  try {
    const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (100 a second)
  } catch {
    return NaN;
  }
}

/** CPU time of the PostgreSQL processes by pid (their backends serve this run's connections). */
function postgresCpuUs(): Map<number, number> {
  const out = new Map<number, number>();
  if (!PG_URL) return out;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      out.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

async function hammer(name: string, options: autocannon.Options): Promise<Measured> {
  const cpuBefore = serverCpuUs();
  const dbBefore = postgresCpuUs();
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  // the server's own CPU per request: what a request costs, whatever else the machine runs
  const cpuUs = (serverCpuUs() - cpuBefore) / result.requests.total;
  // PostgreSQL's CPU per request (backends alive at the end; one that ended meanwhile is missed)
  let dbUs = 0;
  for (const [pid, us] of postgresCpuUs()) dbUs += us - (dbBefore.get(pid) ?? 0);
  if (PG_URL) console.log(`  PostgreSQL CPU ${(dbUs / result.requests.total).toFixed(0)} µs a request`);
  // anything but a 2xx counts as an error, as do timeouts and refused connections
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, server CPU ${cpuUs.toFixed(0)} µs a request, ${errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, errors, cpuUs };
}

/** A fresh database: a temporary SQLite folder, or a new PostgreSQL database dropped afterwards. */
/** A fresh database in its own temporary folder, both removed by drop(). */
async function freshRun(): Promise<FreshDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-cost-'));
  const database = await freshDatabase(dataDir, 'bench_cost');
  return { ...database, drop: async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  } };
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const flags = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : [];
  const server = await spawnServer(SERVER_ROOT, env, flags);
  serverPid = server.pid;
  return server;
}

const database = await freshRun();
const label = PG_URL ? 'PostgreSQL' : 'SQLite';
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)}`;
const measured: { case: string; size?: number; m: Measured; base: Measured; load: string }[] = [];
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  server = await startServer(database.env);
  const headers = await signedInHeaders(server.url, 'staff');
  const health = () => hammer('bare: GET /api/system/health', { url: `${server!.url}/api/system/health` });
  const listOptions = { url: `${server.url}/api/visualdev/OnlineDev/${MODEL}/List`, method: 'POST' as const, headers, body: JSON.stringify({ currentPage: 1, pageSize: 20 }) };
  // warm-up, not measured: the JIT compiles the hot paths of each route first
  for (const options of [{ url: `${server.url}/api/system/health` }, { url: `${server.url}/api/system/DictionaryType`, headers }, listOptions]) {
    await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, ...options });
  }
  console.log(`${label}, ${CONNECTIONS} connections, ${SECONDS} s each, ${load()} on ${os.cpus().length} cores`);
  if (ONLY !== 'list') {
    const base = ONLY ? { rps: 0, p99: 0, errors: 0, cpuUs: 0 } : await health();
    const before = load();
    const m = await hammer('read: GET /api/system/DictionaryType (staff)', { url: `${server.url}/api/system/DictionaryType`, headers });
    measured.push({ case: 'read', m, base, load: before });
  }
  let have = 0;
  for (const size of ONLY === 'read' ? [] : SIZES) {
    await fillDemoRecords(database.open, size, have);
    have = Math.max(have, size);
    const base = ONLY ? { rps: 0, p99: 0, errors: 0, cpuUs: 0 } : await health();
    const before = load();
    const m = await hammer(`list: POST OnlineDev/${MODEL}/List, ${size} records (staff)`, listOptions);
    measured.push({ case: 'list', size, m, base, load: before });
  }
} finally {
  await server?.stop();
  await database.drop();
}

const cores = os.cpus().length;
const rows = measured.map(({ case: kind, size, m, base, load: busy }) => {
  const ratio = m.rps / base.rps;
  const what = kind === 'read' ? 'small signed-in read (DictionaryType, staff)' : `model list first page, ${size!.toLocaleString('en')} records (staff)`;
  const target = kind === 'read' ? TARGET.read : TARGET.list;
  const p99Target = kind === 'read' ? TARGET.readP99 : TARGET.listP99;
  const errors = m.errors + base.errors;
  const cpu = `server CPU ${m.cpuUs.toFixed(0)} / ${base.cpuUs.toFixed(0)} µs a request`;
  return [
    `| 20 (2) | ${label}: ${what} ÷ bare route, req/s | ${ratio.toFixed(2)}× (${m.rps.toFixed(0)} / ${base.rps.toFixed(0)} req/s; ${cpu}; ${CONNECTIONS} connections, ${SECONDS} s, ${busy} on ${cores} cores${errors ? `; ${errors} errors` : ''}) | ≥ ${target.toFixed(2)}× | ${ratio >= target && !errors ? 'met' : 'missed'} |`,
    `| 20 (2) | ${label}: ${what}, p99 latency | ${m.p99} ms (bare route ${base.p99} ms) | ≤ ${p99Target} ms | ${m.p99 <= p99Target ? 'met' : 'missed'} |`,
  ];
}).flat();
// --only measures one case for a profile, without the bare route: there is no ratio to report
console.log(ONLY ? '\n(--only: one case measured for a profile; no ratio, no rows)' : `\n${rows.join('\n')}`);

if (args.includes('--results') && !ONLY && !process.env.BENCH_SERVER_ROOT) {
  const file = path.join(ROOT, 'bench/results.md');
  const mark = `| 20 (2) | ${label}:`;
  let lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(mark));
  const list0 = measured.find((x) => x.case === 'list' && x.size === 0);
  if (!PG_URL && list0) {
    // issue 9's load rows measured the same list (then: admin, 100 connections, 30 s) against the same bare route
    const { m, base } = list0;
    const ratio = m.rps / base.rps;
    const setting = `bench/request-cost.ts: staff, ${CONNECTIONS} connections, ${SECONDS} s, ${list0.load} on ${cores} cores`;
    const issue9: Record<string, string> = {
      'model list ÷ cheap route, requests per second': `${ratio.toFixed(2)}× (${m.rps.toFixed(0)} / ${base.rps.toFixed(0)} req/s; ${setting}) | ≥ 0.25× | ${ratio >= 0.25 ? 'met' : 'missed'} |`,
      'errors under load (model list, cheap route)': `${m.errors}, ${base.errors} | 0 | ${m.errors + base.errors === 0 ? 'met' : 'missed'} |`,
      'p99 latency (model list, cheap route)': `${m.p99} ms, ${base.p99} ms | reported | reported |`,
    };
    lines = lines.map((l) => {
      const name = Object.keys(issue9).find((k) => l.startsWith(`| 9 (10) | load: ${k} |`));
      return name ? `| 9 (10) | load: ${name} | ${issue9[name]}` : l;
    });
  }
  fs.writeFileSync(file, `${[...lines, ...rows].join('\n')}\n`);
  console.log('(written to bench/results.md)');
}
