import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db';
import type { Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { nextBillNumber } from '../../system/bill-rule/number';
import { covers, orderingScope, ownOrganisation } from '../scope';
import { containing, draw, poolQuery, poolView, undraw } from './pool';
import { PickupView, PoolView, pickupViews } from './views';
import { weightOf } from './weight';

const signedIn = { access: 'signedIn' as const };
const tags = ['pickup'];
const SEE_ALL = 'business.outbound:manage' as const;
const Weight = Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()]));
const Head = {
  vehicle: Type.String({ maxLength: 50 }), driver: Type.String({ maxLength: 50 }), phone: Type.String({ maxLength: 30 }),
  plannedDate: Type.Number({ description: 'ms; not before today' }), note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
};
type HeadBody = { vehicle: string; driver: string; phone: string; plannedDate: number; note?: string | null };
const DAY = 86_400_000;

/** The organisation a customer acts for; staff without a customer company cannot pick up. */
export async function actingOrganisation(db: Db, request: FastifyRequest): Promise<string> {
  const org = await ownOrganisation(db, request);
  if (!org) throw refuse('pickup.noOrganisation');
  return org;
}

function checkHead(b: HeadBody) {
  if (!b.vehicle.trim() || !b.driver.trim()) throw refuse('pickup.badText');
  if (!/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/.test(b.phone.trim())) throw refuse('pickup.badPhone');
  // "today" in any time zone: a date picked as local midnight east of UTC is up to a day behind
  if (!Number.isFinite(b.plannedDate) || b.plannedDate < Date.now() - DAY) throw refuse('pickup.badDate');
}

async function insertPickup(trx: Transaction<Database>, org: string, by: string, b: HeadBody, lines: { waitGoodsId: string; kg: number }[], category: string | null) {
  const now = Date.now();
  const id = newId();
  await trx.insertInto('bizPickup').values({
    id, pickupNo: await nextBillNumber(trx, 'PickupNumber'), organizeId: org, status: 1, noSpec: category === null ? 0 : 1, category,
    vehicle: b.vehicle.trim(), driver: b.driver.trim(), phone: b.phone.trim(), plannedDate: b.plannedDate, note: b.note?.trim() || null, createdBy: by, createdAt: now, confirmedBy: null, confirmedAt: null,
  }).execute();
  for (const l of lines) await trx.insertInto('bizPickupLine').values({ id: newId(), pickupId: id, waitGoodsId: l.waitGoodsId, kg: l.kg, kgActual: null }).execute();
  return id;
}

/** Goods awaiting pickup and pickups (docs/BUSINESS.md "Goods awaiting pickup…"): a customer its organisation's; staff with business.outbound:manage everyone's. */
export const pickupRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/WaitGoods',
    { config: signedIn, schema: { tags, summary: 'Goods awaiting pickup (tonnes as text); keyword matches goods, order number or category; onlyLeft hides fully drawn rows', querystring: Type.Object({ ...PagedQueryFields, category: Type.Optional(Type.String({ maxLength: 50 })), onlyLeft: Type.Optional(Type.Boolean()) }), response: { 200: PagedEnvelope(PoolView) } } },
    async (request) => {
      const { currentPage, pageSize, keyword, category, onlyLeft } = request.query;
      const scope = await orderingScope(db, request, SEE_ALL);
      let q = poolQuery(db);
      if (scope.organizeId !== null) q = q.where('w.organizeId', '=', scope.organizeId);
      if (category) q = q.where('g.category', '=', category);
      if (onlyLeft) q = q.where((eb) => eb('w.kgReserved', '<', eb.ref('w.kgTotal')));
      const k = containing(keyword);
      if (k) q = q.where((eb) => eb.or([eb('g.fullName', 'like', k), eb('o.orderNo', 'like', k), eb('g.category', 'like', k)]));
      // mine: rows the caller may pick up or transfer (staff see everyone's but act for their own)
      const own = await ownOrganisation(db, request);
      const all = (await q.orderBy('w.createdAt', 'desc').orderBy('w.id').execute()).map((r) => ({ ...poolView(r), mine: r.organizeId === own }));
      return ok({ list: all.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: all.length } });
    },
  );

  app.get('/WaitGoods/Categories', { config: signedIn, schema: { tags, summary: "The categories of one's own pool with what is left (kg)", response: { 200: Envelope(Type.Array(Type.Object({ category: Type.String(), kgLeft: Type.Number() }))) } } }, async (request) => {
    const org = await ownOrganisation(db, request);
    const rows = org ? await poolQuery(db).where('w.organizeId', '=', org).execute() : [];
    const left = new Map<string, number>();
    for (const r of rows.map(poolView)) left.set(r.category, (left.get(r.category) ?? 0) + r.kgLeft);
    return ok([...left].filter(([, kg]) => kg > 0).map(([category, kgLeft]) => ({ category, kgLeft })));
  });

  app.post(
    '/Pickup',
    { config: signedIn, schema: { tags, summary: "Requests a pickup of one's own pool rows (weights as kg or tonnes); every draw guarded, all or none", body: Type.Object({ ...Head, lines: Type.Array(Type.Object({ waitGoodsId: Type.String({ maxLength: 50 }), kg: Weight, tonnes: Weight }), { maxItems: 100 }) }), response: { 200: Envelope(PickupView) } } },
    async (request) => {
      const org = await actingOrganisation(db, request);
      const b = request.body;
      checkHead(b);
      const lines = b.lines.map((l) => ({ waitGoodsId: l.waitGoodsId, kg: weightOf(l) }));
      if (lines.length === 0) throw refuse('pickup.noLines');
      if (new Set(lines.map((l) => l.waitGoodsId)).size !== lines.length) throw refuse('pickup.duplicateLine');
      // another organisation's row is not found, never "too little left"
      const owned = await db.selectFrom('bizWaitGoods').select('id').where('id', 'in', lines.map((l) => l.waitGoodsId)).where('organizeId', '=', org).execute();
      if (owned.length !== lines.length) throw new AppError(ReplyCode.notFound, 'pickup.notFound');
      const id = await db.transaction().execute(async (trx) => {
        for (const l of lines) await draw(trx, org, l.waitGoodsId, l.kg);
        return insertPickup(trx, org, principalOf(request).user.id, b, lines, null);
      });
      return ok((await pickupViews(db, [id]))[0], request.t('pickup.requested'));
    },
  );

  app.post(
    '/Pickup/NoSpec',
    { config: signedIn, schema: { tags, summary: "Requests a pickup by category and weight: drawn from one's own rows of that category, oldest first", body: Type.Object({ ...Head, category: Type.String({ minLength: 1, maxLength: 50 }), kg: Weight, tonnes: Weight }), response: { 200: Envelope(PickupView) } } },
    async (request) => {
      const org = await actingOrganisation(db, request);
      const b = request.body;
      checkHead(b);
      const want = weightOf(b);
      const id = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('bizWaitGoods as w').innerJoin('bizGoods as g', 'g.id', 'w.goodsId')
          .select(['w.id', 'w.kgTotal', 'w.kgReserved'])
          .where('w.organizeId', '=', org).where('g.category', '=', b.category)
          .where((eb) => eb('w.kgReserved', '<', eb.ref('w.kgTotal')))
          .orderBy('w.createdAt').orderBy('w.id')
          .execute();
        const lines: { waitGoodsId: string; kg: number }[] = [];
        let rest = want;
        for (const r of rows) {
          if (rest === 0) break;
          const kg = Math.min(rest, Number(r.kgTotal) - Number(r.kgReserved));
          // guarded as any draw: a row drawn meanwhile by another request refuses this pickup
          await draw(trx, org, r.id, kg);
          lines.push({ waitGoodsId: r.id, kg });
          rest -= kg;
        }
        if (rest > 0) throw refuse('pickup.overDraw');
        return insertPickup(trx, org, principalOf(request).user.id, b, lines, b.category);
      });
      return ok((await pickupViews(db, [id]))[0], request.t('pickup.requested'));
    },
  );

  app.get(
    '/Pickup',
    { config: signedIn, schema: { tags, summary: "Pickups with their lines, newest first: one's own organisation's, or everyone's with business.outbound:manage; status filters (1 requested, 2 out, 3 cancelled)", querystring: Type.Object({ ...PagedQueryFields, status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })) }), response: { 200: PagedEnvelope(PickupView) } } },
    async (request) => {
      const { currentPage, pageSize, keyword, status } = request.query;
      const scope = await orderingScope(db, request, SEE_ALL);
      let q = db.selectFrom('bizPickup');
      if (scope.organizeId !== null) q = q.where('organizeId', '=', scope.organizeId);
      if (status) q = q.where('status', '=', status as 1 | 2 | 3);
      const k = containing(keyword);
      if (k) q = q.where((eb) => eb.or([eb('pickupNo', 'like', k), eb('vehicle', 'like', k), eb('driver', 'like', k)]));
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const ids = await q.select('id').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      return ok({ list: await pickupViews(db, ids.map((r) => r.id)), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  /** A pickup within the caller's scope, or "not found". */
  async function pickupInScope(request: FastifyRequest, id: string) {
    const scope = await orderingScope(db, request, SEE_ALL);
    const p = await db.selectFrom('bizPickup').select(['id', 'organizeId', 'status']).where('id', '=', id).executeTakeFirst();
    if (!p || !covers(scope, p.organizeId)) throw new AppError(ReplyCode.notFound, 'pickup.notFound');
    return p;
  }

  app.get('/Pickup/:id', { config: signedIn, schema: { tags, summary: 'One pickup with its lines', params: Type.Object({ id: Type.String({ maxLength: 50 }) }), response: { 200: Envelope(PickupView) } } }, async (request) => {
    const p = await pickupInScope(request, request.params.id);
    return ok((await pickupViews(db, [p.id]))[0]);
  });

  app.post('/Pickup/:id/Cancel', { config: signedIn, schema: { tags, summary: 'Cancels a requested pickup: its draws go back to the pool', params: Type.Object({ id: Type.String({ maxLength: 50 }) }), response: { 200: Envelope(PickupView) } } }, async (request) => {
    const p = await pickupInScope(request, request.params.id);
    await db.transaction().execute(async (trx) => {
      const done = await trx.updateTable('bizPickup').set({ status: 3 }).where('id', '=', p.id).where('status', '=', 1).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refuse('pickup.notRequested');
      const lines = await trx.selectFrom('bizPickupLine').select(['waitGoodsId', 'kg']).where('pickupId', '=', p.id).execute();
      for (const l of lines) await undraw(trx, l.waitGoodsId, Number(l.kg));
    });
    return ok((await pickupViews(db, [p.id]))[0], request.t('pickup.cancelled'));
  });
};
