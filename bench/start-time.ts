/**
 * Production start time (issue 8, item 9): on a built checkout, the time from spawning the start
 * command until the server answers HTTP (GET / → 200), against the start this branch replaced
 * (the TypeScript sources through tsx), in the same run, runs interleaved, medians.
 *
 *   node --import tsx bench/start-time.ts [--runs 5] [--old-npm-start] [--results]
 *
 * Cases: `npm start` and `node scripts/start.mjs` (the same without npm's own start-up) on an
 * existing database; `npm start` on a new database (migrations and demo seed); the old start
 * `node --import tsx server/main.ts` on an existing database. --old-npm-start adds the old
 * `npm start` as it was (a Vite build before every start). Builds first when the build is stale
 * (not timed). --results rewrites the start rows of bench/results.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARTS, staleness } from '../scripts/build-stamp.mjs';
import { freePort } from '../tests/helpers/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGET_MS = 3000;
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = arg('--runs', 5);

interface Case {
  name: string;
  command: string[];
  freshDatabase: boolean;
}

const CASES: Case[] = [
  { name: 'npm start', command: ['npm', 'start', '--silent'], freshDatabase: false },
  { name: 'node scripts/start.mjs', command: [process.execPath, 'scripts/start.mjs'], freshDatabase: false },
  { name: 'npm start, new database', command: ['npm', 'start', '--silent'], freshDatabase: true },
  { name: 'old: tsx server/main.ts', command: [process.execPath, '--import', 'tsx', 'server/main.ts'], freshDatabase: false },
];
if (process.argv.includes('--old-npm-start')) {
  CASES.push({ name: 'old: npm start (vite build + tsx)', command: ['sh', '-c', 'npx vite build --logLevel warn && exec node --import tsx server/main.ts'], freshDatabase: false });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds from spawn until GET / answers 200; the process group is ended afterwards. */
async function timeStart(c: Case, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(c.command[0]!, c.command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${c.name} exited with ${child.exitCode}: ${errors}`);
      if (await answers(`http://127.0.0.1:${port}/`)) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`${c.name} did not answer in 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function writeResults(m: Map<string, number>) {
  const file = path.join(ROOT, 'bench/results.md');
  const MARK = '| 8 (9) | start';
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(MARK));
  const npmStart = m.get('npm start')!;
  const direct = m.get('node scripts/start.mjs')!;
  const fresh = m.get('npm start, new database')!;
  const old = m.get('old: tsx server/main.ts')!;
  const oldNpm = m.get('old: npm start (vite build + tsx)');
  const rows = [
    `${MARK} on a built checkout: \`npm start\` until HTTP answers | ${sec(npmStart)} (median of ${RUNS}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; \`node scripts/start.mjs\` ${sec(direct)}) | ≤ 3 s | ${npmStart <= TARGET_MS ? 'met' : 'missed'} |`,
    `${MARK} on a built checkout, new database (migrations + demo seed) | ${sec(fresh)} | ≤ 3 s | ${fresh <= TARGET_MS ? 'met' : 'missed'} |`,
    `${MARK}: old start (sources through tsx, no build) ÷ new \`node scripts/start.mjs\` | ${(old / direct).toFixed(2)}× (${sec(old)} / ${sec(direct)})${oldNpm ? `; old \`npm start\` with its Vite build ${sec(oldNpm)}` : ''} | ≥ 1.00× | ${old >= direct ? 'met' : 'missed'} |`,
  ];
  fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
  console.log(`\n${rows.join('\n')}\n(written to bench/results.md)`);
}

async function main() {
  const stale = (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter((p) => staleness(ROOT, p));
  if (stale.length) {
    console.log(`building ${stale.join(', ')} first (not timed)`);
    if (spawnSync(process.execPath, ['scripts/build.mjs', ...stale], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const existing = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-start-bench-'));
  const times = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
  try {
    await timeStart(CASES[1]!, existing); // creates and seeds the shared database; not counted
    for (let run = 0; run < RUNS; run++) {
      for (const c of CASES) {
        const dataDir = c.freshDatabase ? fs.mkdtempSync(path.join(os.tmpdir(), 'scp-start-bench-')) : existing;
        times.get(c.name)!.push(await timeStart(c, dataDir));
        if (c.freshDatabase) fs.rmSync(dataDir, { recursive: true, force: true });
      }
      console.log(`run ${run + 1}: ${CASES.map((c) => `${c.name} ${sec(times.get(c.name)!.at(-1)!)}`).join(' | ')}`);
    }
  } finally {
    fs.rmSync(existing, { recursive: true, force: true });
  }
  const medians = new Map([...times].map(([k, v]) => [k, median(v)]));
  console.log(`\nmedians (${RUNS} runs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  for (const [k, v] of medians) console.log(`  ${k.padEnd(36)} ${sec(v)}`);
  if (process.argv.includes('--results')) writeResults(medians);
}

await main();
