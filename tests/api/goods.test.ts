import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { changeStock, stockMismatches } from '../../server/modules/business/stock';
import { ledgerMismatches } from '../../server/modules/business/funds';
import { crosses } from '../../server/modules/business/goods';
import { formatKg, parseTonnes } from '../../src/runtime/weight';

/**
 * Goods, prices with history, price alerts and inventory (issue 15 items 1 and 6): staff with
 * business.goods:manage write, everyone signed in reads enabled goods; a price writes its history
 * and the latest price together; an alert fires once when crossed and the user reads the message;
 * stock never goes below zero, also with 10 changes at once. SQLite and PostgreSQL.
 */
let server: TestServer;
let staff: ReturnType<typeof client>;
let staffEn: ReturnType<typeof client>;
let customer: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
let clerk: ReturnType<typeof client>;
let warehouse: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const staffToken = await tokenFor(db, 'staff');
  staff = client(server.url, staffToken);
  staffEn = client(server.url, staffToken, 'en');
  customer = client(server.url, await tokenFor(db, 'customer'));
  customer2 = client(server.url, await tokenFor(db, 'customer2'));
  clerk = client(server.url, (await makeUser(db, 'goodsClerk')).token);
  warehouse = (await staff.post('/api/business/Warehouse', { fullName: '测试一号仓', address: '上海' })).body.data.id;
});
afterEach(async () => {
  expect(await stockMismatches(server.database.db)).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

const addGood = async (fullName: string, extra: Record<string, unknown> = {}) => {
  const reply = await staff.post('/api/business/Goods', { category: '螺纹钢', fullName, material: 'HRB400E', spec: 'Φ20', warehouseId: warehouse, ...extra });
  expect(reply.body.code).toBe(200);
  return reply.body.data.id as string;
};

describe('weights in kg', () => {
  it('parses tonnes as text and prints three decimals', () => {
    expect(parseTonnes('12.345')).toBe(12345);
    expect(parseTonnes('1,200')).toBe(1200000);
    expect(parseTonnes(0.5)).toBe(500);
    expect(parseTonnes('1.2345')).toBeNull();
    expect(parseTonnes('abc')).toBeNull();
    expect(formatKg(12345)).toBe('12.345');
    expect(formatKg(1234567890)).toBe('1,234,567.890');
    expect(formatKg(-5)).toBe('-0.005');
  });
  it('an alert crosses only from the other side', () => {
    expect(crosses('above', 100, 90, 100)).toBe(true);
    expect(crosses('above', 100, 100, 110)).toBe(false);
    expect(crosses('below', 100, 110, 90)).toBe(true);
    expect(crosses('below', 100, null, 90)).toBe(true);
  });
});

describe('goods', () => {
  it('staff add, change, disable goods; customers read enabled ones only and cannot write', async () => {
    const id = await addGood('螺纹钢 测试A', { newPrice: '3,650.5' });
    expect((await customer.get(`/api/business/Goods/${id}`)).body.data).toMatchObject({ fullName: '螺纹钢 测试A', price: 365050, priceText: '3,650.50', unit: '吨', warehouseName: '测试一号仓' });
    expect((await staff.put(`/api/business/Goods/${id}`, { category: '线材', fullName: '线材 测试A', warehouseId: warehouse, material: null, spec: 'Φ8' })).body.code).toBe(200);
    const list = (await customer.get('/api/business/Goods?keyword=%E6%B5%8B%E8%AF%95A&category=%E7%BA%BF%E6%9D%90')).body.data;
    expect(list.list.map((g: { fullName: string }) => g.fullName)).toEqual(['线材 测试A']);
    expect(list.pagination.total).toBe(1);
    expect((await staff.get(`/api/business/Goods?warehouseId=${warehouse}&pageSize=1`)).body.data.list).toHaveLength(1);

    expect((await staff.put(`/api/business/Goods/${id}/Actions/State`)).body.data.enabledMark).toBe(0);
    expect((await customer.get(`/api/business/Goods/${id}`)).body.code).toBe(404);
    expect((await customer.get('/api/business/Goods?keyword=%E6%B5%8B%E8%AF%95A')).body.data.list).toHaveLength(0);
    expect((await staff.get(`/api/business/Goods/${id}`)).body.data.enabledMark).toBe(0);
    await staff.put(`/api/business/Goods/${id}/Actions/State`);

    for (const c of [customer, clerk]) {
      expect((await c.post('/api/business/Goods', { category: '螺纹钢', fullName: 'x', warehouseId: warehouse })).body.code).toBe(403);
      expect((await c.put(`/api/business/Goods/${id}`, { category: '螺纹钢', fullName: 'x', warehouseId: warehouse })).body.code).toBe(403);
      expect((await c.post(`/api/business/Goods/${id}/Price`, { price: '1' })).body.code).toBe(403);
      expect((await c.post('/api/business/Warehouse', { fullName: 'x' })).body.code).toBe(403);
      expect((await c.post('/api/business/Stock/Receipt', { warehouseId: warehouse, goodsId: id, tonnes: '1' })).body.code).toBe(403);
    }
    expect((await customer.get('/api/business/Warehouse')).body.data.list.map((w: { fullName: string }) => w.fullName)).toContain('测试一号仓');
  });

  it('a price writes its history and the latest price; bad input is refused in the caller\'s language and writes nothing', async () => {
    const id = await addGood('热卷 测试B', { category: '热轧卷板' });
    expect((await customer.get(`/api/business/Goods/${id}`)).body.data.price).toBeNull();
    for (const price of ['3800', '3,812.5', '3790.00']) expect((await staff.post(`/api/business/Goods/${id}/Price`, { price })).body).toMatchObject({ code: 200, msg: '价格已设置' });
    const history = (await customer.get(`/api/business/Goods/${id}/Price`)).body.data.list;
    expect(history.map((p: { price: number }) => p.price)).toEqual([380000, 381250, 379000]);
    const monitor = (await customer.get('/api/business/Price/Monitor')).body.data.list.find((g: { id: string }) => g.id === id);
    expect(monitor).toMatchObject({ price: 379000, previous: 381250, change: -2250, changeText: '-22.50', changePercent: -0.59, changePercentText: '-0.59%', unit: '吨' });

    for (const price of ['0', '-1', '1.234', 'abc', '']) expect((await staff.post(`/api/business/Goods/${id}/Price`, { price })).body).toMatchObject({ code: 400, msg: '价格必须为大于0、最多两位小数的金额（元/吨）' });
    expect((await staffEn.post(`/api/business/Goods/${id}/Price`, { price: '1e5' })).body.msg).toBe('The price must be an amount above 0 with at most two decimals (yuan per tonne)');
    // a good refused for its price is not added either
    expect((await staffEn.post('/api/business/Goods', { category: '螺纹钢', fullName: '不应存在', warehouseId: warehouse, newPrice: '-3' })).body.code).toBe(400);
    expect((await staff.post('/api/business/Goods', { category: ' ', fullName: '不应存在', warehouseId: warehouse })).body.msg).toBe('请填写品类');
    expect((await staff.get('/api/business/Goods?keyword=%E4%B8%8D%E5%BA%94')).body.data.pagination.total).toBe(0);
    expect((await staff.post('/api/business/Goods/none/Price', { price: '10' })).body.code).toBe(404);
    expect((await customer.get(`/api/business/Goods/${id}/Price`)).body.data.list).toHaveLength(3);
  });

  it('an alert fires once when a price crosses it, and the user reads the message', async () => {
    const id = await addGood('冷轧 测试C', { category: '冷轧卷板', newPrice: '4300' });
    const above = (await customer.post('/api/business/PriceAlert', { goodsId: id, direction: 'above', threshold: '4400' })).body;
    expect(above).toMatchObject({ code: 200, msg: '价格提醒已设置' });
    expect((await customer.post('/api/business/PriceAlert', { goodsId: id, direction: 'below', threshold: 'x' })).body.code).toBe(400);
    const below = (await customer2.post('/api/business/PriceAlert', { goodsId: id, direction: 'below', threshold: '4000' })).body.data.id;
    // only its owner removes an alert
    expect((await customer.del(`/api/business/PriceAlert/${below}`)).body.code).toBe(404);

    const systemMessages = async (c: typeof customer) => (await c.get('/api/message?type=3')).body.data.list.filter((m: { title: string }) => m.title.includes('冷轧 测试C'));
    await staff.post(`/api/business/Goods/${id}/Price`, { price: '4399.99' });
    expect(await systemMessages(customer)).toHaveLength(0);
    await staff.post(`/api/business/Goods/${id}/Price`, { price: '4400' });
    await staff.post(`/api/business/Goods/${id}/Price`, { price: '4300' });
    await staff.post(`/api/business/Goods/${id}/Price`, { price: '4500' });
    const got = await systemMessages(customer);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: '价格提醒：冷轧 测试C 已涨至 4,400.00 元/吨', type: 3 });
    const detail = (await customer.get(`/api/message/ReadInfo/${got[0].id}`)).body.data;
    expect(detail.bodyText).toContain('4,400.00');
    const mine = (await customer.get('/api/business/PriceAlert')).body.data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ goodsId: id, direction: 'above', threshold: 440000, enabledMark: 0 });
    expect(mine[0].firedAt).toBeGreaterThan(0);
    expect(await systemMessages(customer2)).toHaveLength(0);
    expect((await customer2.get('/api/business/PriceAlert')).body.data.list[0]).toMatchObject({ enabledMark: 1, firedAt: null });

    // set again: re-armed (one per good and direction), fires again
    await customer.post('/api/business/PriceAlert', { goodsId: id, direction: 'above', threshold: '4600' });
    expect((await customer.get('/api/business/PriceAlert')).body.data.list).toHaveLength(1);
    await staff.post(`/api/business/Goods/${id}/Price`, { price: '4650' });
    expect(await systemMessages(customer)).toHaveLength(2);
    expect((await customer2.del(`/api/business/PriceAlert/${below}`)).body).toMatchObject({ code: 200 });
    expect((await customer2.get('/api/business/PriceAlert')).body.data.list).toHaveLength(0);
  });
});

describe('inventory', () => {
  it('staff record receipts; everyone reads stock and its ledger', async () => {
    const id = await addGood('线材 测试D', { category: '线材' });
    expect((await staff.post('/api/business/Stock/Receipt', { warehouseId: warehouse, goodsId: id, tonnes: '12.345', note: '到货' })).body).toMatchObject({ code: 200, msg: '入库已登记', data: { kg: 12345, tonnesText: '12.345' } });
    expect((await staff.post('/api/business/Stock/Receipt', { warehouseId: warehouse, goodsId: id, kg: 655 })).body.data.tonnesText).toBe('13.000');
    for (const tonnes of ['0', '-1', '1.2345', 'x']) expect((await staff.post('/api/business/Stock/Receipt', { warehouseId: warehouse, goodsId: id, tonnes })).body).toMatchObject({ code: 400, msg: '重量必须为大于0、最多三位小数的吨数' });
    expect((await staff.post('/api/business/Stock/Receipt', { warehouseId: 'none', goodsId: id, tonnes: '1' })).body.code).toBe(400);
    const stock = (await customer.get(`/api/business/Stock?goodsId=${id}`)).body.data.list;
    expect(stock).toHaveLength(1);
    expect(stock[0]).toMatchObject({ warehouseName: '测试一号仓', goodsName: '线材 测试D', kg: 13000, tonnesText: '13.000' });
    const ledger = (await customer.get(`/api/business/Stock/${stock[0].id}/Ledger`)).body.data.list;
    expect(ledger.map((r: { kgDelta: number }) => r.kgDelta)).toEqual([655, 12345]);
    expect(ledger[1]).toMatchObject({ kind: 'receipt', deltaText: '+12.345', afterText: '12.345', note: '到货' });
  });

  it('10 parallel outbound changes never take stock below zero', async () => {
    const db = server.database.db;
    const id = await addGood('螺纹钢 测试E');
    await staff.post('/api/business/Stock/Receipt', { warehouseId: warehouse, goodsId: id, tonnes: '10' });
    // each takes 3 t: 10 t holds 3 of them
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => db.transaction().execute((trx) => changeStock(trx, { warehouseId: warehouse, goodsId: id, kind: 'outbound', kgDelta: -3000, refType: 'test', refId: `o${i}`, by: null }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const stock = (await staff.get(`/api/business/Stock?goodsId=${id}`)).body.data.list[0];
    expect(stock.kg).toBe(1000);
    expect((await staff.get(`/api/business/Stock/${stock.id}/Ledger`)).body.data.pagination.total).toBe(4);
  });
});

describe('the ordering demo', () => {
  it('seeds warehouses, goods with 30 days of prices, stock and the customers\' money', async () => {
    const demo = await startTestServer({ businessDemo: true });
    try {
      const db = demo.database.db;
      const c = client(demo.url, await tokenFor(db, 'customer'));
      const monitor = (await c.get('/api/business/Price/Monitor')).body.data.list;
      expect(monitor.length).toBe(6);
      expect(new Set(monitor.map((g: { category: string }) => g.category))).toEqual(new Set(['螺纹钢', '热轧卷板', '冷轧卷板', '线材']));
      expect((await c.get(`/api/business/Goods/${monitor[0].id}/Price`)).body.data.list).toHaveLength(30);
      expect((await c.get('/api/business/Stock')).body.data.pagination.total).toBe(6);
      expect((await c.get('/api/business/CapitalPool')).body.data).toMatchObject({ balance: 50_000_000, creditLimit: 20_000_000 });
      expect(await stockMismatches(db)).toEqual([]);
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
