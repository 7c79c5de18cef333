import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../helpers/server';
import { buildApp } from '../../server/app';
import { newId } from '../../server/db/ids';
import { startLeasedJob } from '../../server/jobs/lease';
import { LOG_PRUNE_JOB, PRUNE_EVERY_MS, pruneLogs } from '../../server/logs/retention';
import { UPLOAD_PRUNE_JOB } from '../../server/modules/file/uploads';
import { claimReceive } from '../../server/modules/mail/receive';
import { tokenOf } from './oauth-client';
import { md5Hex, merge, testChunks, uploadMissing } from './upload-client';

/**
 * Issue 18 items 2 and 3: several server processes on one database and one data root. Background
 * pruning runs once per period across them (the job lease) and moves to another process when its
 * holder stops; a mail receive runs once per user across them; two merges of one upload at once
 * on two processes keep one file.
 */
let server: TestServer;
const db = () => server.database.db;
const DAY = 24 * 3600_000;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Another server process over the same database and data root (as behind a load balancer). */
async function another(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ config: server.config, database: server.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const oldLogins = async (n: number, at: number) => {
  for (let i = 0; i < n; i++) await db().insertInto('baseLoginLog').values({ id: newId(), userId: null, account: 'old', success: 1, message: null, ip: null, userAgent: null, createdAt: at }).execute();
};
const loginsLeft = async () => Number((await db().selectFrom('baseLoginLog').select((eb) => eb.fn.countAll<number>().as('n')).where('account', '=', 'old').executeTakeFirst())?.n ?? 0);
const holderOf = async (name: string) => (await db().selectFrom('jobLease').select('holder').where('name', '=', name).executeTakeFirst())?.holder ?? null;

describe('a pruning job on two processes', () => {
  it('runs once per period across two holders; the other takes over when the holder stops, or when it died and its lease lapsed', async () => {
    let clock = Date.now();
    const runs: string[] = [];
    const job = (who: string) => startLeasedJob({
      db: db(), name: 'test.logs.prune', everyMs: PRUNE_EVERY_MS, clock: () => clock,
      run: async (now) => {
        runs.push(who);
        await pruneLogs(db(), { login: 180, request: 30, audit: 365, dataInterface: 0 }, now);
      },
    });
    const a = job('a');
    const b = job('b');
    await oldLogins(3, clock - 200 * DAY);
    // the first turn at start of both processes at once: one prunes
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    expect(await loginsLeft()).toBe(0);
    const first = runs[0]!;
    const [holder, other] = first === 'a' ? [a, b] : [b, a];
    // each period: both turn, the holder runs again, the other does not
    for (let period = 1; period <= 3; period++) {
      clock += PRUNE_EVERY_MS;
      await Promise.all([other.tick(), holder.tick()]);
      expect(runs).toEqual(Array(period + 1).fill(first));
    }
    // the holder stops (a deploy): it gives the lease up, and the other's next turn runs
    await holder.stop();
    clock += PRUNE_EVERY_MS;
    await oldLogins(2, clock - 200 * DAY);
    await other.tick();
    expect(runs.at(-1)).toBe(first === 'a' ? 'b' : 'a');
    expect(await loginsLeft()).toBe(0);
    expect(await holderOf('test.logs.prune')).toBe(other.holder);
    // the new holder dies (no release): a third process waits until the lease lapses (three periods)
    const third = job('c');
    clock += PRUNE_EVERY_MS;
    await third.tick();
    expect(runs.at(-1)).not.toBe('c');
    clock += 3 * PRUNE_EVERY_MS + 1;
    await third.tick();
    expect(runs.at(-1)).toBe('c');
    await Promise.all([third.stop(), other.stop()]);
  });
});

describe('two server processes on one database and data root', () => {
  it('the processes’ start turns prune once: a second process started while the first holds the lease leaves things be; after the first stops, the next start prunes', async () => {
    // the first process (the test server) took both leases at its start
    await expect.poll(() => holderOf(UPLOAD_PRUNE_JOB), { timeout: 10_000 }).toContain(`:${process.pid}:`);
    await expect.poll(() => holderOf(LOG_PRUNE_JOB), { timeout: 10_000 }).toContain(`:${process.pid}:`);
    const holders = [await holderOf(UPLOAD_PRUNE_JOB), await holderOf(LOG_PRUNE_JOB)];
    // an upload abandoned a month ago and an old sign-in, in the shared root and database
    const abandoned = path.join(server.config.dataDir, 'files', 'uploads', 'chunks', 'someone-0123');
    fs.mkdirSync(abandoned, { recursive: true });
    const monthAgo = new Date(Date.now() - 30 * DAY);
    fs.utimesSync(abandoned, monthAgo, monthAgo);
    await oldLogins(1, Date.now() - 200 * DAY);

    const second = await another();
    // close waits for the start turn under way: by then it has run, or found the lease taken
    await second.app.close();
    expect(fs.existsSync(abandoned)).toBe(true);
    expect(await loginsLeft()).toBe(1);
    expect([await holderOf(UPLOAD_PRUNE_JOB), await holderOf(LOG_PRUNE_JOB)]).toEqual(holders);

    // the first process stops (its leases given up); the next to start prunes at once
    await server.app.close();
    const third = await another();
    try {
      await expect.poll(() => fs.existsSync(abandoned), { timeout: 10_000 }).toBe(false);
      await expect.poll(loginsLeft, { timeout: 10_000 }).toBe(0);
      expect(await holderOf(UPLOAD_PRUNE_JOB)).not.toBe(holders[0]);
    } finally {
      await third.app.close();
    }
  });

  it('two merges of one upload at once, one on each process: one keeps the assembled file, the other is refused (or, once the first is done, gets its copy); never a 500', async () => {
    const a = await another();
    const b = await another();
    try {
      const probe = { url: a.url } as TestServer;
      const token = await tokenOf(probe, 'staff');
      const bytes = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 13) & 0xff);
      bytes.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
      // started on one process, its chunks sent to the other
      expect((await testChunks(a.url, token, bytes, 'merge.pdf')).data.chunkNumbers).toEqual([]);
      expect(await uploadMissing(b.url, token, bytes, 'merge.pdf')).toBe(2);
      expect((await testChunks(a.url, token, bytes, 'merge.pdf')).data.merge).toBe(true);
      const answers = await Promise.all([merge(a.url, token, bytes, 'merge.pdf'), merge(b.url, token, bytes, 'merge.pdf')]);
      const codes = answers.map((r) => r.code).sort();
      // a second merge may also come after the first finished: it then finds the file already uploaded
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c < 500)).toBe(true);
      const rows = await db().selectFrom('baseFile').select(['storedName']).where('md5', '=', md5Hex(bytes)).execute();
      expect(rows.length).toBe(codes.filter((c) => c === 200).length);
      // every row's stored file is whole
      for (const r of rows) expect(fs.statSync(path.join(server.config.dataDir, 'files', 'uploads', 'store', r.storedName)).size).toBe(bytes.length);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});

describe('mail receive: once per user across processes', () => {
  it('of claims at once (as from several processes) one wins; a finished or cut-off receive may be claimed again', async () => {
    const userId = newId();
    const now = Date.now();
    const first = await Promise.all(Array.from({ length: 5 }, () => claimReceive(db(), userId, now)));
    expect(first.filter(Boolean)).toHaveLength(1);
    const again = await Promise.all(Array.from({ length: 5 }, () => claimReceive(db(), userId, now + 1000)));
    expect(again.filter(Boolean)).toHaveLength(0);
    await db().updateTable('mailSync').set({ state: 'done', finishedAt: now + 2000 }).where('userId', '=', userId).execute();
    const afterDone = await Promise.all(Array.from({ length: 5 }, () => claimReceive(db(), userId, now + 3000)));
    expect(afterDone.filter(Boolean)).toHaveLength(1);
    // still marked running long past the receive's limit: its process stopped; one may start again
    const later = await Promise.all(Array.from({ length: 5 }, () => claimReceive(db(), userId, now + 3000 + 3600_000)));
    expect(later.filter(Boolean)).toHaveLength(1);
  });
});
