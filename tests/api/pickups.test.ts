import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { makeGoods, makeOrder, userOf } from '../helpers/ordering-state';
import { accountOf, ledgerMismatches } from '../../server/modules/business/funds';
import { stockMismatches } from '../../server/modules/business/stock';
import { poolMismatches } from '../../server/modules/business/pickup';

/**
 * Goods awaiting pickup, pickups, outbound and settlement (issue 15 items 5 and 7), over the
 * state a confirmed order leaves (built in the database, tests/helpers/ordering-state.ts). After
 * every test: accounts equal their ledgers, stock its ledger, pool draws the pickups' lines.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
let east: string;
let south: string;
let customerId: string;
let customer2Id: string;
const DAY = 86_400_000;
const head = () => ({ vehicle: '沪A12345', driver: '王师傅', phone: '13900000000', plannedDate: Date.now() + DAY });
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  const token = await tokenFor(db(), 'admin');
  admin = client(server.url, token);
  adminEn = client(server.url, token, 'en');
  customer = client(server.url, await tokenFor(db(), 'customer'));
  customer2 = client(server.url, await tokenFor(db(), 'customer2'));
  east = (await customer.get('/api/business/CapitalPool')).body.data.organizeId;
  south = (await customer2.get('/api/business/CapitalPool')).body.data.organizeId;
  customerId = (await userOf(db(), 'customer')).id;
  customer2Id = (await userOf(db(), 'customer2')).id;
});
afterEach(async () => {
  expect(await ledgerMismatches(db())).toEqual([]);
  expect(await stockMismatches(db())).toEqual([]);
  expect(await poolMismatches(db())).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

async function row(id: string) {
  const r = await db().selectFrom('bizWaitGoods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { total: Number(r.kgTotal), reserved: Number(r.kgReserved), transferred: Number(r.kgTransferred) };
}
/** What an order still holds of an account: the frozen and credit deltas of its movements. */
async function heldBy(orderId: string) {
  const rows = await db().selectFrom('bizLedger').select(['frozenDelta', 'creditUsedDelta', 'kind', 'balanceDelta']).where('refId', '=', orderId).execute();
  return { frozen: rows.reduce((s, r) => s + Number(r.frozenDelta), 0), credit: rows.reduce((s, r) => s + Number(r.creditUsedDelta), 0), paid: -rows.reduce((s, r) => s + Number(r.balanceDelta), 0) };
}
async function stockOf(g: { warehouseId: string; goodsId: string }) {
  const s = await db().selectFrom('bizStock').select('kg').where('warehouseId', '=', g.warehouseId).where('goodsId', '=', g.goodsId).executeTakeFirst();
  return Number(s?.kg ?? 0);
}
async function pickup(c: ReturnType<typeof client>, lines: { waitGoodsId: string; tonnes?: string; kg?: number }[]) {
  return (await c.post('/api/business/Pickup', { ...head(), lines })).body;
}
async function confirm(pickupId: string, actual: Record<string, number>) {
  const p = (await admin.get(`/api/business/Pickup/${pickupId}`)).body.data;
  return (await admin.post(`/api/business/Pickup/${pickupId}/Confirm`, { lines: p.lines.map((l: { id: string; waitGoodsId: string; kg: number }) => ({ id: l.id, kg: actual[l.waitGoodsId] ?? l.kg })) })).body;
}

describe('goods awaiting pickup and pickups', () => {
  it('lists the pool in tonnes, draws a pickup and refuses an over-draw; bad input is refused and writes nothing', async () => {
    const g = await makeGoods(db(), { stockKg: 100000 });
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 10000 }]);
    const list = (await customer.get('/api/business/WaitGoods?pageSize=500')).body.data.list;
    expect(list.find((r: { id: string }) => r.id === o.rows[0])).toMatchObject({ mine: true, totalText: '10.000', reservedText: '0.000', leftText: '10.000', category: '螺纹钢', spec: 'Φ16' });
    const made = await pickup(customer, [{ waitGoodsId: o.rows[0]!, tonnes: '4.5' }]);
    expect(made).toMatchObject({ code: 200, msg: '提货单已提交', data: { status: 1, plannedText: '4.500' } });
    expect(made.data.pickupNo).toMatch(/^TH\d{8}\d{4}$/);
    expect((await customer.get(`/api/business/Pickup?keyword=${made.data.pickupNo}`)).body.data.list.map((p: { id: string }) => p.id)).toEqual([made.data.id]);
    expect((await customer.get('/api/business/Pickup?keyword=%25')).body.code).toBe(200);
    expect(await row(o.rows[0]!)).toMatchObject({ reserved: 4500 });
    expect(await pickup(customer, [{ waitGoodsId: o.rows[0]!, tonnes: '5.501' }])).toMatchObject({ code: 400, msg: '提货重量超过可提重量' });
    const bad = [
      [{ ...head(), phone: '123' }, '请输入正确的手机号或电话号码'],
      [{ ...head(), plannedDate: Date.now() - 3 * DAY }, '计划提货日期不能早于今天'],
      [{ ...head(), vehicle: ' ' }, '请填写车牌号和司机姓名'],
    ] as const;
    for (const [h, msg] of bad) expect((await customer.post('/api/business/Pickup', { ...h, lines: [{ waitGoodsId: o.rows[0], tonnes: '1' }] })).body).toMatchObject({ code: 400, msg });
    for (const tonnes of ['0', '-1', '1.0001', 'abc']) expect((await pickup(customer, [{ waitGoodsId: o.rows[0]!, tonnes }])).code).toBe(400);
    expect((await adminEn.post('/api/business/Pickup/NoSpec', { ...head(), category: '螺纹钢', tonnes: '1' })).body.msg).toMatch(/customer organisation|more than is left/);
    expect(await row(o.rows[0]!)).toMatchObject({ reserved: 4500 });
  });

  it('20 parallel pickups on one row never draw more than it holds; a failed line refuses the whole pickup', async () => {
    const g = await makeGoods(db());
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 10000 }, { ...g, kg: 1000 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 600 }])));
    expect(results.filter((r) => r.code === 200)).toHaveLength(16);
    expect(await row(o.rows[0]!)).toMatchObject({ total: 10000, reserved: 9600 });
    // the second line fits, the first does not: nothing is drawn
    expect((await pickup(customer, [{ waitGoodsId: o.rows[1]!, kg: 500 }, { waitGoodsId: o.rows[0]!, kg: 500 }])).code).toBe(400);
    expect(await row(o.rows[1]!)).toMatchObject({ reserved: 0 });
  });

  it('a pickup without specification draws its category oldest first across rows; cancelling gives the draws back', async () => {
    const g = await makeGoods(db(), { category: '热轧卷板' });
    const g2 = await makeGoods(db(), { category: '热轧卷板' });
    const older = await makeOrder(db(), east, customerId, [{ ...g, kg: 3000 }], 0, Date.now() - 2 * DAY);
    const newer = await makeOrder(db(), east, customerId, [{ ...g2, kg: 5000 }], 0, Date.now() - DAY);
    expect((await customer.get('/api/business/WaitGoods/Categories')).body.data).toContainEqual({ category: '热轧卷板', kgLeft: 8000 });
    const r = (await customer.post('/api/business/Pickup/NoSpec', { ...head(), category: '热轧卷板', tonnes: '4' })).body;
    expect(r).toMatchObject({ code: 200, data: { noSpec: 1, category: '热轧卷板', plannedText: '4.000' } });
    expect(r.data.lines.map((l: { waitGoodsId: string; kg: number }) => [l.waitGoodsId, l.kg])).toEqual([[older.rows[0], 3000], [newer.rows[0], 1000]]);
    expect((await customer.post('/api/business/Pickup/NoSpec', { ...head(), category: '热轧卷板', tonnes: '4.001' })).body).toMatchObject({ code: 400, msg: '提货重量超过可提重量' });
    expect((await customer.post(`/api/business/Pickup/${r.data.id}/Cancel`)).body).toMatchObject({ code: 200, data: { status: 3 } });
    expect(await row(older.rows[0]!)).toMatchObject({ reserved: 0 });
    expect(await row(newer.rows[0]!)).toMatchObject({ reserved: 0 });
    expect((await customer.post(`/api/business/Pickup/${r.data.id}/Cancel`)).body.code).toBe(400);
  });

  it("another organisation's rows and pickups are not found; only staff with outbound management confirm", async () => {
    const g = await makeGoods(db(), { stockKg: 10000 });
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 2000 }]);
    const p = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 1000 }])).data;
    expect((await customer2.get('/api/business/WaitGoods?pageSize=500')).body.data.list.some((r: { id: string }) => r.id === o.rows[0])).toBe(false);
    expect((await customer2.get('/api/business/Pickup?pageSize=500')).body.data.list.some((x: { id: string }) => x.id === p.id)).toBe(false);
    expect((await customer2.get(`/api/business/Pickup/${p.id}`)).body.code).toBe(404);
    expect((await customer2.post(`/api/business/Pickup/${p.id}/Cancel`)).body.code).toBe(404);
    expect(await pickup(customer2, [{ waitGoodsId: o.rows[0]!, kg: 100 }])).toMatchObject({ code: 404 });
    expect((await customer2.post('/api/business/Transfer', { waitGoodsId: o.rows[0], receiverId: east, kg: 100 })).body.code).toBe(404);
    expect((await customer.post(`/api/business/Pickup/${p.id}/Confirm`, { lines: [] })).body.code).toBe(403);
    expect((await admin.get('/api/business/Pickup?status=1&pageSize=500')).body.data.list.some((x: { id: string }) => x.id === p.id)).toBe(true);
    expect((await customer2.get('/api/business/Settlement')).body.data.list.every((s: { organizeId: string }) => s.organizeId === south)).toBe(true);
    expect(await row(o.rows[0]!)).toMatchObject({ reserved: 1000 });
  });
});

describe('outbound and settlement', () => {
  it('confirming takes the actual weight out of stock; short stock or a wild weight refuses and changes nothing', async () => {
    const g = await makeGoods(db(), { stockKg: 5000 });
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 6000 }]);
    const p = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 6000 }])).data;
    expect(await confirm(p.id, { [o.rows[0]!]: 6000 })).toMatchObject({ code: 400, msg: '库存不足' });
    expect(await confirm(p.id, { [o.rows[0]!]: 6601 })).toMatchObject({ code: 400, msg: '实际重量必须大于0，且与计划重量相差不超过10%' });
    expect((await admin.post(`/api/business/Pickup/${p.id}/Confirm`, { lines: [] })).body).toMatchObject({ code: 400, msg: '请填写每一行的实际重量' });
    expect((await admin.get(`/api/business/Pickup/${p.id}`)).body.data).toMatchObject({ status: 1, actualText: '' });
    expect(await stockOf(g)).toBe(5000);
    expect((await db().selectFrom('bizOrder').select('status').where('id', '=', o.orderId).executeTakeFirstOrThrow()).status).toBe(2);
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: o.poolAmount });
  });

  it('actual below ordered: the hold pays, the rest of it is released and the unused credit released, exactly', async () => {
    const g = await makeGoods(db(), { stockKg: 20000, price: 400000 });
    // 10 t at 4000 yuan: 40 000 yuan, 39 000 held in the pool and 1 000 on credit
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 10000 }], 100000);
    const before = await accountOf(db(), east);
    const p = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, tonnes: '10' }])).data;
    expect(await confirm(p.id, { [o.rows[0]!]: 9500 })).toMatchObject({ code: 200, msg: '已出库', data: { status: 2, actualText: '9.500' } });
    expect(await stockOf(g)).toBe(10500);
    const s = await db().selectFrom('bizSettlement').selectAll().where('orderId', '=', o.orderId).executeTakeFirstOrThrow();
    expect({ ...s, id: '', createdAt: 0 }).toMatchObject({ orderedAmount: 4000000, actualAmount: 3800000, orderedKg: 10000, actualKg: 9500, deducted: 3800000, released: 100000, charged: 0, creditKept: 0, creditReleased: 100000 });
    const order = await db().selectFrom('bizOrder').selectAll().where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect([Number(order.status), Number(order.settledAmount), order.closedAt !== null]).toEqual([4, 3800000, true]);
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: 0, credit: 0 });
    expect(await accountOf(db(), east)).toMatchObject({ balance: before.balance - 3800000, frozen: before.frozen - 3900000, creditUsed: before.creditUsed - 100000 });
    const listed = (await customer.get('/api/business/Settlement?pageSize=500')).body.data.list.find((x: { orderId: string }) => x.orderId === o.orderId);
    expect(listed).toMatchObject({ orderedKgText: '10.000', actualKgText: '9.500', orderedAmountText: '40,000.00', actualAmountText: '38,000.00', releasedText: '1,000.00', creditReleasedText: '1,000.00', chargedText: '0.00' });
  });

  it('actual equal to ordered settles with nothing given back; an order is settled once, when its last pickup is out', async () => {
    const g = await makeGoods(db(), { stockKg: 20000, price: 333333 });
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 3001 }], 500000);
    const a = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 1000 }])).data;
    const b = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 2001 }])).data;
    expect((await confirm(a.id, {})).code).toBe(200);
    expect(await db().selectFrom('bizSettlement').select('id').where('orderId', '=', o.orderId).executeTakeFirst()).toBeUndefined();
    expect((await confirm(b.id, {})).code).toBe(200);
    const s = await db().selectFrom('bizSettlement').selectAll().where('orderId', '=', o.orderId).execute();
    expect(s).toHaveLength(1);
    // priced per line on the line's whole actual weight (3.001 t), so equal weights give exactly the ordered amount
    expect(o.amount).toBe(1000332);
    expect(s[0]).toMatchObject({ actualAmount: o.amount, deducted: o.poolAmount, released: 0, creditKept: 500000, creditReleased: 0, charged: 0 });
    expect((await confirm(b.id, {})).code).toBe(400);
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: 0, credit: 500000 });
  });

  it('two pickups of one order confirmed at once: the order is settled exactly once', async () => {
    const g1 = await makeGoods(db(), { stockKg: 10000 });
    const g2 = await makeGoods(db(), { stockKg: 10000 });
    for (let round = 0; round < 3; round += 1) {
      const o = await makeOrder(db(), east, customerId, [{ ...g1, kg: 1000 }, { ...g2, kg: 1000 }]);
      const a = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 1000 }])).data;
      const b = (await pickup(customer, [{ waitGoodsId: o.rows[1]!, kg: 1000 }])).data;
      const replies = await Promise.all([confirm(a.id, {}), confirm(b.id, {})]);
      expect(replies.map((r) => r.code)).toEqual([200, 200]);
      expect(await db().selectFrom('bizSettlement').select('actualAmount').where('orderId', '=', o.orderId).execute()).toHaveLength(1);
      expect(await heldBy(o.orderId)).toMatchObject({ frozen: 0 });
    }
  });

  it('actual above ordered: the shortfall is charged to the available balance, else refused with nothing changed', async () => {
    const g = await makeGoods(db(), { stockKg: 20000, price: 400000 });
    const o = await makeOrder(db(), south, customer2Id, [{ ...g, kg: 10000 }]);
    const p = (await pickup(customer2, [{ waitGoodsId: o.rows[0]!, tonnes: '10' }])).data;
    const acc = await accountOf(db(), south);
    const spare = acc.balance - acc.frozen + (acc.creditLimit - acc.creditUsed);
    if (spare > 0) {
      // take away what is spare, so the shortfall cannot be paid
      const { move } = await import('../../server/modules/business/funds');
      await db().transaction().execute(async (trx) => {
        if (acc.balance - acc.frozen > 0) await move(trx, south, { kind: 'charge', amount: acc.balance - acc.frozen, refType: 'test', by: null });
        if (acc.creditLimit - acc.creditUsed > 0) await move(trx, south, { kind: 'creditLimit', amount: acc.creditUsed, refType: 'test', by: null });
      });
    }
    expect(await confirm(p.id, { [o.rows[0]!]: 10500 })).toMatchObject({ code: 400, msg: '实际金额超出订单金额，资金池与信用额度均不足以支付差额' });
    expect(await stockOf(g)).toBe(20000);
    expect((await admin.get(`/api/business/Pickup/${p.id}`)).body.data.status).toBe(1);
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: 4000000 });
    await admin.post('/api/business/CapitalPool/Deposit', { organizeId: south, amount: '2000' });
    expect((await confirm(p.id, { [o.rows[0]!]: 10500 })).code).toBe(200);
    const s = await db().selectFrom('bizSettlement').selectAll().where('orderId', '=', o.orderId).executeTakeFirstOrThrow();
    expect(s).toMatchObject({ actualAmount: 4200000, deducted: 4000000, released: 0, charged: 200000, creditKept: 0 });
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: 0, credit: 0, paid: 4200000 });
    expect(await stockOf(g)).toBe(9500);
  });

  it('a transfer moves undrawn goods to another organisation, which picks them up; the order settles with the transferred weight', async () => {
    const g = await makeGoods(db(), { stockKg: 20000, price: 400000 });
    const o = await makeOrder(db(), east, customerId, [{ ...g, kg: 5000 }], 0);
    const receivers = (await customer.get('/api/business/Transfer/Receivers')).body.data;
    expect(receivers.map((r: { id: string }) => r.id)).toEqual([south]);
    expect((await customer.post('/api/business/Transfer', { waitGoodsId: o.rows[0], receiverId: east, tonnes: '1' })).body).toMatchObject({ code: 400, msg: '不能货转给本组织' });
    const p = (await pickup(customer, [{ waitGoodsId: o.rows[0]!, kg: 3000 }])).data;
    expect((await customer.post('/api/business/Transfer', { waitGoodsId: o.rows[0], receiverId: south, tonnes: '2.001' })).body).toMatchObject({ code: 400, msg: '货转重量超过未提重量' });
    const t = (await customer.post('/api/business/Transfer', { waitGoodsId: o.rows[0], receiverId: south, tonnes: '2' })).body;
    expect(t).toMatchObject({ code: 200, msg: '货转已完成', data: { direction: 'sent', receiverId: south, tonnesText: '2.000' } });
    expect(await row(o.rows[0]!)).toEqual({ total: 3000, reserved: 3000, transferred: 2000 });
    expect((await customer2.get('/api/business/Transfer')).body.data.list[0]).toMatchObject({ id: t.data.id, direction: 'received', senderId: east });
    const theirs = (await customer2.get('/api/business/WaitGoods?pageSize=500')).body.data.list.find((r: { id: string }) => r.id === t.data.id);
    expect(theirs).toMatchObject({ leftText: '2.000', orderNo: expect.any(String) });
    const q = (await pickup(customer2, [{ waitGoodsId: t.data.id, tonnes: '2' }])).data;
    expect((await confirm(p.id, {})).code).toBe(200);
    expect(await db().selectFrom('bizSettlement').select('id').where('orderId', '=', o.orderId).executeTakeFirst()).toBeUndefined();
    const southBefore = await accountOf(db(), south);
    expect((await confirm(q.id, { [t.data.id]: 2100 })).code).toBe(200);
    // 3 t out for the sender, 2.1 t for the receiver: the sender's order pays 5.1 t; the receiver nothing
    const s = await db().selectFrom('bizSettlement').selectAll().where('orderId', '=', o.orderId).executeTakeFirstOrThrow();
    expect(s).toMatchObject({ organizeId: east, actualKg: 5100, actualAmount: 2040000, deducted: 2000000, charged: 40000 });
    expect(await accountOf(db(), south)).toEqual(southBefore);
    expect(await heldBy(o.orderId)).toMatchObject({ frozen: 0 });

    // the order's whole story (/info): its own organisation sees its pickup and what went to whom, never the receiver's pickup
    const trace = (await customer.get(`/api/business/Order/${o.orderId}/Trace`)).body.data;
    expect(trace.pickups.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(trace.pickups[0]).toMatchObject({ status: 2, lines: [{ tonnes: '3.000', actualTonnes: '3.000' }] });
    expect(trace.transfers).toEqual([expect.objectContaining({ tonnes: '2.000', toName: '华南客户公司' })]);
    expect(trace.settlement).toMatchObject({ actualTonnes: '5.100', actualText: '20,400.00', chargedText: '400.00' });
    expect(trace.ledger.map((l: { kind: string }) => l.kind)).toEqual(['freeze', 'deduct', 'charge']);
    expect((await customer2.get(`/api/business/Order/${o.orderId}/Trace`)).body.code).toBe(404);
    expect((await admin.get(`/api/business/Order/${o.orderId}/Trace`)).body.data.pickups.map((x: { id: string }) => x.id)).toEqual([p.id, q.id]);
  });
});
