import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { BillRuleRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { billRuleExample } from '../../../../src/runtime/bill-number';
import { IdParams, ListQuery, RuleBody, RuleView, SelectorRow, ruleView } from './schemas';
import { modelsUsingRule } from './usage';
import { checkCategory, validateRule } from './validation';

const manage = { access: { permission: 'system.billRule:manage' as const } };
const read = { access: 'signedIn' as const };
const tags = ['billRule'];

export async function findRule(db: Db, id: string): Promise<BillRuleRow> {
  const row = await db.selectFrom('baseBillRule').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'billRule.notFound');
  return row;
}

async function codeTaken(db: Db, enCode: string, exceptId?: string) {
  let q = db.selectFrom('baseBillRule').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Columns a list may be sorted by (sidx); anything else keeps the default order. */
const SORTABLE = { fullName: 'fullName', enCode: 'enCode', category: 'category', prefix: 'prefix', sortCode: 'sortCode', enabledMark: 'enabledMark', createdAt: 'createdAt' } as const;

type Query = { keyword?: string; categoryId?: string; category?: string; enabledMark?: number; currentPage: number; pageSize: number; sidx?: string; sort?: string };

/** One page of rules: keyword over name and code, a category, the spec's order (sort code, newest first). */
async function rulePage(db: Db, query: Query, enabledOnly: boolean) {
  let q = db.selectFrom('baseBillRule');
  const k = query.keyword?.trim().toLowerCase();
  if (k) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', `%${k}%`), eb(eb.fn('lower', ['enCode']), 'like', `%${k}%`)]));
  const category = query.categoryId || query.category;
  if (category) q = q.where('category', '=', category);
  if (enabledOnly) q = q.where('enabledMark', '=', 1);
  else if (query.enabledMark !== undefined) q = q.where('enabledMark', '=', query.enabledMark);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const sidx = query.sidx && query.sidx in SORTABLE ? SORTABLE[query.sidx as keyof typeof SORTABLE] : null;
  let ordered = q.selectAll();
  if (sidx) ordered = ordered.orderBy(sidx, query.sort === 'desc' ? 'desc' : 'asc');
  const rows = await ordered.orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id').limit(query.pageSize).offset((query.currentPage - 1) * query.pageSize).execute();
  return { rows, pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(total?.n ?? 0) } };
}

/** /api/system/BillRule: numbering rules (spec 7.13). Numbers: number-routes.ts; export: transfer-routes.ts. */
export const billRuleRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/BillRule', { config: manage, schema: { tags, summary: 'Paged list; keyword matches name or code; categoryId filters', querystring: ListQuery, response: { 200: PagedEnvelope(RuleView) } } }, async (request) => {
    const now = Date.now();
    const { rows, pagination } = await rulePage(db, request.query, false);
    return ok({ list: rows.map((r) => ruleView(r, now)), pagination });
  });

  app.get(
    '/BillRule/Selector',
    { config: read, schema: { tags, summary: 'Enabled rules for the numbering pickers (paged; the value chosen is enCode)', querystring: ListQuery, response: { 200: PagedEnvelope(SelectorRow) } } },
    async (request) => {
      const now = Date.now();
      const { rows, pagination } = await rulePage(db, request.query, true);
      return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode, category: r.category, startNumber: r.startNumber, example: billRuleExample(r, now) })), pagination });
    },
  );

  app.get('/BillRule/:id', { config: manage, schema: { tags, summary: 'One rule', params: IdParams, response: { 200: Envelope(RuleView) } } }, async (request) =>
    ok(ruleView(await findRule(db, request.params.id))),
  );

  app.post('/BillRule', { config: manage, schema: { tags, summary: 'New rule (spec 5.5)', body: RuleBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = validateRule(request.body);
    await checkCategory(db, input.category);
    if (await codeTaken(db, input.enCode)) throw refuse('billRule.codeExists');
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('baseBillRule')
        .values({ id, ...input, lastNumber: null, lastPeriod: null, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null })
        .execute();
      await audit(trx, request, { entity: 'billRule', entityId: id, action: 'create', after: input });
    });
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put(
    '/BillRule/:id',
    { config: manage, schema: { tags, summary: 'Update a rule; its counter runs on (a raised start number applies at once)', params: IdParams, body: RuleBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findRule(db, request.params.id);
      const input = validateRule(request.body);
      await checkCategory(db, input.category);
      if (await codeTaken(db, input.enCode, existing.id)) throw refuse('billRule.codeExists');
      if (input.enCode !== existing.enCode) {
        // forms name the rule by its code: renaming it under them would break their numbers
        const users = await modelsUsingRule(db, existing.enCode);
        if (users.length) throw refuse('billRule.codeLocked', { names: users.map((m) => m.fullName).join('、') });
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseBillRule').set({ ...input, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute();
        await audit(trx, request, { entity: 'billRule', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...input } });
      });
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete(
    '/BillRule/:id',
    { config: manage, schema: { tags, summary: 'Delete a rule no released form draws from', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findRule(db, request.params.id);
      const users = await modelsUsingRule(db, existing.enCode);
      if (users.length) throw refuse('billRule.inUse', { names: users.map((m) => m.fullName).join('、') });
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('baseBillRuleIssued').where('ruleId', '=', existing.id).execute();
        await trx.deleteFrom('baseBillRule').where('id', '=', existing.id).execute();
        await audit(trx, request, { entity: 'billRule', entityId: existing.id, action: 'delete', before: existing });
      });
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.put(
    '/BillRule/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); a disabled rule issues no numbers', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } },
    async (request) => {
      const existing = await findRule(db, request.params.id);
      const enabledMark = Number(existing.enabledMark) === 1 ? 0 : 1;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseBillRule').set({ enabledMark, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute();
        await audit(trx, request, { entity: 'billRule', entityId: existing.id, action: 'update', before: existing, after: { ...existing, enabledMark } });
      });
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );
};
