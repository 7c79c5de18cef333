import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { likePattern } from '../../permission/entity-form';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatKg, parseTonnes } from '../../../../src/runtime/weight';
import { changeStock } from '../stock';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.goods:manage' as const } };
const tags = ['goods'];

const StockRow = Type.Object({
  id: Type.String(), warehouseId: Type.String(), warehouseName: Type.String(), goodsId: Type.String(), goodsName: Type.String(), category: Type.String(),
  material: Type.Union([Type.String(), Type.Null()]), spec: Type.Union([Type.String(), Type.Null()]), kg: Type.Integer(), tonnesText: Type.String(), updatedAt: Type.Number(),
});
const LedgerRow = Type.Object({
  id: Type.String(), kind: Type.String(), kgDelta: Type.Integer(), kgAfter: Type.Integer(), deltaText: Type.String(), afterText: Type.String(),
  refType: Type.Union([Type.String(), Type.Null()]), refId: Type.Union([Type.String(), Type.Null()]), note: Type.Union([Type.String(), Type.Null()]), createdAt: Type.Number(),
});

/**
 * Inventory (issue 15 item 6; docs/BUSINESS.md "Inventory"): what each warehouse holds of each good
 * and its ledger, read by every signed-in user (customers order against it); receipts by staff
 * with business.goods:manage, through changeStock.
 */
export const stockRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Stock',
    { config: signedIn, schema: { tags, summary: 'Stock by warehouse and good (kg, and tonnes as text); keyword, category, warehouseId and goodsId filter', querystring: Type.Object({ ...PagedQueryFields, category: Type.Optional(Type.String({ maxLength: 50 })), warehouseId: Type.Optional(Type.String({ maxLength: 50 })), goodsId: Type.Optional(Type.String({ maxLength: 50 })) }), response: { 200: PagedEnvelope(StockRow) } } },
    async (request) => {
      const { currentPage, pageSize, keyword, category, warehouseId, goodsId } = request.query;
      let q = db.selectFrom('bizStock as s').innerJoin('bizGoods as g', 'g.id', 's.goodsId').innerJoin('bizWarehouse as w', 'w.id', 's.warehouseId');
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['g.fullName']), 'like', like), eb(eb.fn('lower', ['g.spec']), 'like', like), eb(eb.fn('lower', ['g.material']), 'like', like)]));
      if (category) q = q.where('g.category', '=', category);
      if (warehouseId) q = q.where('s.warehouseId', '=', warehouseId);
      if (goodsId) q = q.where('s.goodsId', '=', goodsId);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q
        .select(['s.id', 's.warehouseId', 'w.fullName as warehouseName', 's.goodsId', 'g.fullName as goodsName', 'g.category', 'g.material', 'g.spec', 's.kg', 's.updatedAt'])
        .orderBy('w.sortCode').orderBy('w.fullName').orderBy('g.category').orderBy('g.fullName').orderBy('s.id')
        .limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      const list = rows.map((r) => ({ ...r, kg: Number(r.kg), tonnesText: formatKg(Number(r.kg)), updatedAt: Number(r.updatedAt) }));
      return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get(
    '/Stock/:id/Ledger',
    { config: signedIn, schema: { tags, summary: "One place's stock ledger, newest first", params: Type.Object({ id: Type.String({ maxLength: 50 }) }), querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(LedgerRow) } } },
    async (request) => {
      const { currentPage, pageSize } = request.query;
      const place = await db.selectFrom('bizStock').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!place) throw new AppError(ReplyCode.notFound, 'goods.noStock');
      const q = db.selectFrom('bizStockLedger').where('stockId', '=', place.id);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q.select(['id', 'kind', 'kgDelta', 'kgAfter', 'refType', 'refId', 'note', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      const list = rows.map((r) => {
        const [d, a] = [Number(r.kgDelta), Number(r.kgAfter)];
        return { ...r, kgDelta: d, kgAfter: a, deltaText: `${d > 0 ? '+' : ''}${formatKg(d)}`, afterText: formatKg(a), createdAt: Number(r.createdAt) };
      });
      return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.post(
    '/Stock/Receipt',
    {
      config: manage,
      schema: {
        tags, summary: 'Records goods received into a warehouse: tonnes (text, three decimals) or kg (integer), > 0',
        body: Type.Object({ warehouseId: Type.String({ maxLength: 50 }), goodsId: Type.String({ maxLength: 50 }), tonnes: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])), kg: Type.Optional(Type.Integer()), note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])) }),
        response: { 200: Envelope(Type.Object({ stockId: Type.String(), kg: Type.Integer(), tonnesText: Type.String() })) },
      },
    },
    async (request) => {
      const { warehouseId, goodsId, tonnes, note } = request.body;
      const kg = request.body.kg ?? (tonnes === undefined ? null : parseTonnes(tonnes));
      if (kg === null || !Number.isSafeInteger(kg) || kg <= 0) throw refuse('goods.badWeight');
      const [w, g] = await Promise.all([
        db.selectFrom('bizWarehouse').select('id').where('id', '=', warehouseId).executeTakeFirst(),
        db.selectFrom('bizGoods').select('id').where('id', '=', goodsId).executeTakeFirst(),
      ]);
      if (!w) throw refuse('goods.noWarehouse');
      if (!g) throw refuse('goods.notFound');
      const row = await db.transaction().execute((trx) => changeStock(trx, { warehouseId, goodsId, kind: 'receipt', kgDelta: kg, refType: 'receipt', note: note?.trim() || null, by: principalOf(request).user.id }));
      return ok({ stockId: row.stockId, kg: row.kgAfter, tonnesText: formatKg(row.kgAfter) }, request.t('goods.received'));
    },
  );
};
