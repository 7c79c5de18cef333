import type { Kysely, Transaction } from 'kysely';
import type { BizOrderLineRow, BizOrderRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { AppError, refuse } from '../../../http/errors';
import { nextBillNumber } from '../../system/bill-rule/number';
import { amountOf } from '../stock';
import { accountOf, move } from '../funds';
import { formatKg, parseTonnes } from '../../../../src/runtime/weight';

export { formatKg, parseTonnes };

type Db = Kysely<Database>;
type Trx = Kysely<Database> | Transaction<Database>;

/** The serial-number rule an order's number comes from (docs/BUSINESS.md "Orders"). */
export const ORDER_NUMBER_RULE = 'OrderNumber';
/** Lines per order, and the weight of one line: 1 kg to 100 000 t (sanity, not business). */
export const MAX_LINES = 50;
export const MAX_LINE_KG = 100_000_000;

export interface PlaceOrder {
  organizeId: string;
  by: string;
  lines: { goodsId: string; kg: number }[];
  /** fen from credit; null: the pool first, credit for the rest */
  creditAmount: number | null;
  note: string | null;
}

/** A numbering rule that is missing or disabled refuses the order with the rule's own message (never a 404 for the order). */
async function orderNumber(trx: Trx): Promise<string> {
  try {
    return await nextBillNumber(trx as Db, ORDER_NUMBER_RULE);
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.key, error.params);
    throw error;
  }
}

/**
 * Places an order in one transaction (docs/BUSINESS.md "Orders"): the server's current prices,
 * the number from the OrderNumber rule, the order and its lines, the pool part frozen and the
 * credit part used. Any refusal rolls all of it back, the number included.
 */
export async function placeOrder(db: Db, p: PlaceOrder): Promise<BizOrderRow> {
  if (p.lines.length === 0) throw refuse('orders.noLines');
  if (p.lines.length > MAX_LINES) throw refuse('orders.tooManyLines', { max: MAX_LINES });
  const ids = new Set<string>();
  for (const line of p.lines) {
    if (!Number.isSafeInteger(line.kg) || line.kg <= 0 || line.kg > MAX_LINE_KG) throw refuse('orders.badWeight');
    if (ids.has(line.goodsId)) throw refuse('orders.duplicateGoods');
    ids.add(line.goodsId);
  }
  return db.transaction().execute(async (trx) => {
    const goods = await trx.selectFrom('bizGoods').select(['id', 'fullName', 'warehouseId', 'price', 'enabledMark']).where('id', 'in', [...ids]).execute();
    const byId = new Map(goods.map((g) => [g.id, g]));
    const now = Date.now();
    const orderId = newId();
    const lines: BizOrderLineRow[] = p.lines.map((line, i) => {
      const g = byId.get(line.goodsId);
      if (!g || Number(g.enabledMark) !== 1) throw refuse('orders.goodsUnavailable');
      if (g.price === null || g.price === undefined || Number(g.price) <= 0) throw refuse('orders.noPrice', { name: g.fullName });
      const price = Number(g.price);
      return { id: newId(), orderId, goodsId: g.id, warehouseId: g.warehouseId, kg: line.kg, price, amount: amountOf(line.kg, price), sortCode: i };
    });
    const amount = lines.reduce((sum, l) => sum + l.amount, 0);
    if (amount <= 0) throw refuse('orders.zeroAmount');
    // The organisation's account row is taken first (a no-op UPDATE locks it on PostgreSQL; SQLite
    // has one writer anyway): orders of one organisation queue here, so the default split reads
    // what every earlier order committed, while other organisations' orders go on. The number is
    // drawn after, so the rule's row (shared by every order) is held only for the last writes.
    await accountOf(trx, p.organizeId);
    await trx.updateTable('bizAccount').set({ updatedAt: now }).where('id', '=', p.organizeId).execute();
    let credit: number;
    if (p.creditAmount === null) {
      const account = await accountOf(trx, p.organizeId);
      credit = amount - Math.min(amount, Math.max(0, account.balance - account.frozen));
    } else {
      if (!Number.isSafeInteger(p.creditAmount) || p.creditAmount < 0 || p.creditAmount > amount) throw refuse('orders.badCredit');
      credit = p.creditAmount;
    }
    const orderNo = await orderNumber(trx);
    const pool = amount - credit;
    const order: BizOrderRow = {
      id: orderId, orderNo, organizeId: p.organizeId, status: 1, amount, poolAmount: pool, creditAmount: credit, settledAmount: null, invoicedAmount: 0,
      note: p.note?.slice(0, 500) ?? null, createdBy: p.by, createdAt: now, confirmedBy: null, confirmedAt: null, closedAt: null,
    };
    await trx.insertInto('bizOrder').values(order).execute();
    await trx.insertInto('bizOrderLine').values(lines).execute();
    if (pool > 0) await move(trx, p.organizeId, { kind: 'freeze', amount: pool, refType: 'order', refId: orderId, note: orderNo, by: p.by });
    if (credit > 0) await move(trx, p.organizeId, { kind: 'creditUse', amount: credit, refType: 'order', refId: orderId, note: orderNo, by: p.by });
    return order;
  });
}

/** Reads an order as numbers (bigint columns arrive as strings on PostgreSQL). */
export function orderOf(row: Record<string, unknown>): BizOrderRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as BizOrderRow),
    status: Number(row.status) as BizOrderRow['status'], amount: Number(row.amount), poolAmount: Number(row.poolAmount), creditAmount: Number(row.creditAmount),
    settledAmount: n(row.settledAmount), invoicedAmount: Number(row.invoicedAmount), createdAt: Number(row.createdAt), confirmedAt: n(row.confirmedAt), closedAt: n(row.closedAt),
  };
}

/**
 * Cancels a placed order: one guarded status UPDATE (only from 1), then the hold released and
 * the credit given back, all in one transaction; a confirm that got there first wins.
 */
export async function cancelOrder(db: Db, order: BizOrderRow, by: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('bizOrder').set({ status: 3, closedAt: Date.now() }).where('id', '=', order.id).where('status', '=', 1).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw refuse('orders.notPlaced');
    if (order.poolAmount > 0) await move(trx, order.organizeId, { kind: 'release', amount: order.poolAmount, refType: 'order', refId: order.id, note: order.orderNo, by });
    if (order.creditAmount > 0) await move(trx, order.organizeId, { kind: 'creditRelease', amount: order.creditAmount, refType: 'order', refId: order.id, note: order.orderNo, by });
  });
}

/** Confirms a placed order (1 → 2, guarded): each line's goods go into the organisation's pool awaiting pickup. */
export async function confirmOrder(db: Db, order: BizOrderRow, by: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const done = await trx.updateTable('bizOrder').set({ status: 2, confirmedBy: by, confirmedAt: now }).where('id', '=', order.id).where('status', '=', 1).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw refuse('orders.notPlaced');
    const lines = await trx.selectFrom('bizOrderLine').selectAll().where('orderId', '=', order.id).orderBy('sortCode').execute();
    if (lines.length === 0) return;
    await trx
      .insertInto('bizWaitGoods')
      .values(lines.map((l) => ({ id: newId(), organizeId: order.organizeId, orderLineId: l.id, goodsId: l.goodsId, warehouseId: l.warehouseId, kgTotal: Number(l.kg), kgReserved: 0, kgTransferred: 0, sourceId: null, createdAt: now, updatedAt: now })))
      .execute();
  });
}
