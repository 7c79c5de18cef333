import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { singleUpload } from './upload-client';
import { newId } from '../../server/db/ids';
import { accountOf, ledgerMismatches, move } from '../../server/modules/business/funds';
import { formatKg, parseTonnes, validTaxNo } from '../../server/modules/business/orders';

/**
 * Orders and invoices (issue 15 items 4 and 8; docs/BUSINESS.md): placed at the server's price,
 * paid from the pool, credit or both in the order's transaction; cancelled or confirmed once;
 * never overspending, also 20 at once; another organisation's order is not found. Invoices stay
 * within the settled amount, also in parallel. After every test each account equals its ledger.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let customerEn: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
/** a staff member without business.orders:manage */
let clerk: ReturnType<typeof client>;
let east: string;
let south: string;
const goods: Record<string, string> = {};

const db = () => server.database.db;
const fund = (org: string, deposit: number, limit = 0) => db().transaction().execute(async (trx) => {
  await accountOf(trx, org);
  if (deposit) await move(trx, org, { kind: 'deposit', amount: deposit, by: null });
  if (limit) await move(trx, org, { kind: 'creditLimit', amount: limit, by: null });
});
const counts = async () => ({
  orders: Number((await db().selectFrom('bizOrder').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n),
  ledger: Number((await db().selectFrom('bizLedger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n),
});

beforeAll(async () => {
  server = await startTestServer();
  const token = await tokenFor(db(), 'admin');
  admin = client(server.url, token);
  customer = client(server.url, await tokenFor(db(), 'customer'));
  customerEn = client(server.url, await tokenFor(db(), 'customer'), 'en');
  customer2 = client(server.url, await tokenFor(db(), 'customer2'));
  clerk = client(server.url, (await makeUser(db(), 'clerk')).token);
  east = (await customer.get('/api/business/CapitalPool')).body.data.organizeId;
  south = (await customer2.get('/api/business/CapitalPool')).body.data.organizeId;
  const now = Date.now();
  const warehouse = newId();
  await db().insertInto('bizWarehouse').values({ id: warehouse, fullName: '上海一号库', address: null, sortCode: 0, enabledMark: 1, createdAt: now }).execute();
  // prices in fen per tonne: 螺纹钢 3,800.00/t, 卷板 4,123.45/t; one without a price, one disabled
  for (const [key, name, price, enabled] of [['rebar', '螺纹钢', 380000, 1], ['coil', '热轧卷板', 412345, 1], ['unpriced', '冷轧板', null, 1], ['off', '线材', 300000, 0]] as const) {
    goods[key] = newId();
    await db().insertInto('bizGoods').values({ id: goods[key], category: name, fullName: name, material: 'HRB400', spec: 'Φ20', unit: '吨', warehouseId: warehouse, price, priceAt: price ? now : null, enabledMark: enabled, createdBy: null, createdAt: now, updatedAt: null }).execute();
  }
});
afterEach(async () => {
  expect(await ledgerMismatches(db())).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

describe('placing orders', () => {
  it('reads tonnes as text to kilograms', () => {
    expect(parseTonnes('2.5')).toBe(2500);
    expect(parseTonnes('1,200.125')).toBe(1_200_125);
    expect(parseTonnes(0.001)).toBe(1);
    for (const bad of ['1.0001', '-1', 'abc', '', '1e3', null]) expect(parseTonnes(bad)).toBeNull();
    expect(formatKg(2500)).toBe('2.500');
  });

  it('pays from the pool first, then credit; explicit credit; both; amounts at the server price', async () => {
    await fund(east, 1_000_000, 500_000); // 10,000 yuan pool, 5,000 credit
    // 2.5 t × 3,800 = 9,500.00 from the pool
    const a = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '2.5' }], note: '首单' })).body;
    expect(a).toMatchObject({ code: 200, data: { status: 1, amount: 950_000, poolAmount: 950_000, creditAmount: 0, amountText: '9,500.00' } });
    expect(a.data.orderNo).toMatch(/^DD\d{8}\d{4}$/);
    // 1.001 t × 4,123.45 = 4,127.57 (half up): 500 from the pool, the rest on credit
    const b = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.coil, tonnes: '1.001' }] })).body;
    expect(b.data).toMatchObject({ amount: 412_757, poolAmount: 50_000, creditAmount: 362_757 });
    expect(await accountOf(db(), east)).toMatchObject({ balance: 1_000_000, frozen: 1_000_000, creditUsed: 362_757 });
    // credit only, by saying so
    await fund(east, 100_000);
    const c = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: 0.1 }], creditAmount: '380' })).body;
    expect(c.data).toMatchObject({ amount: 38_000, poolAmount: 0, creditAmount: 38_000 });
    const info = (await customer.get(`/api/business/Order/${b.data.id}`)).body.data;
    expect(info.lines).toEqual([expect.objectContaining({ goodsName: '热轧卷板', tonnes: '1.001', priceText: '4,123.45', amountText: '4,127.57' })]);
    const ledger = await db().selectFrom('bizLedger').select(['kind', 'refType', 'refId']).where('refId', '=', b.data.id).orderBy('createdAt').execute();
    expect(ledger.map((l) => [l.kind, l.refType]).sort()).toEqual([['creditUse', 'order'], ['freeze', 'order']]);
  });

  it('refuses what cannot be paid, unpriced or disabled goods and bad weights, writing nothing', async () => {
    const before = await counts();
    const account = await accountOf(db(), east);
    const huge = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '10000' }] })).body;
    expect(huge).toMatchObject({ code: 400, msg: '信用额度不足' });
    expect((await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '1' }], creditAmount: '0' })).body.msg).toBe('资金池可用余额不足');
    expect((await customer.post('/api/business/Order', { lines: [{ goodsId: goods.unpriced, tonnes: '1' }] })).body.msg).toBe('商品“冷轧板”尚未定价，暂不能下单');
    expect((await customerEn.post('/api/business/Order', { lines: [{ goodsId: goods.off, tonnes: '1' }] })).body.msg).toBe('The item does not exist or is disabled');
    for (const tonnes of ['0', '-1', '1.0001', 'abc', '', '100001']) expect((await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes }] })).body.code).toBe(400);
    expect((await customer.post('/api/business/Order', { lines: [] })).body.code).toBe(400);
    expect((await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.001' }, { goodsId: goods.rebar, tonnes: '1' }] })).body.code).toBe(400);
    expect((await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.001' }], creditAmount: '99999' })).body.code).toBe(400);
    expect((await customer.post('/api/business/Order', { lines: Array.from({ length: 51 }, () => ({ goodsId: goods.rebar, tonnes: '1' })) })).body.code).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await accountOf(db(), east)).toEqual(account);
    // the number of a refused order is given back: the next one counts on from the last placed
    const last = await db().selectFrom('bizOrder').select('orderNo').orderBy('orderNo', 'desc').executeTakeFirstOrThrow();
    const next = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.001' }] })).body.data;
    expect(Number(next.orderNo.slice(-4))).toBe(Number(last.orderNo.slice(-4)) + 1);
  });

  it('a disabled OrderNumber rule refuses the order with its message and nothing is written', async () => {
    await db().updateTable('baseBillRule').set({ enabledMark: 0 }).where('enCode', '=', 'OrderNumber').execute();
    const before = await counts();
    const reply = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.001' }] })).body;
    await db().updateTable('baseBillRule').set({ enabledMark: 1 }).where('enCode', '=', 'OrderNumber').execute();
    expect(reply.code).toBe(400);
    expect(reply.msg).toContain('OrderNumber');
    expect(await counts()).toEqual(before);
  });
});

describe('cancel and confirm', () => {
  it('cancel releases exactly the hold and the credit; confirm fills the pool awaiting pickup; neither twice', async () => {
    await fund(east, 1_000_000);
    const before = await accountOf(db(), east);
    const o = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.5' }, { goodsId: goods.coil, tonnes: '0.25' }], creditAmount: '100' })).body.data;
    expect((await customer.post(`/api/business/Order/${o.id}/Cancel`)).body).toMatchObject({ code: 200, data: { status: 3 } });
    expect(await accountOf(db(), east)).toMatchObject({ frozen: before.frozen, creditUsed: before.creditUsed, balance: before.balance });
    expect((await customer.post(`/api/business/Order/${o.id}/Cancel`)).body.code).toBe(400);
    expect((await admin.post(`/api/business/Order/${o.id}/Confirm`)).body.code).toBe(400);

    const p = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.5' }, { goodsId: goods.coil, tonnes: '0.25' }] })).body.data;
    expect((await customer.post(`/api/business/Order/${p.id}/Confirm`)).body.code).toBe(403);
    expect((await clerk.post(`/api/business/Order/${p.id}/Confirm`)).body.code).toBe(403);
    expect((await admin.post(`/api/business/Order/${p.id}/Confirm`)).body).toMatchObject({ code: 200, data: { status: 2 } });
    const pool = await db().selectFrom('bizWaitGoods').innerJoin('bizOrderLine', 'bizOrderLine.id', 'bizWaitGoods.orderLineId').select(['bizWaitGoods.organizeId', 'bizWaitGoods.goodsId', 'bizWaitGoods.kgTotal', 'bizWaitGoods.kgReserved']).where('bizOrderLine.orderId', '=', p.id).execute();
    expect(pool.map((r) => [r.organizeId, r.goodsId, Number(r.kgTotal), Number(r.kgReserved)]).sort()).toEqual([[east, goods.rebar, 500, 0], [east, goods.coil, 250, 0]].sort());
    expect((await customer.post(`/api/business/Order/${p.id}/Cancel`)).body).toMatchObject({ code: 400, msg: '只有待确认的订单可以取消或确认' });
    // the organisation's users get an in-site message; the other organisation's do not
    const told = await db().selectFrom('baseMessage').innerJoin('baseMessageReceive', 'baseMessageReceive.messageId', 'baseMessage.id').innerJoin('baseUser', 'baseUser.id', 'baseMessageReceive.userId')
      .select('baseUser.account').where('baseMessage.title', 'like', `%${p.orderNo}%`).execute();
    expect(told.map((r) => r.account)).toEqual(['customer']);
    expect((await admin.post(`/api/business/Order/${p.id}/Confirm`)).body.code).toBe(400);
  });

  it('a parallel confirm and cancel: exactly one happens', async () => {
    const o = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.2' }] })).body.data;
    const [c, k] = await Promise.all([admin.post(`/api/business/Order/${o.id}/Confirm`), customer.post(`/api/business/Order/${o.id}/Cancel`)]);
    expect([c.body.code, k.body.code].sort()).toEqual([200, 400]);
    const rows = await db().selectFrom('bizWaitGoods').innerJoin('bizOrderLine', 'bizOrderLine.id', 'bizWaitGoods.orderLineId').select('bizWaitGoods.id').where('bizOrderLine.orderId', '=', o.id).execute();
    expect(rows).toHaveLength(c.body.code === 200 ? 1 : 0);
  });

  it('20 parallel orders against one pool never overspend', async () => {
    await fund(south, 1_000_000); // 10,000 yuan, no credit: 1 t of rebar (3,800) fits twice
    const replies = await Promise.all(Array.from({ length: 20 }, () => customer2.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '1' }] })));
    const placed = replies.filter((r) => r.body.code === 200);
    expect(placed).toHaveLength(2);
    expect(replies.filter((r) => r.body.code !== 200).every((r) => r.body.msg === '信用额度不足')).toBe(true);
    const orders = await db().selectFrom('bizOrder').select(['amount', 'orderNo']).where('organizeId', '=', south).execute();
    expect(orders).toHaveLength(2);
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(2);
    expect(await accountOf(db(), south)).toMatchObject({ balance: 1_000_000, frozen: 760_000, creditUsed: 0 });
  });
});

describe('who sees what', () => {
  it("another organisation's order is not found, not listed, not cancellable; staff see all with the organisation", async () => {
    const mine = (await customer.get('/api/business/Order?pageSize=100')).body.data;
    const theirs = (await customer2.get('/api/business/Order?pageSize=100')).body.data;
    expect(mine.list.every((o: { organizeId: string }) => o.organizeId === east)).toBe(true);
    expect(theirs.list.every((o: { organizeId: string }) => o.organizeId === south)).toBe(true);
    const target = mine.list.find((o: { status: number }) => o.status === 1);
    expect((await customer2.get(`/api/business/Order/${target.id}`)).body.code).toBe(404);
    expect((await customer2.post(`/api/business/Order/${target.id}/Cancel`)).body.code).toBe(404);
    expect((await customer2.get(`/api/business/Order?keyword=${target.orderNo}`)).body.data.list).toHaveLength(0);
    const all = (await admin.get('/api/business/Order?pageSize=100')).body.data;
    expect(all.pagination.total).toBe(mine.pagination.total + theirs.pagination.total);
    expect(all.list.find((o: { id: string }) => o.id === target.id)).toMatchObject({ organizeName: '华东客户公司' });
    expect((await customer.get(`/api/business/Order?keyword=${target.orderNo}`)).body.data.list).toHaveLength(1);
    expect((await customer.get('/api/business/Order?status=3')).body.data.list.every((o: { status: number }) => o.status === 3)).toBe(true);
    expect((await customer.get(`/api/business/Order?startTime=${Date.now() + 60_000}`)).body.data.list).toHaveLength(0);
    // a date range search sends "start,end"
    expect((await customer.get(`/api/business/Order?createdAt=0,${Date.now() + 60_000}&pageSize=100`)).body.data.list).toHaveLength(mine.list.length);
    expect((await customer.get(`/api/business/Order?createdAt=0,1`)).body.data.list).toHaveLength(0);
    // staff cancel any placed order
    expect((await admin.post(`/api/business/Order/${target.id}/Cancel`)).body.code).toBe(200);
    const cart = (await customer.get('/api/business/Order/Goods')).body.data as { id: string }[];
    expect(cart.map((g) => g.id).sort()).toEqual([goods.rebar, goods.coil].sort());
  });
});

describe('invoices', () => {
  let order: string;
  beforeAll(async () => {
    const o = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.1' }] })).body.data;
    order = o.id;
    // what settlement (the pickup module) does: status 4 with the actual amount, 300.00 yuan
    await db().updateTable('bizOrder').set({ status: 4, settledAmount: 30_000 }).where('id', '=', order).execute();
  });

  it('validates tax numbers', () => {
    expect(validTaxNo('91310000MA1FL0000X')).toBe(true);
    expect(validTaxNo('310101123456789')).toBe(true);
    expect(validTaxNo('31010112345678901234')).toBe(true);
    expect(validTaxNo('9131000')).toBe(false);
    expect(validTaxNo('91310000MA1FL0000-')).toBe(false);
  });

  it('requests stay within the settled amount; reject frees the amount; staff issue', async () => {
    const body = { orderId: order, title: '华东客户公司', taxNo: '91310000ma1fl0000x', amount: '200' };
    const a = (await customer.post('/api/business/Invoice', body)).body;
    expect(a).toMatchObject({ code: 200, data: { status: 1, amount: 20_000, taxNo: '91310000MA1FL0000X' } });
    expect(a.data.invoiceNo).toMatch(/^FP\d{12}$/);
    expect((await customer.post('/api/business/Invoice', { ...body, amount: '100.01' })).body).toMatchObject({ code: 400, msg: '开票金额超过可开票金额（结算金额减去已申请金额）' });
    expect((await customer.post('/api/business/Invoice', { ...body, taxNo: '123' })).body.code).toBe(400);
    expect((await customer2.post('/api/business/Invoice', { ...body, amount: '1' })).body.code).toBe(404);
    expect((await customer.get('/api/business/Invoice/Orders')).body.data).toEqual([expect.objectContaining({ id: order, remainingText: '100.00' })]);
    expect((await customer.post(`/api/business/Invoice/${a.data.id}/Reject`, { reason: '抬头有误' })).body.code).toBe(403);
    expect((await admin.post(`/api/business/Invoice/${a.data.id}/Reject`, { reason: ' ' })).body.code).toBe(400);
    expect((await admin.post(`/api/business/Invoice/${a.data.id}/Reject`, { reason: '抬头有误' })).body.code).toBe(200);
    expect((await admin.post(`/api/business/Invoice/${a.data.id}/Issue`, {})).body.code).toBe(400);
    const again = (await customer.post('/api/business/Invoice', { ...body, amount: '300' })).body;
    expect(again.code).toBe(200);
    // the file must be a stored upload the issuer may read: not a made-up one, not the customer's own
    expect((await admin.post(`/api/business/Invoice/${again.data.id}/Issue`, { file: { name: 'fp.pdf', url: '/api/file/x' } })).body.code).toBe(400);
    const pdf = new TextEncoder().encode('%PDF-1.4\n% invoice\n');
    const staffToken = await tokenFor(db(), 'staff');
    const staffApi = client(server.url, staffToken);
    const theirs = (await singleUpload(server.url, await tokenFor(db(), 'customer'), pdf, '自己的.pdf')).data;
    expect((await staffApi.post(`/api/business/Invoice/${again.data.id}/Issue`, { file: [theirs] })).body.code).toBe(400);
    const upload = (await singleUpload(server.url, staffToken, pdf, '发票.pdf')).data;
    expect((await customer.get(`/api/file/Download/annex/${upload.fileId}`)).status).toBe(404);
    expect((await staffApi.post(`/api/business/Invoice/${again.data.id}/Issue`, { file: [upload] })).body.code).toBe(200);
    const list = (await customer.get('/api/business/Invoice')).body.data.list;
    expect(list.map((i: { status: number }) => i.status)).toEqual([2, 3]);
    expect(list[1]).toMatchObject({ reason: '抬头有误' });
    expect(list[0]).toMatchObject({ fileNames: '发票.pdf', file: [expect.objectContaining({ fileId: upload.fileId, name: '发票.pdf' })] });
    // the invoice's organisation downloads the file; the other organisation does not
    expect((await customer.get(`/api/file/Download/annex/${upload.fileId}`)).body).toMatchObject({ code: 200, data: { name: '发票.pdf' } });
    expect((await customer2.get(`/api/file/Download/annex/${upload.fileId}`)).status).toBe(404);
    expect((await customer2.get('/api/business/Invoice')).body.data.list).toHaveLength(0);
    expect((await admin.get('/api/business/Invoice')).body.data.list[0]).toMatchObject({ organizeName: '华东客户公司' });
  });

  it('parallel requests never exceed the settled amount; an unsettled order cannot be invoiced', async () => {
    const o = (await customer.post('/api/business/Order', { lines: [{ goodsId: goods.rebar, tonnes: '0.1' }] })).body.data;
    expect((await customer.post('/api/business/Invoice', { orderId: o.id, title: 'x', taxNo: '310101123456789', amount: '1' })).body).toMatchObject({ code: 400, msg: '只有已结算的订单可以申请开票' });
    await db().updateTable('bizOrder').set({ status: 4, settledAmount: 100_000 }).where('id', '=', o.id).execute();
    const replies = await Promise.all(Array.from({ length: 10 }, () => customer.post('/api/business/Invoice', { orderId: o.id, title: 'x', taxNo: '310101123456789', amount: '300' })));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(3);
    const row = await db().selectFrom('bizOrder').select('invoicedAmount').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(Number(row.invoicedAmount)).toBe(90_000);
  });
});
