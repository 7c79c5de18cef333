/**
 * Uploads (issue 13, item 10): a 200 MB file through the chunked path (test call, 40 chunks of
 * 5 MB, merge with the server's MD5 check) against one plain single-request upload of the same
 * bytes to the same server, runs interleaved, medians; then resume after `kill -9` of the server
 * mid-upload: the restarted server's test call names the chunks on disk and only the missing
 * ones are sent.
 *
 *   node --import tsx bench/uploads.ts [--runs 3] [--mb 200] [--results]
 *
 * The client's MD5 (the browser's 'checking' state) is timed apart and not in the ratio: both
 * paths upload bytes the client already holds. --results rewrites the upload rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestServer } from '../tests/helpers/server';
import { login } from '../tests/api/oauth-client';
import { md5Hex, merge, sendChunk, singleUpload, testChunks, uploadMissing } from '../tests/api/upload-client';
import { chunkCount } from '../src/runtime/upload-rules';
import { spawnServer, type ServerProcess } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = arg('--runs', 3);
const MB = arg('--mb', 200);
const TARGET = 0.5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A new file each run (so the "already uploaded" short cut never answers), PDF by its first bytes. */
function file(): Uint8Array {
  const bytes = new Uint8Array(randomBytes(MB * 1024 * 1024));
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
  return bytes;
}

async function signIn(server: ServerProcess): Promise<string> {
  const reply = await login({ url: server.url } as TestServer, 'staff');
  if (reply.body.code !== 200 || !reply.body.data) throw new Error(`sign-in failed: ${reply.body.msg}`);
  return reply.body.data.token;
}

async function timeChunked(url: string, token: string, bytes: Uint8Array, identifier: string): Promise<number> {
  const started = performance.now();
  await uploadMissing(url, token, bytes, 'bench.pdf', identifier);
  const merged = await merge(url, token, bytes, 'bench.pdf', { identifier });
  if (merged.code !== 200) throw new Error(`merge: ${merged.msg}`);
  return performance.now() - started;
}

async function timePlain(url: string, token: string, bytes: Uint8Array): Promise<number> {
  const started = performance.now();
  const reply = await singleUpload(url, token, bytes, 'bench.pdf');
  if (reply.code !== 200) throw new Error(`single upload: ${reply.msg}`);
  return performance.now() - started;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bench-upload-'));
const env = { DATA_DIR: dataDir, SEED: '1', UPLOAD_MAX_MB: String(MB * 2) };
const rows: string[] = [];
let server = await spawnServer(ROOT, env);
try {
  const token = await signIn(server);
  const chunked: number[] = [];
  const plain: number[] = [];
  const hashing: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const a = file();
    const hashStarted = performance.now();
    const identifier = md5Hex(a);
    hashing.push(performance.now() - hashStarted);
    chunked.push(await timeChunked(server.url, token, a, identifier));
    plain.push(await timePlain(server.url, token, file()));
    console.log(`run ${run + 1}: chunked ${chunked.at(-1)!.toFixed(0)} ms, plain ${plain.at(-1)!.toFixed(0)} ms`);
  }
  const ratio = median(plain) / median(chunked);
  const mbps = (ms: number) => (MB / (ms / 1000)).toFixed(0);
  const load = os.loadavg()[0]!.toFixed(1);
  rows.push(
    `| 13 (10) | upload ${MB} MB: chunked ÷ plain single-request throughput | ${ratio.toFixed(2)}× (${mbps(median(chunked))} / ${mbps(median(plain))} MB/s; medians of ${RUNS}, ${chunkCount(MB * 1048576)} chunks of 5 MB, sequential, MD5 checked at merge; client MD5 apart: ${median(hashing).toFixed(0)} ms; load average ${load} on ${os.cpus().length} cores) | ≥ ${TARGET.toFixed(2)}× | ${ratio >= TARGET ? 'met' : 'missed'} |`,
  );

  // Resume: half the chunks, a chunk in flight, kill -9, restart, test call, the rest.
  const bytes = file();
  const total = chunkCount(bytes.length);
  const half = Math.floor(total / 2);
  const identifier = md5Hex(bytes);
  for (let n = 1; n <= half; n++) {
    const reply = await sendChunk(server.url, token, bytes, 'resume.pdf', n, identifier);
    if (reply.body.code !== 200) throw new Error(`chunk ${n}: ${reply.body.msg}`);
  }
  const inFlight = sendChunk(server.url, token, bytes, 'resume.pdf', half + 1, identifier).catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.kill(server.pid, 'SIGKILL');
  await inFlight;
  server = await spawnServer(ROOT, env);
  const held = (await testChunks(server.url, token, bytes, 'resume.pdf', identifier)).data.chunkNumbers;
  const sent = await uploadMissing(server.url, token, bytes, 'resume.pdf', identifier);
  const merged = await merge(server.url, token, bytes, 'resume.pdf', { identifier });
  const onlyMissing = held.length + sent === total && merged.code === 200;
  rows.push(
    `| 13 (10) | upload resume after kill -9 of the server | ${total} chunks; ${half} sent, chunk ${half + 1} in flight at the kill; after restart the test call named ${held.length} held, ${sent} sent, merge ${merged.code === 200 ? 'ok (MD5 checked)' : `refused: ${merged.msg}`} | only missing chunks re-sent | ${onlyMissing ? 'met' : 'missed'} |`,
  );
} finally {
  await server.stop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const row of rows) console.log(row);
if (process.argv.includes('--results')) {
  const file = path.join(ROOT, 'bench/results.md');
  const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('| 13 (10) | upload'));
  fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
  console.log('(written to bench/results.md)');
}
