import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { AppError } from '../../../http/errors';
import { Envelope, Nullable, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen } from '../../../../src/runtime/money';
import { formatKg } from '../../../../src/runtime/weight';
import { covers, orderingScope } from '../scope';

const tags = ['orders'];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const PickupView = Type.Object({
  id: Type.String(), pickupNo: Type.String(), status: Type.Integer({ description: '1 requested, 2 out (outbound confirmed), 3 cancelled' }),
  vehicle: Type.String(), driver: Type.String(), plannedDate: Type.Number(), confirmedAt: Nullable(Type.Number()),
  lines: Type.Array(Type.Object({ goodsName: Type.String(), tonnes: Type.String(), actualTonnes: Type.String() })),
});
const Trace = Type.Object({
  pickups: Type.Array(PickupView),
  transfers: Type.Array(Type.Object({ goodsName: Type.String(), tonnes: Type.String(), toName: Type.String(), createdAt: Type.Number() })),
  settlement: Nullable(Type.Object({
    orderedText: Type.String(), actualText: Type.String(), orderedTonnes: Type.String(), actualTonnes: Type.String(),
    deductedText: Type.String(), releasedText: Type.String(), chargedText: Type.String(), creditKeptText: Type.String(), creditReleasedText: Type.String(), createdAt: Type.Number(),
  })),
  invoices: Type.Array(Type.Object({ id: Type.String(), invoiceNo: Type.String(), title: Type.String(), amountText: Type.String(), status: Type.Integer({ description: '1 requested, 2 issued, 3 rejected' }), reason: Nullable(Type.String()), createdAt: Type.Number() })),
  ledger: Type.Array(Type.Object({ id: Type.String(), kind: Type.String(), balanceDeltaText: Type.String(), frozenDeltaText: Type.String(), creditUsedDeltaText: Type.String(), createdAt: Type.Number() })),
});

/**
 * The whole story of one order for /info (issue 21 item 4): the pickups that drew its goods and
 * their outbound weights, the goods transferred to another organisation (how much and to whom,
 * never the receiver's pickups), its settlement, invoices and capital-pool ledger rows. Within the
 * caller's ordering scope: another organisation's order is "not found", and of the pickups only
 * those of organisations the scope covers are listed.
 */
export const orderTraceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Order/:id/Trace', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'An order\'s pickups, outbound weights, transfers, settlement, invoices and ledger rows', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) }), response: { 200: Envelope(Trace) } },
  }, async (request) => {
    const scope = await orderingScope(db, request, 'business.orders:manage');
    const order = await db.selectFrom('bizOrder').select(['id', 'organizeId']).where('id', '=', request.params.id).executeTakeFirst();
    if (!order || !covers(scope, order.organizeId)) throw new AppError(ReplyCode.notFound, 'orders.notFound');

    // the order's goods awaiting pickup, and what was transferred from them to others
    const pool = await db.selectFrom('bizWaitGoods as w').innerJoin('bizOrderLine as l', 'l.id', 'w.orderLineId').select(['w.id']).where('l.orderId', '=', order.id).execute();
    const poolIds = pool.map((p) => p.id);
    const pickupLines = poolIds.length === 0 ? [] : await db.selectFrom('bizPickupLine as pl')
      .innerJoin('bizPickup as p', 'p.id', 'pl.pickupId')
      .innerJoin('bizWaitGoods as w', 'w.id', 'pl.waitGoodsId')
      .leftJoin('bizGoods as g', 'g.id', 'w.goodsId')
      .select(['p.id', 'p.pickupNo', 'p.status', 'p.vehicle', 'p.driver', 'p.plannedDate', 'p.confirmedAt', 'p.organizeId', 'pl.kg', 'pl.kgActual', 'g.fullName as goodsName'])
      .where('pl.waitGoodsId', 'in', poolIds)
      .orderBy('p.createdAt').orderBy('pl.id')
      .execute();
    const pickups = new Map<string, Record<string, unknown> & { lines: { goodsName: string; tonnes: string; actualTonnes: string }[] }>();
    for (const l of pickupLines) {
      if (!covers(scope, l.organizeId)) continue;
      const p = pickups.get(l.id) ?? { id: l.id, pickupNo: l.pickupNo, status: num(l.status), vehicle: l.vehicle, driver: l.driver, plannedDate: num(l.plannedDate), confirmedAt: numOrNull(l.confirmedAt), lines: [] };
      p.lines.push({ goodsName: l.goodsName ?? '', tonnes: formatKg(num(l.kg)), actualTonnes: l.kgActual === null ? '' : formatKg(num(l.kgActual)) });
      pickups.set(l.id, p);
    }
    const transfers = poolIds.length === 0 ? [] : await db.selectFrom('bizWaitGoods as w')
      .leftJoin('bizGoods as g', 'g.id', 'w.goodsId')
      .leftJoin('baseOrganize as o', 'o.id', 'w.organizeId')
      .select(['w.kgTotal', 'w.createdAt', 'g.fullName as goodsName', 'o.fullName as toName'])
      .where('w.sourceId', 'in', poolIds)
      .orderBy('w.createdAt')
      .execute();

    const s = await db.selectFrom('bizSettlement').selectAll().where('orderId', '=', order.id).executeTakeFirst();
    const invoices = await db.selectFrom('bizInvoice').select(['id', 'invoiceNo', 'title', 'amount', 'status', 'reason', 'createdAt']).where('orderId', '=', order.id).orderBy('createdAt').execute();
    const ledger = await db.selectFrom('bizLedger').select(['id', 'kind', 'balanceDelta', 'frozenDelta', 'creditUsedDelta', 'createdAt'])
      .where('accountId', '=', order.organizeId).where('refId', '=', order.id).where('refType', 'in', ['order', 'settlement'])
      .orderBy('createdAt').orderBy('id')
      .execute();
    const signed = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : fen < 0 ? `-${formatFen(-fen)}` : '');
    return ok({
      pickups: [...pickups.values()] as never,
      transfers: transfers.map((t) => ({ goodsName: t.goodsName ?? '', tonnes: formatKg(num(t.kgTotal)), toName: t.toName ?? '', createdAt: num(t.createdAt) })),
      settlement: s ? {
        orderedText: formatFen(num(s.orderedAmount)), actualText: formatFen(num(s.actualAmount)), orderedTonnes: formatKg(num(s.orderedKg)), actualTonnes: formatKg(num(s.actualKg)),
        deductedText: formatFen(num(s.deducted)), releasedText: formatFen(num(s.released)), chargedText: formatFen(num(s.charged)),
        creditKeptText: formatFen(num(s.creditKept)), creditReleasedText: formatFen(num(s.creditReleased)), createdAt: num(s.createdAt),
      } : null,
      invoices: invoices.map((i) => ({ id: i.id, invoiceNo: i.invoiceNo, title: i.title, amountText: formatFen(num(i.amount)), status: num(i.status), reason: i.reason, createdAt: num(i.createdAt) })),
      ledger: ledger.map((l) => ({ id: l.id, kind: l.kind, balanceDeltaText: signed(num(l.balanceDelta)), frozenDeltaText: signed(num(l.frozenDelta)), creditUsedDeltaText: signed(num(l.creditUsedDelta)), createdAt: num(l.createdAt) })),
    });
  });
};
