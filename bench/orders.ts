/**
 * Ordering under load (issue 15, item 11): 1,000 orders placed by 50 concurrent customers (5 in
 * each of 10 customer organisations, so 10 capital pools), 20 orders each, one after another,
 * against the server as its own process (bench/server-process.ts) on a fresh SQLite database, or
 * with BENCH_DATABASE_URL on a fresh PostgreSQL database created here and dropped afterwards.
 * Each order is one line of 1 t of a demo good at its current price, paid from the pool first and
 * credit for the rest. Reports throughput (orders a second, wall time) and the p99 of one order,
 * then checks at the end: every account equals the sums of its ledger, what the accounts hold
 * (frozen + credit used) equals the amounts of the orders placed, order numbers are distinct,
 * and no account is overspent.
 *
 *   node --import tsx bench/orders.ts [--results]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/orders.ts [--results]
 *
 * --results rewrites this dialect's issue-15 row of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../server/db/ids';
import { certifyOrganisations } from '../server/modules/business/certification';
import { createSession } from '../server/auth/sessions';
import { accountOf, ledgerMismatches, move } from '../server/modules/business/funds';
import { spawnServer } from './server-process';
import { freshDatabase } from './fresh-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const ORGANISATIONS = 10;
const PER_ORGANISATION = 5;
const ORDERS_EACH = 20;
const DEPOSIT = 30_000_000; // fen: 300,000.00 yuan a pool
const CREDIT = 10_000_000; // fen: 100,000.00 yuan of credit
const label = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-orders-'));
const database = await freshDatabase(dataDir, 'bench_orders');
const server = await spawnServer(ROOT, database.env);
const handle = await database.open();
const db = handle.db;
try {
  const now = Date.now();
  const goods = await db.selectFrom('bizGoods').select(['id', 'price']).where('price', 'is not', null).where('enabledMark', '=', 1).orderBy('fullName').execute();
  if (goods.length === 0) throw new Error('no priced goods: the demo seed did not run');
  const customers: { token: string; organizeId: string }[] = [];
  for (let o = 0; o < ORGANISATIONS; o++) {
    const organizeId = newId();
    await db.insertInto('baseOrganize').values({ id: organizeId, parentId: '-1', category: 'company', fullName: `压测客户${o + 1}`, enCode: `bench.customer${o + 1}`, managerId: null, sortCode: 100 + o, enabledMark: 1, description: null, createdAt: now }).execute();
    // ordering waits for the enterprise certification: the bench's customers are certified
    await certifyOrganisations(db, [organizeId], now);
    await db.transaction().execute(async (trx) => {
      await accountOf(trx, organizeId);
      await move(trx, organizeId, { kind: 'deposit', amount: DEPOSIT, by: null });
      await move(trx, organizeId, { kind: 'creditLimit', amount: CREDIT, by: null });
    });
    for (let u = 0; u < PER_ORGANISATION; u++) {
      const id = newId();
      await db.insertInto('baseUser').values({
        id, account: `bench${o}_${u}`, realName: `压测${o}-${u}`, passwordHash: 'x', mobile: null, email: null, gender: null, headIcon: null, signImg: null,
        organizeId, positionId: null, managerId: null, isAdministrator: 0, userKind: 'customer', enabledMark: 1, theme: null, language: null, portalId: null,
        changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
      }).execute();
      customers.push({ token: (await createSession(db, id, { idleSeconds: 3600 })).token, organizeId });
    }
  }

  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let placed = 0;
  const started = performance.now();
  await Promise.all(
    customers.map(async (c, i) => {
      for (let k = 0; k < ORDERS_EACH; k++) {
        const g = goods[(i + k) % goods.length]!;
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/business/Order`, {
          method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ goodsId: g.id, tonnes: '1' }] }),
        });
        const body = (await res.json()) as { code: number; msg: string };
        latencies.push(performance.now() - t0);
        if (body.code === 200) placed += 1;
        else refusals.set(body.msg, (refusals.get(body.msg) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!;
  const p50 = latencies[Math.floor(latencies.length / 2)]!;

  // the end state: nothing appeared or vanished
  const mismatches = await ledgerMismatches(db);
  const orgIds = [...new Set(customers.map((c) => c.organizeId))];
  const orders = await db.selectFrom('bizOrder').select(['orderNo', 'amount', 'organizeId']).where('organizeId', 'in', orgIds).execute();
  const accounts = await db.selectFrom('bizAccount').selectAll().where('id', 'in', orgIds).execute();
  const held = accounts.reduce((s, a) => s + Number(a.frozen) + Number(a.creditUsed), 0);
  const ordered = orders.reduce((s, o) => s + Number(o.amount), 0);
  const overspent = accounts.filter((a) => Number(a.balance) < Number(a.frozen) || Number(a.creditUsed) > Number(a.creditLimit)).length;
  const distinct = new Set(orders.map((o) => o.orderNo)).size === orders.length;
  const holds = mismatches.length === 0 && held === ordered && overspent === 0 && distinct && orders.length === placed;
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`${label}: ${placed} placed, ${[...refusals].map(([m, n]) => `${n}× ${m}`).join(', ') || 'none refused'}; ${(placed / seconds).toFixed(0)} orders/s (${seconds.toFixed(1)} s), p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; load ${load}`);
  console.log(`  ledger mismatches ${mismatches.length}, held ${held} = ordered ${ordered}: ${held === ordered}, overspent accounts ${overspent}, numbers distinct ${distinct}`);
  const row = `| 15 (11) | 1,000 orders by 50 concurrent customers on 10 capital pools, ${label}: throughput, p99 and the ledger invariant at the end | ${(placed / seconds).toFixed(0)} orders/s (${placed} placed in ${seconds.toFixed(1)} s), p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; every account equals its ledger, held = ordered (${(ordered / 100).toLocaleString('en-US')} yuan), no account overspent, numbers distinct: ${holds ? 'yes' : 'NO'}; load average ${load} on ${os.cpus().length} cores | reported; invariant holds | ${holds ? 'met' : 'missed'} |`;
  console.log(row);
  if (process.argv.includes('--results')) {
    const file = path.join(ROOT, 'bench/results.md');
    const mark = `| 15 (11) | 1,000 orders by 50 concurrent customers on 10 capital pools, ${label}`;
    const kept = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(mark));
    fs.writeFileSync(file, `${[...kept, row].join('\n')}\n`);
    console.log('(written to bench/results.md)');
  }
  if (!holds) process.exitCode = 1;
} finally {
  await handle.close();
  await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
