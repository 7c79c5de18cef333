import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen, parseYuan } from '../../../../src/runtime/money';
import type { RealtimeHub } from '../../../realtime/hub';
import { setPrice } from './prices';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.goods:manage' as const } };
const tags = ['goods'];
const IdParams = Type.Object({ id: Type.String({ maxLength: 50 }) });
const Money = Type.Union([Type.String({ maxLength: 30 }), Type.Number()], { description: 'yuan per tonne, at most two decimals' });

const PricePoint = Type.Object({ price: Type.Integer({ description: 'fen per tonne' }), priceText: Type.String(), createdAt: Type.Number() });
const MonitorRow = Type.Object({
  id: Type.String(), category: Type.String(), fullName: Type.String(), material: Type.Union([Type.String(), Type.Null()]), spec: Type.Union([Type.String(), Type.Null()]), unit: Type.String(), warehouseName: Type.String(),
  price: Type.Union([Type.Integer(), Type.Null()]), previous: Type.Union([Type.Integer(), Type.Null()]), change: Type.Union([Type.Integer({ description: 'fen' }), Type.Null()]),
  changePercent: Type.Union([Type.Number({ description: 'two decimals' }), Type.Null()]), priceAt: Type.Union([Type.Number(), Type.Null()]),
  priceText: Type.String(), changeText: Type.String({ description: 'signed yuan, empty without a previous price' }), changePercentText: Type.String({ description: 'signed, e.g. +1.25%' }),
});
const AlertView = Type.Object({
  id: Type.String(), goodsId: Type.String(), goodsName: Type.String(), unit: Type.String(), direction: Type.Union([Type.Literal('above'), Type.Literal('below')]),
  threshold: Type.Integer({ description: 'fen per tonne' }), thresholdText: Type.String(), enabledMark: Type.Integer(), firedAt: Type.Union([Type.Number(), Type.Null()]), createdAt: Type.Number(),
});

const signed = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

/** Prices (history, monitor) and price alerts (issue 15 item 1; docs/BUSINESS.md "Goods and prices"). */
export const priceRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  const enabledGood = async (id: string) => {
    const g = await db.selectFrom('bizGoods').select(['id', 'enabledMark']).where('id', '=', id).executeTakeFirst();
    if (!g || Number(g.enabledMark) !== 1) throw new AppError(ReplyCode.notFound, 'goods.notFound');
  };

  app.post('/Goods/:id/Price', { config: manage, schema: { tags, summary: "Sets a good's price (yuan per tonne): a history row and the latest price in one transaction, then the alerts it crosses fire", params: IdParams, body: Type.Object({ price: Money }), response: { 200: EmptyEnvelope } } }, async (request) => {
    const price = parseYuan(request.body.price);
    if (price === null || price <= 0) throw refuse('goods.badPrice');
    await setPrice(db, hub, { goodsId: request.params.id, price, by: principalOf(request).user.id });
    return done(request.t('goods.priceSet'));
  });

  app.get('/Goods/:id/Price', { config: signedIn, schema: { tags, summary: "A good's price history, oldest first (the chart); limit: the latest so many (default 90)", params: IdParams, querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }), response: { 200: Envelope(Type.Object({ list: Type.Array(PricePoint) })) } } }, async (request) => {
    await enabledGood(request.params.id);
    const rows = await db.selectFrom('bizPrice').select(['price', 'createdAt']).where('goodsId', '=', request.params.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(request.query.limit ?? 90).execute();
    return ok({ list: rows.reverse().map((r) => ({ price: Number(r.price), priceText: formatFen(Number(r.price)), createdAt: Number(r.createdAt) })) });
  });

  app.get('/Price/Monitor', { config: signedIn, schema: { tags, summary: 'Every enabled good with its latest price, the previous one and the change', querystring: Type.Object({ category: Type.Optional(Type.String({ maxLength: 50 })) }), response: { 200: Envelope(Type.Object({ list: Type.Array(MonitorRow) })) } } }, async (request) => {
    let q = db.selectFrom('bizGoods as g').leftJoin('bizWarehouse as w', 'w.id', 'g.warehouseId')
      .select(['g.id', 'g.category', 'g.fullName', 'g.material', 'g.spec', 'g.unit', 'w.fullName as warehouseName', 'g.price', 'g.priceAt']).where('g.enabledMark', '=', 1);
    if (request.query.category) q = q.where('g.category', '=', request.query.category);
    const goods = await q.orderBy('g.category').orderBy('g.fullName').orderBy('g.id').execute();
    const list = await Promise.all(goods.map(async (g) => {
      const last = await db.selectFrom('bizPrice').select('price').where('goodsId', '=', g.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(2).execute();
      const price = g.price === null ? null : Number(g.price);
      const previous = last.length > 1 ? Number(last[1]!.price) : null;
      const change = price !== null && previous !== null ? price - previous : null;
      const changePercent = change !== null && previous ? Math.round((change / previous) * 10000) / 100 : null;
      return {
        id: g.id, category: g.category, fullName: g.fullName, material: g.material, spec: g.spec, unit: g.unit, warehouseName: g.warehouseName ?? '',
        price, previous, change, changePercent, priceAt: g.priceAt === null ? null : Number(g.priceAt),
        priceText: price === null ? '' : formatFen(price), changeText: change === null ? '' : signed(change),
        changePercentText: changePercent === null ? '' : `${changePercent > 0 ? '+' : ''}${changePercent.toFixed(2)}%`,
      };
    }));
    return ok({ list });
  });

  app.get('/PriceAlert', { config: signedIn, schema: { tags, summary: 'My price alerts', response: { 200: Envelope(Type.Object({ list: Type.Array(AlertView) })) } } }, async (request) => {
    const rows = await db.selectFrom('bizPriceAlert as a').innerJoin('bizGoods as g', 'g.id', 'a.goodsId')
      .select(['a.id', 'a.goodsId', 'g.fullName as goodsName', 'g.unit', 'a.direction', 'a.threshold', 'a.enabledMark', 'a.firedAt', 'a.createdAt'])
      .where('a.userId', '=', principalOf(request).user.id).orderBy('a.createdAt', 'desc').orderBy('a.id').execute();
    return ok({ list: rows.map((r) => ({ ...r, threshold: Number(r.threshold), thresholdText: formatFen(Number(r.threshold)), enabledMark: Number(r.enabledMark), firedAt: r.firedAt === null ? null : Number(r.firedAt), createdAt: Number(r.createdAt) })) });
  });

  app.post('/PriceAlert', { config: signedIn, schema: { tags, summary: 'Sets my alert on a good (above or below a threshold, yuan per tonne); one per good and direction, setting it again re-arms it', body: Type.Object({ goodsId: Type.String({ maxLength: 50 }), direction: Type.Union([Type.Literal('above'), Type.Literal('below')]), threshold: Money }), response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const threshold = parseYuan(request.body.threshold);
    if (threshold === null || threshold <= 0) throw refuse('goods.badPrice');
    await enabledGood(request.body.goodsId);
    const userId = principalOf(request).user.id;
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('bizPriceAlert').where('userId', '=', userId).where('goodsId', '=', request.body.goodsId).where('direction', '=', request.body.direction).execute();
      await trx.insertInto('bizPriceAlert').values({ id, userId, goodsId: request.body.goodsId, direction: request.body.direction, threshold, enabledMark: 1, firedAt: null, createdAt: Date.now() }).execute();
    });
    return ok({ id }, request.t('goods.alertSaved'));
  });

  app.delete('/PriceAlert/:id', { config: signedIn, schema: { tags, summary: 'Removes one of my price alerts', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const gone = await db.deleteFrom('bizPriceAlert').where('id', '=', request.params.id).where('userId', '=', principalOf(request).user.id).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw new AppError(ReplyCode.notFound, 'goods.noAlert');
    return done(request.t('goods.alertRemoved'));
  });
};
