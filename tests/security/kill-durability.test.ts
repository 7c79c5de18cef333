import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readerRoleName } from '../../server/modules/data-interface/pg-reader';
import type { TestServer } from '../helpers/server';
import { freePort } from '../helpers/free-port';
import { tokenOf } from '../api/oauth-client';

/**
 * kill -9 of the server during parallel writes (issue 9 item 9): the real server runs as a
 * process of its own (server/main.ts, as `npm run serve` starts it) over a SQLite file in a
 * temporary folder, or a PostgreSQL database made for this test; writers create records through
 * the API and keep the ids the server acknowledged; SIGKILL lands while writes are in flight.
 * After it every acknowledged record is there, the per-model record count agrees with the rows,
 * SQLite's integrity check is clean, and a restarted server on the same files serves them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const usePostgres = process.env.TEST_DB === 'postgres';
const WRITERS = 8;
/** Acknowledged records before the kill: enough that writes are surely in flight when it lands. */
const KILL_AFTER = 60;
const MODEL = 'demo-model';

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SCHEMA_WATCH: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // Ready when the banner is printed (after migrations, seeding and listen), not after a sleep.
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code} before it was ready:\n${output}`));
    child.once('exit', onExit);
    child.stdout!.on('data', () => {
      if (output.includes('is running at')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode ?? child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
}

/** Writers create records until the server stops answering; the kill lands once KILL_AFTER are acknowledged. */
async function writeUntilKilled(running: Running, token: string): Promise<{ acknowledged: string[]; inFlightAtKill: number }> {
  const acknowledged: string[] = [];
  let inFlight = 0;
  let inFlightAtKill = -1;
  let serial = 0;
  const writer = async (w: number) => {
    for (;;) {
      const n = serial++;
      inFlight += 1;
      try {
        const res = await fetch(`${running.url}/api/visualdev/OnlineDev/${MODEL}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ data: { goodsCode: `K.${w}.${n}`, goodsName: `Kill${n}`, category: 'steel.rebar', unit: 't', price: n } }),
        });
        const reply = (await res.json()) as { code: number; msg: string; data?: { id: string } };
        if (reply.code !== 200 || !reply.data) throw new Error(`a write was refused: ${reply.msg}`);
        acknowledged.push(reply.data.id);
      } catch (error) {
        // The server is gone: every write it acknowledged is counted, the rest were never promised.
        if (running.child.signalCode === 'SIGKILL' || inFlightAtKill >= 0) return;
        throw error;
      } finally {
        inFlight -= 1;
      }
      if (acknowledged.length >= KILL_AFTER && inFlightAtKill < 0) {
        inFlightAtKill = inFlight;
        running.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return { acknowledged, inFlightAtKill };
}

async function readBack(running: Running, token: string, ids: string[]) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const missing: string[] = [];
  for (const id of ids) {
    const reply = (await (await fetch(`${running.url}/api/visualdev/OnlineDev/${MODEL}/${id}`, { headers })).json()) as { code: number };
    if (reply.code !== 200) missing.push(id);
  }
  const list = (await (await fetch(`${running.url}/api/visualdev/OnlineDev/${MODEL}/List`, { method: 'POST', headers, body: JSON.stringify({ currentPage: 1, pageSize: 20 }) })).json()) as {
    code: number;
    msg: string;
    data?: { pagination: { total: number } };
  };
  if (!list.data) throw new Error(`the record list answered ${list.code} ${list.msg}`);
  return { missing, total: list.data.pagination.total };
}

async function stop(running: Running) {
  running.child.kill('SIGTERM');
  await exited(running.child);
}

describe('kill -9 during parallel writes', () => {
  it(`keeps every acknowledged record (${usePostgres ? 'PostgreSQL' : 'SQLite file, integrity check clean'})`, async () => {
    let env: Record<string, string>;
    let rowsAfterKill: (ids: string[]) => Promise<{ present: number; rows: number; counted: number; integrity?: string }>;
    if (usePostgres) {
      const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
      // A database of its own: the server uses the public schema, as in production.
      const name = `scp_kill_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`drop role if exists ${pg.escapeIdentifier(readerRoleName(name, 'public'))}`);
        await admin.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-kill-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      rowsAfterKill = async (ids) => {
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        try {
          const present = await db.query<{ n: number }>('select count(*)::int as n from visualdev_record where id = any($1)', [ids]);
          const rows = await db.query<{ n: number }>('select count(*)::int as n from visualdev_record where model_id = $1', [MODEL]);
          const counted = await db.query<{ total: string }>('select total from visualdev_record_count where model_id = $1', [MODEL]);
          return { present: present.rows[0]!.n, rows: rows.rows[0]!.n, counted: Number(counted.rows[0]?.total ?? 0) };
        } finally {
          await db.end();
        }
      };
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-kill-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env = { DATABASE_URL: '', DATA_DIR: dataDir };
      rowsAfterKill = async (ids) => {
        // Opened as the next server would open it: the write-ahead log left by the kill is replayed.
        const db = new SQLite(path.join(dataDir, 'platform.sqlite'));
        try {
          const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
          const present = ids.filter((id) => db.prepare('select 1 from visualdev_record where id = ?').get(id)).length;
          const rows = (db.prepare('select count(*) as n from visualdev_record where model_id = ?').get(MODEL) as { n: number }).n;
          const counted = Number((db.prepare('select total from visualdev_record_count where model_id = ?').get(MODEL) as { total: number } | undefined)?.total ?? 0);
          return { present, rows, counted, integrity };
        } finally {
          db.close();
        }
      };
    }
    env.STATIC_DIR = path.join(env.DATA_DIR!, 'no-front-end');

    const first = await startServer(env);
    const token = await tokenOf({ url: first.url } as TestServer, 'admin');
    const { acknowledged, inFlightAtKill } = await writeUntilKilled(first, token);
    expect(await exited(first.child)).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed mid-stream: other writers were waiting for their answers.
    expect(inFlightAtKill).toBeGreaterThan(0);

    const after = await rowsAfterKill(acknowledged);
    if (after.integrity !== undefined) expect(after.integrity).toBe('ok');
    expect(after.present, 'acknowledged records present after the kill').toBe(acknowledged.length);
    // Each write is one transaction: a record and its count are there together or not at all.
    expect(after.counted).toBe(after.rows);

    const second = await startServer(env);
    cleanups.push(() => stop(second));
    const again = await tokenOf({ url: second.url } as TestServer, 'admin');
    const { missing, total } = await readBack(second, again, acknowledged);
    expect(missing, 'acknowledged records the restarted server cannot read').toEqual([]);
    expect(total).toBe(after.rows);
  }, 240_000);
});
