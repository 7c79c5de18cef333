import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { likePattern } from '../../permission/entity-form';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen, parseYuan } from '../../../../src/runtime/money';
import type { RealtimeHub } from '../../../realtime/hub';
import { setPrice } from './prices';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.goods:manage' as const } };
const tags = ['goods'];
const MANAGE = 'business.goods:manage';
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const IdParams = Type.Object({ id: Type.String({ maxLength: 50 }) });

const WarehouseView = Type.Object({ id: Type.String(), fullName: Type.String(), address: Type.Union([Type.String(), Type.Null()]), sortCode: Type.Integer(), enabledMark: Type.Integer() });
const WarehouseBody = Type.Object({ fullName: Type.String({ maxLength: 100 }), address: Nullable(Type.String({ maxLength: 200 })), sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })), enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) });

export const GoodsView = Type.Object({
  id: Type.String(), category: Type.String(), fullName: Type.String(), material: Type.Union([Type.String(), Type.Null()]), spec: Type.Union([Type.String(), Type.Null()]),
  unit: Type.String(), warehouseId: Type.String(), warehouseName: Type.String(),
  price: Type.Union([Type.Integer({ description: 'fen per tonne' }), Type.Null()]), priceAt: Type.Union([Type.Number(), Type.Null()]),
  priceText: Type.String({ description: 'yuan per tonne, empty before the first price' }), enabledMark: Type.Integer(),
  newPrice: Type.String({ description: 'the form: a new price to set (yuan per tonne), empty' }),
});
const Price = Type.Union([Type.String({ maxLength: 30 }), Type.Number(), Type.Null()], { description: 'yuan per tonne, at most two decimals' });
const GoodsBody = Type.Object({
  category: Type.String({ maxLength: 50 }), fullName: Type.String({ maxLength: 100 }), material: Nullable(Type.String({ maxLength: 50 })), spec: Nullable(Type.String({ maxLength: 100 })),
  unit: Nullable(Type.String({ maxLength: 10 })), warehouseId: Type.String({ maxLength: 50 }), enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })), newPrice: Type.Optional(Price),
});
const GoodsQuery = Type.Object({
  ...PagedQueryFields,
  category: Type.Optional(Type.String({ maxLength: 50 })),
  warehouseId: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)])),
});

type GoodsRecord = { id: string; category: string; fullName: string; material: string | null; spec: string | null; unit: string; warehouseId: string; warehouseName: string | null; price: unknown; priceAt: unknown; enabledMark: unknown };
export const goodsView = (r: GoodsRecord) => {
  const price = r.price === null ? null : Number(r.price);
  return {
    id: r.id, category: r.category, fullName: r.fullName, material: r.material, spec: r.spec, unit: r.unit, warehouseId: r.warehouseId, warehouseName: r.warehouseName ?? '',
    price, priceAt: r.priceAt === null ? null : Number(r.priceAt), priceText: price === null ? '' : formatFen(price), enabledMark: Number(r.enabledMark), newPrice: '',
  };
};

/** Goods with their warehouse's name. */
export const goodsQuery = (db: Db) =>
  db.selectFrom('bizGoods as g').leftJoin('bizWarehouse as w', 'w.id', 'g.warehouseId')
    .select(['g.id', 'g.category', 'g.fullName', 'g.material', 'g.spec', 'g.unit', 'g.warehouseId', 'w.fullName as warehouseName', 'g.price', 'g.priceAt', 'g.enabledMark']);

const trimmed = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Warehouses and goods (issue 15 item 1; docs/BUSINESS.md "Goods and prices"): every signed-in
 * user reads enabled goods and warehouses; staff with business.goods:manage read all and write.
 */
export const goodsRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  const manages = (request: FastifyRequest) => principalOf(request).permissions.has(MANAGE);

  app.get('/Warehouse', { config: signedIn, schema: { tags, summary: 'Warehouses (enabled ones unless the caller manages goods)', response: { 200: Envelope(Type.Object({ list: Type.Array(WarehouseView) })) } } }, async (request) => {
    let q = db.selectFrom('bizWarehouse').select(['id', 'fullName', 'address', 'sortCode', 'enabledMark']);
    if (!manages(request)) q = q.where('enabledMark', '=', 1);
    const rows = await q.orderBy('sortCode').orderBy('id').execute();
    return ok({ list: rows.map((r) => ({ ...r, sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark) })) });
  });
  const warehouseOf = (body: { fullName: string; address?: string | null; sortCode?: number; enabledMark?: number }) => {
    const fullName = body.fullName.trim();
    if (!fullName) throw refuse('goods.nameRequired');
    return { fullName, address: trimmed(body.address), sortCode: body.sortCode ?? 0, enabledMark: body.enabledMark ?? 1 };
  };
  app.post('/Warehouse', { config: manage, schema: { tags, summary: 'Adds a warehouse', body: WarehouseBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const id = newId();
    await db.insertInto('bizWarehouse').values({ id, ...warehouseOf(request.body), createdAt: Date.now() }).execute();
    return ok({ id }, request.t('goods.saved'));
  });
  app.put('/Warehouse/:id', { config: manage, schema: { tags, summary: 'Changes a warehouse', params: IdParams, body: WarehouseBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const done = await db.updateTable('bizWarehouse').set(warehouseOf(request.body)).where('id', '=', request.params.id).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError(ReplyCode.notFound, 'goods.noWarehouse');
    return ok({ id: request.params.id }, request.t('goods.saved'));
  });

  app.get('/Goods', { config: signedIn, schema: { tags, summary: 'Goods, paged; keyword (name, material, spec), category, warehouseId and enabledMark filter', querystring: GoodsQuery, response: { 200: PagedEnvelope(GoodsView) } } }, async (request) => {
    const { currentPage, pageSize, keyword, category, warehouseId, enabledMark } = request.query;
    let q = goodsQuery(db);
    if (!manages(request)) q = q.where('g.enabledMark', '=', 1);
    else if (enabledMark !== undefined) q = q.where('g.enabledMark', '=', Number(enabledMark));
    const like = likePattern(keyword);
    if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['g.fullName']), 'like', like), eb(eb.fn('lower', ['g.material']), 'like', like), eb(eb.fn('lower', ['g.spec']), 'like', like), eb(eb.fn('lower', ['g.category']), 'like', like)]));
    if (category?.trim()) q = q.where('g.category', '=', category.trim());
    if (warehouseId) q = q.where('g.warehouseId', '=', warehouseId);
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.orderBy('g.category').orderBy('g.fullName').orderBy('g.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({ list: rows.map(goodsView), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });
  const oneGood = async (request: FastifyRequest, id: string) => {
    const row = await goodsQuery(db).where('g.id', '=', id).executeTakeFirst();
    if (!row || (Number(row.enabledMark) !== 1 && !manages(request))) throw new AppError(ReplyCode.notFound, 'goods.notFound');
    return goodsView(row);
  };
  app.get('/Goods/:id', { config: signedIn, schema: { tags, summary: 'One good', params: IdParams, response: { 200: Envelope(GoodsView) } } }, async (request) => ok(await oneGood(request, request.params.id)));

  /** Checks a good's fields; the new price (fen) when one is given. */
  const checked = async (body: Static<typeof GoodsBody>) => {
    const category = body.category.trim();
    const fullName = body.fullName.trim();
    if (!category) throw refuse('goods.categoryRequired');
    if (!fullName) throw refuse('goods.nameRequired');
    const warehouse = await db.selectFrom('bizWarehouse').select('id').where('id', '=', body.warehouseId).executeTakeFirst();
    if (!warehouse) throw refuse('goods.noWarehouse');
    const given = body.newPrice !== undefined && body.newPrice !== null && String(body.newPrice).trim() !== '';
    const price = given ? parseYuan(body.newPrice) : null;
    if (given && (price === null || price <= 0)) throw refuse('goods.badPrice');
    return { fields: { category, fullName, material: trimmed(body.material), spec: trimmed(body.spec), unit: trimmed(body.unit) ?? '吨', warehouseId: body.warehouseId, enabledMark: body.enabledMark ?? 1 }, price };
  };
  app.post('/Goods', { config: manage, schema: { tags, summary: 'Adds a good; newPrice (yuan per tonne) sets its first price', body: GoodsBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const { fields, price } = await checked(request.body);
    const id = newId();
    const by = principalOf(request).user.id;
    await setPrice(db, hub, price === null ? null : { goodsId: id, price, by }, async (trx) => {
      await trx.insertInto('bizGoods').values({ id, ...fields, price: null, priceAt: null, createdBy: by, createdAt: Date.now(), updatedAt: null }).execute();
    });
    return ok({ id }, request.t('goods.saved'));
  });
  app.put('/Goods/:id', { config: manage, schema: { tags, summary: 'Changes a good; newPrice (yuan per tonne) sets a new price with it', params: IdParams, body: GoodsBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const { fields, price } = await checked(request.body);
    const id = request.params.id;
    await setPrice(db, hub, price === null ? null : { goodsId: id, price, by: principalOf(request).user.id }, async (trx) => {
      const done = await trx.updateTable('bizGoods').set({ ...fields, updatedAt: Date.now() }).where('id', '=', id).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new AppError(ReplyCode.notFound, 'goods.notFound');
    });
    return ok({ id }, request.t('goods.saved'));
  });
  app.put('/Goods/:id/Actions/State', { config: manage, schema: { tags, summary: 'Toggles a good enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } }, async (request) => {
    const row = await db.selectFrom('bizGoods').select('enabledMark').where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw new AppError(ReplyCode.notFound, 'goods.notFound');
    const enabledMark = Number(row.enabledMark) === 1 ? 0 : 1;
    await db.updateTable('bizGoods').set({ enabledMark, updatedAt: Date.now() }).where('id', '=', request.params.id).execute();
    return ok({ enabledMark }, request.t('goods.saved'));
  });
};
