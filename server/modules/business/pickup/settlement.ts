import type { Transaction } from 'kysely';
import type { BizSettlementRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { refuse } from '../../../http/errors';
import { accountOf, move } from '../funds';
import { amountOf } from '../stock';

/**
 * Settles an order once it is complete (docs/BUSINESS.md "Settlement"), inside the outbound
 * confirmation's transaction. Complete: every pool row of its lines (transferred ones included) is
 * fully drawn and every pickup drawing from them is confirmed. Actual amount: per line, its price ×
 * the actual weight out of all its rows (a transfer's weight counts as what the receiver took out).
 * Returns the settlement, or null when the order is not complete or was settled already (the
 * status guard 2 → 4 is the claim; biz_settlement.order_id is unique as a second guard).
 */
export async function settleIfComplete(trx: Transaction<Database>, orderId: string, by: string | null): Promise<BizSettlementRow | null> {
  // lock the order row first (a no-op UPDATE: portable, unlike FOR UPDATE): two confirmations
  // completing the order at once then see each other's pickups, so one of them settles it
  await trx.updateTable('bizOrder').set((eb) => ({ status: eb.ref('status') })).where('id', '=', orderId).execute();
  const order = await trx.selectFrom('bizOrder').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || Number(order.status) !== 2) return null;
  const lines = await trx.selectFrom('bizOrderLine').select(['id', 'kg', 'price']).where('orderId', '=', orderId).execute();
  const lineIds = lines.map((l) => l.id);
  if (lineIds.length === 0) return null;
  const rows = await trx.selectFrom('bizWaitGoods').select(['id', 'orderLineId', 'kgTotal', 'kgReserved']).where('orderLineId', 'in', lineIds).execute();
  if (rows.length === 0 || rows.some((r) => Number(r.kgReserved) !== Number(r.kgTotal))) return null;
  const drawn = await trx
    .selectFrom('bizPickupLine as pl')
    .innerJoin('bizPickup as p', 'p.id', 'pl.pickupId')
    .innerJoin('bizWaitGoods as w', 'w.id', 'pl.waitGoodsId')
    .where('w.orderLineId', 'in', lineIds)
    .where('p.status', '!=', 3)
    .select(['p.status', 'pl.kgActual', 'w.orderLineId'])
    .execute();
  if (drawn.some((d) => Number(d.status) !== 2)) return null;

  let actualAmount = 0;
  let actualKg = 0;
  for (const line of lines) {
    const kg = drawn.filter((d) => d.orderLineId === line.id).reduce((s, d) => s + Number(d.kgActual ?? 0), 0);
    actualKg += kg;
    actualAmount += amountOf(kg, Number(line.price));
  }
  const now = Date.now();
  const claimed = await trx.updateTable('bizOrder').set({ status: 4, settledAmount: actualAmount, closedAt: now }).where('id', '=', orderId).where('status', '=', 2).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;

  const [pool, credit] = [Number(order.poolAmount), Number(order.creditAmount)];
  const m = { refType: 'settlement', refId: orderId, by };
  // the hold pays first, then the credit the order already uses; the rest of each is given back
  const deducted = Math.min(actualAmount, pool);
  const released = pool - deducted;
  const creditUsedPart = Math.min(actualAmount - deducted, credit);
  const creditReleased = credit - creditUsedPart;
  const shortfall = actualAmount - deducted - creditUsedPart;
  if (deducted > 0) await move(trx, order.organizeId, { kind: 'deduct', amount: deducted, ...m });
  if (released > 0) await move(trx, order.organizeId, { kind: 'release', amount: released, ...m });
  if (creditReleased > 0) await move(trx, order.organizeId, { kind: 'creditRelease', amount: creditReleased, ...m });
  let charged = 0;
  let creditExtra = 0;
  if (shortfall > 0) {
    // the available balance first, the credit line for what it cannot cover; neither: refused
    const a = await accountOf(trx, order.organizeId);
    charged = Math.min(shortfall, Math.max(0, a.balance - a.frozen));
    creditExtra = shortfall - charged;
    if (creditExtra > a.creditLimit - a.creditUsed) throw refuse('pickup.shortfallUnpaid');
    if (charged > 0) await move(trx, order.organizeId, { kind: 'charge', amount: charged, ...m });
    if (creditExtra > 0) await move(trx, order.organizeId, { kind: 'creditUse', amount: creditExtra, ...m });
  }
  const row: BizSettlementRow = {
    id: newId(), orderId, organizeId: order.organizeId, orderedAmount: Number(order.amount), actualAmount,
    orderedKg: lines.reduce((s, l) => s + Number(l.kg), 0), actualKg,
    deducted, released, charged, creditKept: creditUsedPart + creditExtra, creditReleased, createdAt: now,
  };
  await trx.insertInto('bizSettlement').values(row).execute();
  return row;
}
