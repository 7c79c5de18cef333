import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { likePattern } from '../../permission/entity-form';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen, parseYuan } from '../../../../src/runtime/money';
import { covers, orderingScope, ownOrganisation } from '../scope';
import { cancelOrder, confirmOrder, formatKg, orderOf, parseTonnes, placeOrder, MAX_LINES } from './order';
import { timeRange } from './time';
import { notifyConfirmed } from './notify';
import { requireCertified } from '../certification';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.orders:manage' as const } };
const tags = ['orders'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });

const OrderView = Type.Object({
  id: Type.String(), orderNo: Type.String(), organizeId: Type.String(), organizeName: Type.String(), status: Type.Integer({ description: '1 placed, 2 confirmed, 3 cancelled, 4 settled' }),
  amount: Type.Integer({ description: 'fen' }), poolAmount: Type.Integer(), creditAmount: Type.Integer(), settledAmount: Type.Union([Type.Integer(), Type.Null()]), invoicedAmount: Type.Integer(),
  amountText: Type.String(), poolAmountText: Type.String(), creditAmountText: Type.String(), settledAmountText: Type.String(), invoicedAmountText: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]), createdAt: Type.Number(), confirmedAt: Type.Union([Type.Number(), Type.Null()]), closedAt: Type.Union([Type.Number(), Type.Null()]),
});
const LineView = Type.Object({
  id: Type.String(), goodsId: Type.String(), goodsName: Type.String(), category: Type.String(), spec: Type.String(), warehouseName: Type.String(),
  kg: Type.Integer(), tonnes: Type.String(), price: Type.Integer({ description: 'fen per tonne' }), priceText: Type.String(), amount: Type.Integer(), amountText: Type.String(),
});
const OrderInfo = Type.Intersect([OrderView, Type.Object({ lines: Type.Array(LineView), linesText: Type.String({ description: 'the lines, one a line, for read-only views' }) })]);

const PlaceBody = Type.Object({
  lines: Type.Array(
    Type.Object({ goodsId: Type.String({ minLength: 1, maxLength: 50 }), tonnes: Type.Union([Type.String({ maxLength: 20 }), Type.Number()], { description: 'tonnes, at most three decimals (kilogram precision)' }) }),
    { maxItems: MAX_LINES },
  ),
  creditAmount: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number(), Type.Null()], { description: 'yuan from credit; absent: the pool first, credit for the rest' })),
  note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});

const num = (v: unknown) => Number(v);

/** Orders (issue 15 item 4; docs/BUSINESS.md "Orders"): a customer its own organisation's, staff with business.orders:manage everyone's. */
export const orderRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const view = (r: Record<string, unknown>) => {
    const o = orderOf(r);
    return {
      id: o.id, orderNo: o.orderNo, organizeId: o.organizeId, organizeName: String(r.organizeName ?? ''), status: o.status,
      amount: o.amount, poolAmount: o.poolAmount, creditAmount: o.creditAmount, settledAmount: o.settledAmount, invoicedAmount: o.invoicedAmount,
      amountText: formatFen(o.amount), poolAmountText: formatFen(o.poolAmount), creditAmountText: formatFen(o.creditAmount),
      settledAmountText: o.settledAmount === null ? '' : formatFen(o.settledAmount), invoicedAmountText: formatFen(o.invoicedAmount),
      note: o.note, createdAt: o.createdAt, confirmedAt: o.confirmedAt, closedAt: o.closedAt,
    };
  };
  const base = () => db.selectFrom('bizOrder').leftJoin('baseOrganize', 'baseOrganize.id', 'bizOrder.organizeId').selectAll('bizOrder').select('baseOrganize.fullName as organizeName');

  /** The order if the caller's scope covers it; another organisation's is "not found", never shown. */
  async function visibleOrder(request: FastifyRequest, id: string) {
    const scope = await orderingScope(db, request, 'business.orders:manage');
    const row = await base().where('bizOrder.id', '=', id).executeTakeFirst();
    if (!row || !covers(scope, row.organizeId)) throw new AppError(ReplyCode.notFound, 'orders.notFound');
    return row as unknown as Record<string, unknown>;
  }

  app.post('/Order', { config: signedIn, schema: { tags, summary: "Places an order for the caller's organisation at the current prices; pays from the pool, credit or both", body: PlaceBody, response: { 200: Envelope(OrderView) } } }, async (request) => {
    const organizeId = await ownOrganisation(db, request);
    if (!organizeId) throw new AppError(ReplyCode.forbidden, 'orders.noOrganisation');
    // ordering waits for the enterprise certification (issue 21)
    await requireCertified(db, organizeId);
    const lines = request.body.lines.map((l) => {
      const kg = parseTonnes(l.tonnes);
      if (kg === null) throw refuse('orders.badWeight');
      return { goodsId: l.goodsId, kg };
    });
    const given = request.body.creditAmount;
    let creditAmount: number | null = null;
    if (given !== undefined && given !== null && String(given).trim() !== '') {
      creditAmount = parseYuan(given);
      if (creditAmount === null || creditAmount < 0) throw refuse('orders.badCredit');
    }
    const order = await placeOrder(db, { organizeId, by: principalOf(request).user.id, lines, creditAmount, note: request.body.note?.trim() || null });
    return ok(view(order as unknown as Record<string, unknown>), request.t('orders.placed', { orderNo: order.orderNo }));
  });

  app.get(
    '/Order',
    {
      config: signedIn,
      schema: {
        tags, summary: "Orders, newest first: a customer's own organisation's, everyone's for staff with business.orders:manage; keyword matches the number",
        querystring: Type.Object({ ...PagedQueryFields, status: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.Literal('')])), startTime: Type.Optional(Type.Number()), endTime: Type.Optional(Type.Number()), createdAt: Type.Optional(Type.String({ maxLength: 60, description: 'start,end in ms (a date range search)' })) }),
        response: { 200: PagedEnvelope(OrderView) },
      },
    },
    async (request) => {
      const { currentPage, pageSize, keyword, status } = request.query;
      const scope = await orderingScope(db, request, 'business.orders:manage');
      const [from, to] = timeRange(request.query);
      let q = base();
      if (scope.organizeId !== null) q = q.where('bizOrder.organizeId', '=', scope.organizeId);
      if (status !== undefined && status !== '') q = q.where('bizOrder.status', '=', status as 1 | 2 | 3 | 4);
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb(eb.fn('lower', ['bizOrder.orderNo']), 'like', like));
      if (from !== null) q = q.where('bizOrder.createdAt', '>=', from);
      if (to !== null) q = q.where('bizOrder.createdAt', '<=', to);
      const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q.orderBy('bizOrder.createdAt', 'desc').orderBy('bizOrder.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      return ok({ list: rows.map((r) => view(r as unknown as Record<string, unknown>)), pagination: { currentPage, pageSize, total: num(total?.n ?? 0) } });
    },
  );

  app.get('/Order/:id', { config: signedIn, schema: { tags, summary: 'An order with its lines (goods, tonnes, price, amount)', params: IdParams, response: { 200: Envelope(OrderInfo) } } }, async (request) => {
    const row = await visibleOrder(request, request.params.id);
    const lines = await db
      .selectFrom('bizOrderLine')
      .leftJoin('bizGoods', 'bizGoods.id', 'bizOrderLine.goodsId')
      .leftJoin('bizWarehouse', 'bizWarehouse.id', 'bizOrderLine.warehouseId')
      .select(['bizOrderLine.id', 'bizOrderLine.goodsId', 'bizOrderLine.kg', 'bizOrderLine.price', 'bizOrderLine.amount', 'bizGoods.fullName', 'bizGoods.category', 'bizGoods.spec', 'bizGoods.material', 'bizWarehouse.fullName as warehouseName'])
      .where('bizOrderLine.orderId', '=', request.params.id)
      .orderBy('bizOrderLine.sortCode')
      .execute();
    const list = lines.map((l) => ({
      id: l.id, goodsId: l.goodsId, goodsName: l.fullName ?? '', category: l.category ?? '', spec: [l.material, l.spec].filter(Boolean).join(' '), warehouseName: l.warehouseName ?? '',
      kg: num(l.kg), tonnes: formatKg(num(l.kg)), price: num(l.price), priceText: formatFen(num(l.price)), amount: num(l.amount), amountText: formatFen(num(l.amount)),
    }));
    const linesText = list.map((l) => `${l.goodsName}${l.spec ? ` ${l.spec}` : ''}  ${l.tonnes} t × ¥${l.priceText} = ¥${l.amountText}`).join('\n');
    return ok({ ...view(row), lines: list, linesText });
  });

  app.post('/Order/:id/Cancel', { config: signedIn, schema: { tags, summary: 'Cancels a placed order (its organisation or staff with business.orders:manage): the hold released, the credit given back', params: IdParams, response: { 200: Envelope(OrderView) } } }, async (request) => {
    const row = await visibleOrder(request, request.params.id);
    await cancelOrder(db, orderOf(row), principalOf(request).user.id);
    return ok(view(await visibleOrder(request, request.params.id)), request.t('orders.cancelled'));
  });

  app.post('/Order/:id/Confirm', { config: manage, schema: { tags, summary: 'Confirms a placed order: its lines go into the organisation\'s goods awaiting pickup', params: IdParams, response: { 200: Envelope(OrderView) } } }, async (request) => {
    const row = await visibleOrder(request, request.params.id);
    const order = orderOf(row);
    await confirmOrder(db, order, principalOf(request).user.id);
    await notifyConfirmed(db, app.realtime, request.log, order, principalOf(request).user.id);
    return ok(view(await visibleOrder(request, request.params.id)), request.t('orders.confirmed'));
  });

  // the cart's goods: enabled goods with a price, the server's current price
  app.get('/Order/Goods', { config: signedIn, schema: { tags, summary: 'Goods that can be ordered now (enabled, with a price), with the current price', response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), category: Type.String(), spec: Type.String(), unit: Type.String(), warehouseName: Type.String(), price: Type.Integer(), priceText: Type.String() }))) } } }, async () => {
    const rows = await db
      .selectFrom('bizGoods')
      .leftJoin('bizWarehouse', 'bizWarehouse.id', 'bizGoods.warehouseId')
      .select(['bizGoods.id', 'bizGoods.fullName', 'bizGoods.category', 'bizGoods.material', 'bizGoods.spec', 'bizGoods.unit', 'bizGoods.price', 'bizWarehouse.fullName as warehouseName'])
      .where('bizGoods.enabledMark', '=', 1)
      .where('bizGoods.price', 'is not', null)
      .orderBy('bizGoods.category')
      .orderBy('bizGoods.fullName')
      .limit(1000)
      .execute();
    return ok(rows.filter((r) => num(r.price) > 0).map((r) => ({
      id: r.id, fullName: r.fullName, category: r.category, spec: [r.material, r.spec].filter(Boolean).join(' '), unit: r.unit, warehouseName: r.warehouseName ?? '', price: num(r.price), priceText: formatFen(num(r.price)),
    })));
  });
};
