import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { refuse } from '../../../http/errors';
import { formatKg } from '../../../../src/runtime/weight';

type Trx = Kysely<Database> | Transaction<Database>;

/** The pool rows (biz_wait_goods) with what people read: goods, warehouse, order number, organisation. */
export function poolQuery(db: Trx) {
  return db
    .selectFrom('bizWaitGoods as w')
    .innerJoin('bizGoods as g', 'g.id', 'w.goodsId')
    .innerJoin('bizWarehouse as h', 'h.id', 'w.warehouseId')
    .innerJoin('bizOrderLine as l', 'l.id', 'w.orderLineId')
    .innerJoin('bizOrder as o', 'o.id', 'l.orderId')
    .leftJoin('baseOrganize as org', 'org.id', 'w.organizeId')
    .select([
      'w.id', 'w.organizeId', 'w.orderLineId', 'w.goodsId', 'w.warehouseId', 'w.kgTotal', 'w.kgReserved', 'w.kgTransferred', 'w.sourceId', 'w.createdAt',
      'g.fullName as goodsName', 'g.category', 'g.spec', 'g.material', 'h.fullName as warehouseName', 'o.orderNo', 'o.id as orderId', 'org.fullName as organizeName',
    ]);
}
type PoolRow = Awaited<ReturnType<ReturnType<typeof poolQuery>['execute']>>[number];

/** A keyword as a LIKE pattern: its own wildcards dropped (no escape clause is portable), case kept (codes are upper case). */
export function containing(keyword: string | undefined): string | null {
  const k = keyword?.trim().replace(/[%_\\]/g, '');
  return k ? `%${k}%` : null;
}

export function poolView(r: PoolRow) {
  const [total, reserved, transferred] = [Number(r.kgTotal), Number(r.kgReserved), Number(r.kgTransferred)];
  return {
    id: r.id, organizeId: r.organizeId, organizeName: r.organizeName ?? '', orderId: r.orderId, orderNo: r.orderNo, goodsId: r.goodsId, goodsName: r.goodsName,
    category: r.category, spec: r.spec ?? '', material: r.material ?? '', warehouseName: r.warehouseName, sourceId: r.sourceId, createdAt: Number(r.createdAt),
    kgTotal: total, kgReserved: reserved, kgLeft: total - reserved, kgTransferred: transferred,
    totalText: formatKg(total), reservedText: formatKg(reserved), leftText: formatKg(total - reserved), transferredText: formatKg(transferred),
  };
}

/**
 * Draws `kg` from a pool row of `organizeId`: one guarded UPDATE (kg_reserved + kg ≤ kg_total), so
 * parallel pickups never draw more than the row holds; refused (and the caller's transaction with
 * it) when the row is not the organisation's or has too little left.
 */
export async function draw(trx: Trx, organizeId: string, waitGoodsId: string, kg: number): Promise<void> {
  const done = await trx
    .updateTable('bizWaitGoods')
    .set((eb) => ({ kgReserved: eb('kgReserved', '+', kg), updatedAt: Date.now() }))
    .where('id', '=', waitGoodsId)
    .where('organizeId', '=', organizeId)
    .where((eb) => eb(eb('kgReserved', '+', kg), '<=', eb.ref('kgTotal')))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse('pickup.overDraw');
}

/** Gives a cancelled pickup's draw back (guarded: never below zero). */
export async function undraw(trx: Trx, waitGoodsId: string, kg: number): Promise<void> {
  const done = await trx
    .updateTable('bizWaitGoods')
    .set((eb) => ({ kgReserved: eb('kgReserved', '-', kg), updatedAt: Date.now() }))
    .where('id', '=', waitGoodsId)
    .where('kgReserved', '>=', kg)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse('pickup.notRequested');
}

/** The pool invariant for tests: 0 ≤ reserved ≤ total, and reserved = the kg of the lines of pickups not cancelled. */
export async function poolMismatches(db: Trx): Promise<string[]> {
  const rows = await db.selectFrom('bizWaitGoods').select(['id', 'kgTotal', 'kgReserved']).execute();
  const sums = await db
    .selectFrom('bizPickupLine as pl')
    .innerJoin('bizPickup as p', 'p.id', 'pl.pickupId')
    .where('p.status', '!=', 3)
    .select(['pl.waitGoodsId', (eb) => eb.fn.sum<number>('pl.kg').as('kg')])
    .groupBy('pl.waitGoodsId')
    .execute();
  const byId = new Map(sums.map((s) => [s.waitGoodsId, Number(s.kg)]));
  return rows
    .filter((r) => Number(r.kgReserved) < 0 || Number(r.kgReserved) > Number(r.kgTotal) || Number(r.kgReserved) !== (byId.get(r.id) ?? 0))
    .map((r) => `${r.id}: total ${r.kgTotal}, reserved ${r.kgReserved}, lines ${byId.get(r.id) ?? 0}`);
}
