import { Type } from 'typebox';
import type { Db } from '../../../db';
import { formatKg } from '../../../../src/runtime/weight';

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Number();

export const PoolView = Type.Object({
  id: Str, organizeId: Str, organizeName: Str, orderId: Str, orderNo: Str, goodsId: Str, goodsName: Str, category: Str, spec: Str, material: Str, warehouseName: Str,
  sourceId: NStr, createdAt: Int, kgTotal: Int, kgReserved: Int, kgLeft: Int, kgTransferred: Int, totalText: Str, reservedText: Str, leftText: Str, transferredText: Str, mine: Type.Boolean({ description: "the caller's own organisation's row" }),
});

export const PickupLineView = Type.Object({
  id: Str, waitGoodsId: Str, goodsName: Str, category: Str, spec: Str, warehouseName: Str, orderNo: Str, kg: Int, kgActual: Type.Union([Int, Type.Null()]), plannedText: Str, actualText: Str,
});
export const PickupView = Type.Object({
  id: Str, pickupNo: Str, organizeId: Str, organizeName: Str, status: Int, noSpec: Int, category: NStr, vehicle: Str, driver: Str, phone: Str, plannedDate: Int, note: NStr,
  createdAt: Int, confirmedAt: Type.Union([Int, Type.Null()]), plannedText: Str, actualText: Str, goodsText: Str, lines: Type.Array(PickupLineView),
});

/** Pickups with their lines, as lists show them. */
export async function pickupViews(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const heads = await db.selectFrom('bizPickup as p').leftJoin('baseOrganize as org', 'org.id', 'p.organizeId').selectAll('p').select('org.fullName as organizeName').where('p.id', 'in', ids).execute();
  const lines = await db
    .selectFrom('bizPickupLine as pl')
    .innerJoin('bizWaitGoods as w', 'w.id', 'pl.waitGoodsId')
    .innerJoin('bizGoods as g', 'g.id', 'w.goodsId')
    .innerJoin('bizWarehouse as h', 'h.id', 'w.warehouseId')
    .innerJoin('bizOrderLine as l', 'l.id', 'w.orderLineId')
    .innerJoin('bizOrder as o', 'o.id', 'l.orderId')
    .select(['pl.id', 'pl.pickupId', 'pl.waitGoodsId', 'pl.kg', 'pl.kgActual', 'g.fullName as goodsName', 'g.category', 'g.spec', 'h.fullName as warehouseName', 'o.orderNo', 'w.createdAt'])
    .where('pl.pickupId', 'in', ids)
    .orderBy('w.createdAt')
    .orderBy('pl.id')
    .execute();
  const byId = new Map(heads.map((h) => [h.id, h]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const own = lines.filter((l) => l.pickupId === id).map((l) => ({
      id: l.id, waitGoodsId: l.waitGoodsId, goodsName: l.goodsName, category: l.category, spec: l.spec ?? '', warehouseName: l.warehouseName, orderNo: l.orderNo,
      kg: Number(l.kg), kgActual: l.kgActual === null ? null : Number(l.kgActual), plannedText: formatKg(Number(l.kg)), actualText: l.kgActual === null ? '' : formatKg(Number(l.kgActual)),
    }));
    const done = own.every((l) => l.kgActual !== null);
    return [{
      id: p.id, pickupNo: p.pickupNo, organizeId: p.organizeId, organizeName: p.organizeName ?? '', status: Number(p.status), noSpec: Number(p.noSpec), category: p.category,
      vehicle: p.vehicle, driver: p.driver, phone: p.phone, plannedDate: Number(p.plannedDate), note: p.note, createdAt: Number(p.createdAt), confirmedAt: p.confirmedAt === null ? null : Number(p.confirmedAt),
      plannedText: formatKg(own.reduce((s, l) => s + l.kg, 0)), actualText: done && own.length ? formatKg(own.reduce((s, l) => s + (l.kgActual ?? 0), 0)) : '',
      goodsText: own.map((l) => `${l.goodsName} ${l.plannedText}`).join('；'), lines: own,
    }];
  });
}
