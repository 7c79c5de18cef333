import type { Db } from '../../server/db';
import { newId } from '../../server/db/ids';
import { accountOf, move } from '../../server/modules/business/funds';
import { companyOf } from '../../server/auth/org-tree';
import { amountOf, changeStock } from '../../server/modules/business/stock';

/**
 * Builds the ordering state the pickup tests start from, straight in the database, exactly as the
 * goods and orders modules would leave it: a warehouse and goods with stock (a receipt), and a
 * confirmed order (status 2) whose money is held (deposit, freeze the pool part, credit for the
 * rest, refType 'order') with one pool row per line.
 */
export async function makeGoods(db: Db, o: { category?: string; name?: string; price?: number; stockKg?: number } = {}) {
  const now = Date.now();
  const warehouseId = newId();
  await db.insertInto('bizWarehouse').values({ id: warehouseId, fullName: `仓库${warehouseId.slice(-4)}`, address: null, sortCode: 0, enabledMark: 1, createdAt: now }).execute();
  const goodsId = newId();
  await db.insertInto('bizGoods').values({
    id: goodsId, category: o.category ?? '螺纹钢', fullName: o.name ?? `螺纹钢HRB400-${goodsId.slice(-4)}`, material: 'HRB400', spec: 'Φ16', unit: '吨', warehouseId,
    price: o.price ?? 400000, priceAt: now, enabledMark: 1, createdBy: null, createdAt: now, updatedAt: null,
  }).execute();
  if (o.stockKg) await changeStock(db, { warehouseId, goodsId, kind: 'receipt', kgDelta: o.stockKg, refType: 'test', by: null });
  return { warehouseId, goodsId, price: o.price ?? 400000 };
}

export interface OrderLineSpec { goodsId: string; warehouseId: string; kg: number; price: number }

/** A confirmed order of `organizeId`; `creditAmount` fen of it on credit, the rest held in the pool. Returns the order and its pool rows (one per line, in order). */
export async function makeOrder(db: Db, organizeId: string, createdBy: string, lines: OrderLineSpec[], creditAmount = 0, createdAt = Date.now()) {
  const orderId = newId();
  const amounts = lines.map((l) => amountOf(l.kg, l.price));
  const amount = amounts.reduce((s, a) => s + a, 0);
  const poolAmount = amount - creditAmount;
  await db.transaction().execute(async (trx) => {
    const m = { refType: 'order', refId: orderId, by: null };
    await accountOf(trx, organizeId);
    if (poolAmount > 0) {
      await move(trx, organizeId, { kind: 'deposit', amount: poolAmount, refType: 'test', by: null });
      await move(trx, organizeId, { kind: 'freeze', amount: poolAmount, ...m });
    }
    if (creditAmount > 0) {
      const a = await trx.selectFrom('bizAccount').select(['creditLimit']).where('id', '=', organizeId).executeTakeFirstOrThrow();
      await move(trx, organizeId, { kind: 'creditLimit', amount: Number(a.creditLimit) + creditAmount, refType: 'test', by: null });
      await move(trx, organizeId, { kind: 'creditUse', amount: creditAmount, ...m });
    }
    await trx.insertInto('bizOrder').values({
      id: orderId, orderNo: `DD${orderId.slice(-8)}`, organizeId, status: 2, amount, poolAmount, creditAmount, settledAmount: null, invoicedAmount: 0,
      note: null, createdBy, createdAt, confirmedBy: null, confirmedAt: createdAt, closedAt: null,
    }).execute();
    for (const [i, l] of lines.entries()) {
      const lineId = newId();
      await trx.insertInto('bizOrderLine').values({ id: lineId, orderId, goodsId: l.goodsId, warehouseId: l.warehouseId, kg: l.kg, price: l.price, amount: amounts[i]!, sortCode: i }).execute();
      await trx.insertInto('bizWaitGoods').values({
        id: newId(), organizeId, orderLineId: lineId, goodsId: l.goodsId, warehouseId: l.warehouseId, kgTotal: l.kg, kgReserved: 0, kgTransferred: 0, sourceId: null, createdAt: createdAt + i, updatedAt: createdAt,
      }).execute();
    }
  });
  const rows = await db.selectFrom('bizWaitGoods as w').innerJoin('bizOrderLine as l', 'l.id', 'w.orderLineId').select('w.id').where('l.orderId', '=', orderId).orderBy('l.sortCode').execute();
  return { orderId, amount, poolAmount, creditAmount, rows: rows.map((r) => r.id) };
}

/** The customer organisation and id of a seeded account. */
export async function userOf(db: Db, account: string) {
  const u = await db.selectFrom('baseUser').select(['id', 'organizeId']).where('account', '=', account).executeTakeFirstOrThrow();
  return { id: u.id, organizeId: (await companyOf(db, u.organizeId)) ?? '' };
}
