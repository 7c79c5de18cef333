import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen } from '../../../../src/runtime/money';
import { customerCompanies } from '../funds';
import { changeStock } from '../stock';
import { orderingScope } from '../scope';
import { actingOrganisation } from './routes';
import { containing } from './pool';
import { settleIfComplete } from './settlement';
import { PickupView, pickupViews } from './views';
import { weightOf } from './weight';
import { formatKg } from '../../../../src/runtime/weight';

const tags = ['pickup'];
const signedIn = { access: 'signedIn' as const };
const outbound = { access: { permission: 'business.outbound:manage' as const } };
const Weight = Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()]));
/** The actual weight may differ from the planned by at most this share (scales are not exact; a typo is). */
export const ACTUAL_TOLERANCE = 0.1;

const TransferView = Type.Object({
  id: Type.String(), direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]), senderId: Type.String(), senderName: Type.String(), receiverId: Type.String(), receiverName: Type.String(),
  goodsName: Type.String(), spec: Type.String(), orderNo: Type.String(), kg: Type.Number(), tonnesText: Type.String(), createdAt: Type.Number(),
});
const SettlementView = Type.Object({
  id: Type.String(), orderId: Type.String(), orderNo: Type.String(), organizeId: Type.String(), organizeName: Type.String(), createdAt: Type.Number(),
  orderedKg: Type.Number(), actualKg: Type.Number(), orderedAmount: Type.Number(), actualAmount: Type.Number(),
  deducted: Type.Number(), released: Type.Number(), charged: Type.Number(), creditKept: Type.Number(), creditReleased: Type.Number(),
  orderedKgText: Type.String(), actualKgText: Type.String(), orderedAmountText: Type.String(), actualAmountText: Type.String(),
  deductedText: Type.String(), releasedText: Type.String(), chargedText: Type.String(), creditKeptText: Type.String(), creditReleasedText: Type.String(),
});

/** Outbound confirmation, transfers and settlements (docs/BUSINESS.md). */
export const outboundRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/Pickup/:id/Confirm',
    {
      config: outbound,
      schema: {
        tags, summary: 'Confirms a requested pickup with the actual weight of every line (within ±10 % of the planned): takes it out of stock and settles every order it completes, all or none',
        params: Type.Object({ id: Type.String({ maxLength: 50 }) }),
        body: Type.Object({ lines: Type.Array(Type.Object({ id: Type.String({ maxLength: 50 }), kg: Weight, tonnes: Weight }), { maxItems: 100 }) }),
        response: { 200: Envelope(PickupView) },
      },
    },
    async (request) => {
      const by = principalOf(request).user.id;
      const id = request.params.id;
      const given = new Map(request.body.lines.map((l) => [l.id, weightOf(l)]));
      await db.transaction().execute(async (trx) => {
        const claimed = await trx.updateTable('bizPickup').set({ status: 2, confirmedBy: by, confirmedAt: Date.now() }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          const exists = await trx.selectFrom('bizPickup').select('id').where('id', '=', id).executeTakeFirst();
          throw exists ? refuse('pickup.notRequested') : new AppError(ReplyCode.notFound, 'pickup.notFound');
        }
        const lines = await trx
          .selectFrom('bizPickupLine as pl').innerJoin('bizWaitGoods as w', 'w.id', 'pl.waitGoodsId').innerJoin('bizOrderLine as l', 'l.id', 'w.orderLineId')
          .select(['pl.id', 'pl.kg', 'w.goodsId', 'w.warehouseId', 'l.orderId']).where('pl.pickupId', '=', id).orderBy('pl.id').execute();
        if (lines.some((l) => !given.has(l.id)) || given.size !== lines.length) throw refuse('pickup.actualMissing');
        for (const l of lines) {
          const actual = given.get(l.id)!;
          if (Math.abs(actual - Number(l.kg)) > Number(l.kg) * ACTUAL_TOLERANCE) throw refuse('pickup.badActual');
          await trx.updateTable('bizPickupLine').set({ kgActual: actual }).where('id', '=', l.id).execute();
          await changeStock(trx, { warehouseId: l.warehouseId, goodsId: l.goodsId, kind: 'outbound', kgDelta: -actual, refType: 'pickup', refId: id, by });
        }
        for (const orderId of new Set(lines.map((l) => l.orderId))) await settleIfComplete(trx, orderId, by);
      });
      return ok((await pickupViews(db, [id]))[0], request.t('pickup.confirmed'));
    },
  );

  app.get('/Transfer/Receivers', { config: signedIn, schema: { tags, summary: 'The customer organisations goods may be transferred to (all but one\'s own)', response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), fullName: Type.String() }))) } } }, async (request) => {
    const org = await actingOrganisation(db, request);
    return ok((await customerCompanies(db)).filter((o) => o.id !== org));
  });

  app.post(
    '/Transfer',
    { config: signedIn, schema: { tags, summary: "Transfers undrawn goods of one's own pool row to another customer organisation (guarded; all or none)", body: Type.Object({ waitGoodsId: Type.String({ maxLength: 50 }), receiverId: Type.String({ maxLength: 50 }), kg: Weight, tonnes: Weight }), response: { 200: Envelope(TransferView) } } },
    async (request) => {
      const org = await actingOrganisation(db, request);
      const { waitGoodsId, receiverId } = request.body;
      const kg = weightOf(request.body);
      if (receiverId === org) throw refuse('pickup.transferSelf');
      const source = await db.selectFrom('bizWaitGoods').selectAll().where('id', '=', waitGoodsId).executeTakeFirst();
      if (!source || source.organizeId !== org) throw new AppError(ReplyCode.notFound, 'pickup.notFound');
      if (!(await customerCompanies(db)).some((o) => o.id === receiverId)) throw refuse('pickup.noReceiver');
      const newRow = newId();
      await db.transaction().execute(async (trx) => {
        const now = Date.now();
        const done = await trx
          .updateTable('bizWaitGoods')
          .set((eb) => ({ kgTotal: eb('kgTotal', '-', kg), kgTransferred: eb('kgTransferred', '+', kg), updatedAt: now }))
          .where('id', '=', waitGoodsId).where('organizeId', '=', org)
          .where((eb) => eb(eb('kgTotal', '-', kg), '>=', eb.ref('kgReserved')))
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw refuse('pickup.overTransfer');
        await trx.insertInto('bizWaitGoods').values({
          id: newRow, organizeId: receiverId, orderLineId: source.orderLineId, goodsId: source.goodsId, warehouseId: source.warehouseId,
          kgTotal: kg, kgReserved: 0, kgTransferred: 0, sourceId: source.id, createdAt: now, updatedAt: now,
        }).execute();
      });
      return ok((await transfers(org, [newRow]))[0], request.t('pickup.transferred'));
    },
  );

  /** Transfers (the receivers' rows) sent or received by `org` (null: all), as lists show them. */
  async function transfers(org: string | null, only?: string[]) {
    let q = db
      .selectFrom('bizWaitGoods as r').innerJoin('bizWaitGoods as s', 's.id', 'r.sourceId')
      .innerJoin('bizGoods as g', 'g.id', 'r.goodsId').innerJoin('bizOrderLine as l', 'l.id', 'r.orderLineId').innerJoin('bizOrder as o', 'o.id', 'l.orderId')
      .leftJoin('baseOrganize as so', 'so.id', 's.organizeId').leftJoin('baseOrganize as ro', 'ro.id', 'r.organizeId')
      .select(['r.id', 's.organizeId as senderId', 'so.fullName as senderName', 'r.organizeId as receiverId', 'ro.fullName as receiverName', 'g.fullName as goodsName', 'g.spec', 'o.orderNo', 'r.kgTotal', 'r.kgTransferred', 'r.createdAt']);
    if (org !== null) q = q.where((eb) => eb.or([eb('s.organizeId', '=', org), eb('r.organizeId', '=', org)]));
    if (only) q = q.where('r.id', 'in', only);
    const rows = await q.orderBy('r.createdAt', 'desc').orderBy('r.id').execute();
    return rows.map((r) => {
      // what was transferred: the row's total now plus what it passed on since
      const kg = Number(r.kgTotal) + Number(r.kgTransferred);
      return {
        id: r.id, direction: r.receiverId === org ? ('received' as const) : ('sent' as const), senderId: r.senderId, senderName: r.senderName ?? '', receiverId: r.receiverId, receiverName: r.receiverName ?? '',
        goodsName: r.goodsName, spec: r.spec ?? '', orderNo: r.orderNo, kg, tonnesText: formatKg(kg), createdAt: Number(r.createdAt),
      };
    });
  }

  app.get('/Transfer', { config: signedIn, schema: { tags, summary: "Transfers sent and received by one's own organisation (everyone's with business.outbound:manage), newest first", querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(TransferView) } } }, async (request) => {
    const { currentPage, pageSize } = request.query;
    const scope = await orderingScope(db, request, 'business.outbound:manage');
    const all = await transfers(scope.organizeId);
    return ok({ list: all.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: all.length } });
  });

  app.get('/Settlement', { config: signedIn, schema: { tags, summary: "Settlements, newest first: one's own organisation's, everyone's with business.orders:manage (amounts as yuan texts, weights as tonnes)", querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(SettlementView) } } }, async (request) => {
    const { currentPage, pageSize, keyword } = request.query;
    const scope = await orderingScope(db, request, 'business.orders:manage');
    let q = db.selectFrom('bizSettlement as s').innerJoin('bizOrder as o', 'o.id', 's.orderId').leftJoin('baseOrganize as org', 'org.id', 's.organizeId');
    if (scope.organizeId !== null) q = q.where('s.organizeId', '=', scope.organizeId);
    const k = containing(keyword);
    if (k) q = q.where('o.orderNo', 'like', k);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.selectAll('s').select(['o.orderNo', 'org.fullName as organizeName']).orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const list = rows.map((r) => {
      const n = (k: 'orderedKg' | 'actualKg' | 'orderedAmount' | 'actualAmount' | 'deducted' | 'released' | 'charged' | 'creditKept' | 'creditReleased') => Number(r[k]);
      return {
        id: r.id, orderId: r.orderId, orderNo: r.orderNo, organizeId: r.organizeId, organizeName: r.organizeName ?? '', createdAt: Number(r.createdAt),
        orderedKg: n('orderedKg'), actualKg: n('actualKg'), orderedAmount: n('orderedAmount'), actualAmount: n('actualAmount'),
        deducted: n('deducted'), released: n('released'), charged: n('charged'), creditKept: n('creditKept'), creditReleased: n('creditReleased'),
        orderedKgText: formatKg(n('orderedKg')), actualKgText: formatKg(n('actualKg')), orderedAmountText: formatFen(n('orderedAmount')), actualAmountText: formatFen(n('actualAmount')),
        deductedText: formatFen(n('deducted')), releasedText: formatFen(n('released')), chargedText: formatFen(n('charged')), creditKeptText: formatFen(n('creditKept')), creditReleasedText: formatFen(n('creditReleased')),
      };
    });
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });
};
