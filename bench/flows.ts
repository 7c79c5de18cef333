/**
 * Approval flows under volume (issue 16, item 8): 10,000 running instances of a two-node flow on
 * a fresh database, started through the engine itself (`launch`, the same code as the route),
 * their first node's to-dos spread over 100 approvers, one of whom holds 1,000 of them. Against
 * the server as its own process (bench/server-process.ts), sequential calls on loopback:
 * - the to-do list of that approver (FlowBefore/List/1, first page of 20, with its total), median
 *   and p95 of 100 calls; the bare health route's median in the same run beside it;
 * - a pass (FlowBefore/Audit) of 100 of their to-dos, one after another, median and p95: each
 *   pass completes the node and enters the second one (its to-do written, its message sent).
 *
 *   node --import tsx bench/flows.ts [--results]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/flows.ts [--results]
 *
 * --results rewrites this dialect's issue-16 rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../server/db/ids';
import { createSession } from '../server/auth/sessions';
import { launch } from '../server/modules/flow';
import { createEngine } from '../server/modules/flow/versions';
import { spawnServer } from './server-process';
import { freshDatabase } from './fresh-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const INSTANCES = 10_000;
const APPROVERS = 100;
const HEAVY = 1_000; // to-dos of the measured approver
const CALLS = 100;
const label = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-flows-'));
const database = await freshDatabase(dataDir, 'bench_flows');
const handle = await database.open();
const db = handle.db;
const server = await spawnServer(ROOT, database.env);
try {
  const now = Date.now();
  const users: string[] = [];
  for (let u = 0; u < APPROVERS + 1; u++) {
    const id = newId();
    await db.insertInto('baseUser').values({
      id, account: `flow${u}`, realName: `审批${u}`, passwordHash: 'x', mobile: null, email: null, gender: null, headIcon: null, signImg: null,
      organizeId: null, positionId: null, managerId: null, isAdministrator: 0, userKind: 'staff', enabledMark: 1, theme: null, language: null, portalId: null,
      changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
    }).execute();
    users.push(id);
  }
  const [initiator, ...approvers] = users as [string, ...string[]];
  const node = (nodeId: string, title: string, childNode?: object) => ({
    type: 'approver', nodeId, content: '发起人自定', properties: { title, approvers: [], approverPos: [], assigneeType: 7, formOperates: [], circulateUser: [], circulatePosition: [], rejectStep: '0' }, ...(childNode ? { childNode } : {}),
  });
  const template = { type: 'start', nodeId: 'S', content: '所有人', properties: { title: '发起人', initiator: [], initiatePos: [] }, childNode: node('A', '主管审批', node('B', '财务审批')) };
  const engineId = await createEngine(db, { enCode: 'benchFlow', fullName: '压测流程', template: template as never });

  const filled = performance.now();
  for (let i = 0; i < INSTANCES; i++) {
    const first = i < HEAVY ? approvers[0]! : approvers[1 + (i % (APPROVERS - 1))]!;
    await launch(db, { engineId, title: `压测${i}`, urgent: 1 + (i % 3), formData: { amount: i }, chosen: { A: [first], B: [approvers[(i + 7) % APPROVERS]!] }, by: initiator });
  }
  const fillSeconds = (performance.now() - filled) / 1000;
  const running = await db.selectFrom('flowTask').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1).executeTakeFirstOrThrow();
  const token = (await createSession(db, approvers[0]!, { idleSeconds: 3600 })).token;
  const auth = { authorization: `Bearer ${token}` };

  const time = async (call: () => Promise<Response>, check: (body: { code: number; data?: unknown }) => boolean) => {
    const t0 = performance.now();
    const res = await call();
    const body = (await res.json()) as { code: number; data?: unknown };
    const ms = performance.now() - t0;
    if (!check(body)) throw new Error(`unexpected reply ${JSON.stringify(body).slice(0, 200)}`);
    return ms;
  };
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.ceil(s.length * 0.95) - 1]! };
  };
  for (let i = 0; i < 10; i++) await fetch(`${server.url}/api/workflow/Engine/FlowBefore/List/1?pageSize=20`, { headers: auth }).then((r) => r.text()); // warm-up

  const health: number[] = [];
  for (let i = 0; i < CALLS; i++) health.push(await time(() => fetch(`${server.url}/api/system/health`), () => true));
  const lists: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    lists.push(await time(() => fetch(`${server.url}/api/workflow/Engine/FlowBefore/List/1?pageSize=20&currentPage=${1 + (i % 5)}`, { headers: auth }), (b) => {
      const data = b.data as { list: unknown[]; pagination: { total: number } };
      total = data.pagination.total;
      return b.code === 200 && data.list.length === 20;
    }));
  }
  const mine = await db.selectFrom('flowOperator').select('id').where('userId', '=', approvers[0]!).where('state', '=', 0).limit(CALLS).execute();
  const passes: number[] = [];
  for (const op of mine) {
    passes.push(await time(() => fetch(`${server.url}/api/workflow/Engine/FlowBefore/Audit/${op.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ handleOpinion: '同意' }) }), (b) => b.code === 200));
  }
  const moved = await db.selectFrom('flowOperator').select((eb) => eb.fn.countAll<number>().as('n')).where('nodeId', '=', 'B').where('state', '=', 0).executeTakeFirstOrThrow();

  const load = os.loadavg()[0]!.toFixed(1);
  const l = stats(lists);
  const p = stats(passes);
  const h = stats(health);
  const setting = `${Number(running.n).toLocaleString('en-US')} running instances (made in ${fillSeconds.toFixed(0)} s), ${label}; load average ${load} on ${os.cpus().length} cores; health route median ${h.median.toFixed(1)} ms in the same run`;
  console.log(setting);
  console.log(`to-do list (total ${total}): median ${l.median.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms; pass: median ${p.median.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms; second-node to-dos after the passes: ${moved.n}`);
  const listMet = l.median <= 50 && total === HEAVY;
  const passMet = p.median <= 20 && Number(moved.n) === passes.length;
  const rows = [
    `| 16 (8) | to-do list of one approver (${HEAVY.toLocaleString('en-US')} to-dos, page of 20 with its total) among ${setting} | median ${l.median.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms (${CALLS} sequential calls, loopback; ${(l.median / h.median).toFixed(1)}× the health route) | ≤ 50 ms | ${listMet ? 'met' : 'missed'} |`,
    `| 16 (8) | a pass (FlowBefore/Audit: the node completes, the next node's to-do and message written) among ${setting} | median ${p.median.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms (${passes.length} passes in a row, loopback) | ≤ 20 ms median | ${passMet ? 'met' : 'missed'} |`,
  ];
  for (const row of rows) console.log(row);
  if (process.argv.includes('--results')) {
    const file = path.join(ROOT, 'bench/results.md');
    const marks = ['to-do list of one approver', 'a pass (FlowBefore/Audit'].map((m) => `| 16 (8) | ${m}`);
    const kept = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line && !(marks.some((m) => line.startsWith(m)) && line.includes(`, ${label};`)));
    fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
    console.log('(written to bench/results.md)');
  }
} finally {
  await handle.close();
  await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
