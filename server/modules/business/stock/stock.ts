import type { Kysely, Transaction } from 'kysely';
import type { BizStockLedgerRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { refuse } from '../../../http/errors';

type Trx = Kysely<Database> | Transaction<Database>;

export interface StockChange {
  warehouseId: string;
  goodsId: string;
  kind: BizStockLedgerRow['kind'];
  /** kilograms, non-zero: + goods in, − goods out */
  kgDelta: number;
  refType?: string | null;
  refId?: string | null;
  note?: string | null;
  by: string | null;
}

/**
 * Changes what a warehouse holds of a good and writes the stock ledger row, both in `trx`
 * (docs/BUSINESS.md "Inventory"). The change is one guarded UPDATE that happens only if the stock
 * stays ≥ 0; otherwise nothing changes and the caller's transaction is refused. Concurrent changes
 * of one place serialise on its row, so no sequence of outbound confirmations takes more than is
 * there. The place's row is made on first use, at zero.
 */
export async function changeStock(trx: Trx, c: StockChange): Promise<BizStockLedgerRow> {
  if (!Number.isSafeInteger(c.kgDelta) || c.kgDelta === 0) throw refuse('stock.badWeight');
  const now = Date.now();
  await trx
    .insertInto('bizStock')
    .values({ id: newId(), warehouseId: c.warehouseId, goodsId: c.goodsId, kg: 0, updatedAt: now })
    .onConflict((oc) => oc.columns(['warehouseId', 'goodsId']).doNothing())
    .execute();
  const done = await trx
    .updateTable('bizStock')
    .set((eb) => ({ kg: eb('kg', '+', c.kgDelta), updatedAt: now }))
    .where('warehouseId', '=', c.warehouseId)
    .where('goodsId', '=', c.goodsId)
    .where('kg', '>=', -c.kgDelta)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse('stock.insufficient');
  const after = await trx.selectFrom('bizStock').select(['id', 'kg']).where('warehouseId', '=', c.warehouseId).where('goodsId', '=', c.goodsId).executeTakeFirstOrThrow();
  const row: BizStockLedgerRow = {
    id: newId(), stockId: after.id, kind: c.kind, kgDelta: c.kgDelta, kgAfter: Number(after.kg),
    refType: c.refType ?? null, refId: c.refId ?? null, note: c.note?.slice(0, 500) ?? null, createdBy: c.by, createdAt: now,
  };
  await trx.insertInto('bizStockLedger').values(row).execute();
  return row;
}

/** The stock invariant: each place's stock is the sum of its ledger (tests and the bench check it). */
export async function stockMismatches(db: Trx): Promise<string[]> {
  const places = await db.selectFrom('bizStock').select(['id', 'kg']).execute();
  const sums = await db.selectFrom('bizStockLedger').select(['stockId', (eb) => eb.fn.sum<number>('kgDelta').as('kg')]).groupBy('stockId').execute();
  const byId = new Map(sums.map((s) => [s.stockId, Number(s.kg)]));
  return places.filter((p) => Number(p.kg) !== (byId.get(p.id) ?? 0) || Number(p.kg) < 0).map((p) => `${p.id}: stock ${p.kg}, ledger ${byId.get(p.id) ?? 0}`);
}

/** kg × fen per tonne, rounded half up to the fen: the amount of a weight at a price. */
export function amountOf(kg: number, pricePerTonne: number): number {
  return Math.round((kg * pricePerTonne) / 1000);
}
