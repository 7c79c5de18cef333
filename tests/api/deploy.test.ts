import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../bench/server-process';
import { freshDatabase as newDatabase } from '../../bench/fresh-database';
import { openDatabase } from '../../server/db';
import { openSocket, socketUrl } from '../helpers/socket';
import { startRedis } from '../helpers/redis';
import { halfSentPost } from '../helpers/half-sent';

/**
 * Operating N processes (issue 18 item 4): readiness, the graceful stop of a real server process
 * (server/main.ts), and N processes starting at once on one empty database. Each case has a
 * fresh database: a SQLite directory, or under TEST_DB=postgres a PostgreSQL database made for
 * it and dropped after.
 */
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanups: (() => Promise<void> | void)[] = [];
const servers: ServerProcess[] = [];

/** A fresh empty database of the run's dialect, and the environment that points a server at it. */
async function freshDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-deploy-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const fresh = await newDatabase(dataDir, 'scp_deploy', process.env.TEST_DB === 'postgres' ? PG_ADMIN : '');
  cleanups.push(() => fresh.drop());
  const databaseUrl = fresh.env.DATABASE_URL!;
  return { dataDir, databaseUrl, env: { ...fresh.env, STATIC_DIR: path.join(dataDir, 'none') } };
}

async function start(env: Record<string, string>) {
  const server = await spawnServer(process.cwd(), env);
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const clean of cleanups.reverse()) await clean();
});

/** Polls until `check` answers true (a condition, never a fixed sleep). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const loginBody = `account=admin&password=${md5('demo1234')}`;

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/oauth/Login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: loginBody });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token.replace(/^bearer\s+/i, '');
}

/** A sign-in whose body is sent in two parts: the request is in flight until `finish()`. */
const slowSignIn = (url: string) => halfSentPost<{ code: number; data?: { token?: string } }>(`${url}/api/oauth/Login`, { 'content-type': 'application/x-www-form-urlencoded' }, loginBody);

describe('readiness and graceful shutdown', () => {
  it('answers ready; on SIGTERM drains (503), tells sockets 1012, finishes the request in flight and exits 0', async () => {
    const { env } = await freshDatabase();
    const server = await start({ ...env, SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_TIMEOUT_MS: '20000' });
    const ready = await fetch(`${server.url}/api/system/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ code: 200, data: { status: 'ready' } });

    const token = await signIn(server.url);
    const socket = await openSocket(socketUrl(server.url, `/api/message/websocket/${encodeURIComponent(token)}`));
    socket.send({ method: 'OnConnection', token, mobileDevice: false });
    await socket.next('initMessage');

    const slow = slowSignIn(server.url);
    await slow.sent;
    process.kill(server.pid, 'SIGTERM');

    // draining: readiness says so at once (the balancer stops sending), liveness still answers
    await until(async () => (await fetch(`${server.url}/api/system/ready`)).status === 503, 'readiness 503');
    const draining = (await (await fetch(`${server.url}/api/system/ready`, { headers: { 'x-language': 'en' } })).json()) as { msg: string; data: { reason: string } };
    expect(draining.data.reason).toBe('draining');
    expect(draining.msg).toMatch(/stopping/);

    // after the drain: sockets are told "service restart", new connections are refused
    expect(await socket.closed).toEqual({ code: 1012, reason: 'server restarting' });
    await until(
      () => fetch(`${server.url}/api/system/health`).then(() => false, () => true),
      'new connections refused',
    );

    // the request that was in flight all along still completes, with success
    slow.finish();
    const reply = await slow.reply;
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(200);
    expect(reply.body.data?.token).toBeTruthy();
    expect(await server.exited).toBe(0);
  }, 60_000);
});

describe('readiness follows Redis', () => {
  it('answers 503 (reason redis) once Redis is away, while liveness still answers', async () => {
    const redis = await startRedis();
    let redisUp = true;
    cleanups.push(() => (redisUp ? redis.stop() : undefined));
    const { env } = await freshDatabase();
    const server = await start({ ...env, REDIS_URL: redis.url });
    expect((await fetch(`${server.url}/api/system/ready`)).status).toBe(200);
    await redis.stop();
    redisUp = false;
    await until(async () => (await fetch(`${server.url}/api/system/ready`)).status === 503, 'readiness 503 without Redis');
    const body = (await (await fetch(`${server.url}/api/system/ready`)).json()) as { data: { reason: string } };
    expect(body.data.reason).toBe('redis');
    expect((await fetch(`${server.url}/api/system/health`)).status).toBe(200);
  }, 60_000);
});

describe('migrations once', () => {
  it('two processes starting at the same moment on one empty database both come up; demo data exists once', async () => {
    const { env, dataDir, databaseUrl } = await freshDatabase();
    const [a, b] = await Promise.all([start(env), start(env)]);
    for (const s of [a, b]) expect((await fetch(`${s.url}/api/system/ready`)).status).toBe(200);
    const database = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
    try {
      const admins = await database.db.selectFrom('baseUser').select('id').where('account', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const menus = await database.db.selectFrom('baseModule').select(['enCode', sql<number>`count(*)`.as('n')]).groupBy('enCode').execute();
      expect(menus.length).toBeGreaterThan(10);
      expect(menus.filter((m) => Number(m.n) > 1)).toEqual([]);
      expect(await database.db.selectFrom('baseSystem').select('id').execute()).toHaveLength(1);
    } finally {
      await database.close();
    }
    // both serve the one set of demo data
    for (const s of [a, b]) expect(await signIn(s.url)).toBeTruthy();
  }, 120_000);

  it('MIGRATE_ON_START=false refuses a schema that is behind; after `npm run migrate` it starts', async () => {
    const { env } = await freshDatabase();
    await expect(spawnServer(process.cwd(), { ...env, MIGRATE_ON_START: 'false' })).rejects.toThrow(/exited with 1/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', '--migrate'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/schema current, demo data seeded/);
    const server = await start({ ...env, MIGRATE_ON_START: 'false' });
    expect(await signIn(server.url)).toBeTruthy();
  }, 120_000);
});
