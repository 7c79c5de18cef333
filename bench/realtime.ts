/**
 * Real-time at scale (issue 14, item 8): SOCKETS signed-in users, each with one socket, on one
 * server process, then on two processes sharing one database and one Redis (the sockets split
 * between them, the sender on the first). Each server is its own process (bench/server-process.ts)
 * on a fresh SQLite database; the Redis server is the bench's own (tests/helpers/redis.ts).
 *
 * - chat: the administrator sends MESSAGES messages one after another, each to another user;
 *   time from SendMessage until the recipient's socket has receiveMessage (median, p95).
 * - announcement: released to everyone; time from the release call until the last of the
 *   SOCKETS sockets has its messagePush.
 * - memory: each server's resident memory before and after the sockets open, per socket.
 *
 *   node --import tsx bench/realtime.ts [--sockets 500] [--messages 200]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from './server-process';
import { openDatabase } from '../server/db';
import { createSession } from '../server/auth/sessions';
import type { UserRow } from '../server/db/schema';
import { client, tokenFor } from '../tests/helpers/access';
import { startRedis } from '../tests/helpers/redis';
import { openSocket, socketUrl, type TestSocket } from '../tests/helpers/socket';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SOCKETS = arg('--sockets', 500);
const MESSAGES = arg('--messages', 200);
const ROOT = path.resolve(import.meta.dirname, '..');

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function scenario(processes: 1 | 2, redisUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-rt-bench-'));
  const env = { DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), DATABASE_URL: '', REDIS_URL: redisUrl ?? '' };
  const servers: ServerProcess[] = [await spawnServer(ROOT, env)];
  if (processes === 2) servers.push(await spawnServer(ROOT, env));
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const sockets: TestSocket[] = [];
  try {
    const org = (await db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.operations').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const users: UserRow[] = Array.from({ length: SOCKETS }, (_, i) => ({
      id: `rt-u${i}`, account: `rt${String(i).padStart(4, '0')}`, realName: `用户${i}`, passwordHash: 'not-a-hash', mobile: null, email: null, gender: 1, headIcon: null, signImg: null,
      organizeId: org, positionId: null, managerId: null, isAdministrator: 0, userKind: 'staff', enabledMark: 1, theme: null, language: null, portalId: null, changePasswordDate: now,
      prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
    }));
    for (let i = 0; i < users.length; i += 250) await db.insertInto('baseUser').values(users.slice(i, i + 250)).execute();
    const tokens: string[] = [];
    for (const u of users) tokens.push((await createSession(db, u.id, { idleSeconds: 3600 })).token);

    const before = servers.map((s) => rssKb(s.pid));
    for (let i = 0; i < SOCKETS; i++) {
      const server = servers[i % servers.length]!;
      const socket = await openSocket(socketUrl(server.url, `/api/message/websocket/${encodeURIComponent(tokens[i]!)}`));
      socket.send({ method: 'OnConnection', token: tokens[i], mobileDevice: false });
      await socket.next('initMessage');
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 1000)); // let the servers settle before reading their memory (a reading, not a wait for a condition)
    const after = servers.map((s) => rssKb(s.pid));
    const perSocketKb = servers.map((_, i) => (after[i]! - before[i]!) / Math.ceil(SOCKETS / servers.length));

    const adminToken = await tokenFor(db, 'admin');
    const admin = await openSocket(socketUrl(servers[0]!.url, `/api/message/websocket/${encodeURIComponent(adminToken)}`));
    admin.send({ method: 'OnConnection', token: adminToken, mobileDevice: false });
    await admin.next('initMessage');
    sockets.push(admin);
    const latencies: number[] = [];
    for (let j = 0; j < MESSAGES; j++) {
      const i = (j * 7) % SOCKETS;
      const t0 = performance.now();
      admin.send({ method: 'SendMessage', toUserId: users[i]!.id, messageType: 'text', messageContent: `bench ${j}`, token: '' });
      await sockets[i]!.next('receiveMessage');
      latencies.push(performance.now() - t0);
      await admin.next('sendMessage');
    }

    const api = client(servers[0]!.url, adminToken);
    const id = (await api.post('/api/message', { title: 'bench announcement' })).body.data.id as string;
    const arrivals = sockets.slice(0, SOCKETS).map((s) => s.next('messagePush', 30_000));
    const t0 = performance.now();
    await api.put(`/api/message/${id}/Actions/Release`);
    await Promise.all(arrivals);
    const announcement = performance.now() - t0;
    return { latencies, announcement, perSocketKb };
  } finally {
    sockets.forEach((s) => s.close());
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const redis = await startRedis();
try {
  for (const [processes, label] of [[1, `one process, ${SOCKETS} sockets`], [2, `two processes with Redis, 2 × ${SOCKETS / 2} sockets`]] as const) {
    const r = await scenario(processes, processes === 2 ? redis.url : null);
    console.log(
      `${label}: chat message median ${pct(r.latencies, 0.5).toFixed(1)} ms, p95 ${pct(r.latencies, 0.95).toFixed(1)} ms (${r.latencies.length} messages); ` +
        `announcement to all ${SOCKETS} in ${r.announcement.toFixed(0)} ms; memory per idle socket ${r.perSocketKb.map((k) => `${k.toFixed(1)} KB`).join(' / ')}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
  }
} finally {
  await redis.stop();
}
