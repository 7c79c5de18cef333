/**
 * Load (issue 9, item 10): autocannon, 100 connections for 30 s, against the model list route
 * (POST /api/visualdev/OnlineDev/demo-model/List, signed in as admin) and, in the same run,
 * against a cheap route (GET /api/system/health) as the baseline. The server runs as its own
 * process from the TypeScript sources on a fresh SQLite database with demo data and rate limits
 * off (a load test is not an attack); autocannon runs in this process.
 *
 *   node --import tsx bench/load.ts [--seconds 30] [--connections 100] [--results]
 *
 * Target: the list route serves at least 25 % of the cheap route's requests per second, with no
 * errors. --results rewrites the load rows of bench/results.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tests/helpers/free-port';
import type { TestServer } from '../tests/helpers/server';
import { login } from '../tests/api/oauth-client';

const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('--seconds', 30);
const CONNECTIONS = arg('--connections', 100);
const TARGET_RATIO = 0.25;

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-load-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_ACCOUNT: '0', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_SHORT_LINK: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('is running at')) resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(url: string): Promise<string> {
  const reply = await login({ url } as TestServer, 'admin');
  if (reply.body.code !== 200 || !reply.body.data) throw new Error(`sign-in failed: ${reply.body.msg}`);
  return reply.body.data.token;
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function hammer(name: string, options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  // Anything but a 2xx counts as an error, as do timeouts and refused connections.
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99, errors };
}

function writeResults(list: Measured, cheap: Measured) {
  const file = path.join(ROOT, 'bench/results.md');
  const MARK = '| 9 (10) | load';
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(MARK));
  const ratio = list.rps / cheap.rps;
  const setting = `${CONNECTIONS} connections, ${SECONDS} s, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const rows = [
    `${MARK}: model list ÷ cheap route, requests per second | ${ratio.toFixed(2)}× (${list.rps.toFixed(0)} / ${cheap.rps.toFixed(0)} req/s; ${setting}) | ≥ ${TARGET_RATIO.toFixed(2)}× | ${ratio >= TARGET_RATIO ? 'met' : 'missed'} |`,
    `${MARK}: errors under load (model list, cheap route) | ${list.errors}, ${cheap.errors} | 0 | ${list.errors + cheap.errors === 0 ? 'met' : 'missed'} |`,
    `${MARK}: p99 latency (model list, cheap route) | ${list.p99} ms, ${cheap.p99} ms | reported | reported |`,
  ];
  fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
  console.log(`\n${rows.join('\n')}\n(written to bench/results.md)`);
}

const server = await startServer();
try {
  const token = await signIn(server.url);
  const cheap = await hammer('cheap: GET /api/system/health', { url: `${server.url}/api/system/health` });
  const list = await hammer('list: POST OnlineDev/demo-model/List', {
    url: `${server.url}/api/visualdev/OnlineDev/demo-model/List`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPage: 1, pageSize: 20 }),
  });
  if (process.argv.includes('--results')) writeResults(list, cheap);
} finally {
  await server.stop();
}
