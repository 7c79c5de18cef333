import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { audit } from '../../../audit/record';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { PrintDevRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { nameIn } from '../../../http/translations';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { Locale } from '../../../../src/runtime/i18n';
import { IdParams, ListQuery, TemplateBody, TemplateView, templateView } from './schemas';
import { checkReferences, validateTemplate } from './validation';

export const manage = { access: { permission: 'system.printDev:manage' as const } };
export const tags = ['printDev'];
export const TABLE = 'basePrintDev' as const;

export async function findTemplate(db: Db, id: string): Promise<PrintDevRow> {
  const row = await db.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'printDev.notFound');
  return row;
}

export async function codeTaken(db: Db, enCode: string, exceptId?: string) {
  let q = db.selectFrom(TABLE).select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Names of the models the rows print, in a language. */
export async function modelNames(db: Db, rows: PrintDevRow[], locale: Locale): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.formId))];
  if (!ids.length) return new Map();
  const models = await db.selectFrom('baseVisualdev').select(['id', 'fullName', 'fullNameI18n']).where('id', 'in', ids).execute();
  return new Map(models.map((m) => [m.id, nameIn(locale, m)]));
}

const SORTABLE = { fullName: 'fullName', enCode: 'enCode', category: 'category', type: 'type', sortCode: 'sortCode', enabledMark: 'enabledMark', createdAt: 'createdAt' } as const;

/** A copy's code and name: "….copyNNNNN" and "….副本NNNNN" (the caller's language), as message templates. */
export async function copyNames(db: Db, row: Pick<PrintDevRow, 'enCode' | 'fullName'>, label: string): Promise<{ enCode: string; fullName: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const suffix = String(randomInt(10000, 100000));
    const enCode = `${row.enCode.slice(0, 50 - suffix.length - 5)}.copy${suffix}`;
    if (await codeTaken(db, enCode)) continue;
    return { enCode, fullName: `${row.fullName.slice(0, 50 - suffix.length - label.length - 1)}.${label}${suffix}` };
  }
  throw refuse('printDev.codeExists');
}

/** /api/system/printDev (spec 7.14): list, options, one, create, update, delete, copy. */
export const printDevRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/printDev', { config: manage, schema: { tags, summary: 'Paged list; keyword matches name or code; category, type and enabledMark filter', querystring: ListQuery, response: { 200: PagedEnvelope(TemplateView) } } }, async (request) => {
    const query = request.query;
    let q = db.selectFrom(TABLE);
    const k = query.keyword?.trim().toLowerCase();
    if (k) q = q.where((eb) => eb.or(['fullName', 'enCode'].map((c) => eb(eb.fn('lower', [c as 'fullName']), 'like', eb.val(`%${k}%`)))));
    if (query.category) q = q.where('category', '=', query.category);
    if (query.type !== undefined) q = q.where('type', '=', query.type);
    if (query.enabledMark !== undefined) q = q.where('enabledMark', '=', query.enabledMark);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const sidx = query.sidx && query.sidx in SORTABLE ? SORTABLE[query.sidx as keyof typeof SORTABLE] : null;
    let ordered = q.selectAll();
    if (sidx) ordered = ordered.orderBy(sidx, query.sort === 'desc' ? 'desc' : 'asc');
    const rows = await ordered.orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id').limit(query.pageSize).offset((query.currentPage - 1) * query.pageSize).execute();
    const names = await modelNames(db, rows, request.locale);
    return ok({ list: rows.map((r) => templateView(r, names.get(r.formId) ?? null)), pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(total?.n ?? 0) } });
  });

  app.post(
    '/printDev/getListOptions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags, summary: 'Names of the given enabled templates (a record page\'s print button names the templates it offers)',
        body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 200 }) }),
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), formId: Type.String() }))) },
      },
    },
    async (request) => {
      const ids = request.body.ids;
      if (!ids.length) return ok([]);
      const rows = await db.selectFrom(TABLE).select(['id', 'fullName', 'fullNameI18n', 'enCode', 'formId']).where('id', 'in', ids).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').execute();
      return ok(rows.map((r) => ({ id: r.id, fullName: nameIn(request.locale, r), enCode: r.enCode, formId: r.formId })));
    },
  );

  app.get('/printDev/:id', { config: manage, schema: { tags, summary: 'One template', params: IdParams, response: { 200: Envelope(TemplateView) } } }, async (request) => {
    const row = await findTemplate(db, request.params.id);
    return ok(templateView(row, (await modelNames(db, [row], request.locale)).get(row.formId) ?? null));
  });

  app.post('/printDev', { config: manage, schema: { tags, summary: 'New template (its HTML must pass the allow-list)', body: TemplateBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = validateTemplate(request.body as Record<string, unknown>);
    await checkReferences(db, input);
    if (await codeTaken(db, input.enCode)) throw refuse('printDev.codeExists');
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto(TABLE).values({ id, ...input, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null }).execute();
      await audit(trx, request, { entity: 'printDev', entityId: id, action: 'create', after: input });
    });
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/printDev/:id', { config: manage, schema: { tags, summary: 'Update a template', params: IdParams, body: TemplateBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findTemplate(db, request.params.id);
    const input = validateTemplate(request.body as Record<string, unknown>);
    await checkReferences(db, input);
    if (await codeTaken(db, input.enCode, existing.id)) throw refuse('printDev.codeExists');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable(TABLE).set({ ...input, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute();
      await audit(trx, request, { entity: 'printDev', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...input } });
    });
    return done(request.t('dictionary.updateSuccess'));
  });

  app.delete('/printDev/:id', { config: manage, schema: { tags, summary: 'Delete a template', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findTemplate(db, request.params.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom(TABLE).where('id', '=', existing.id).execute();
      await audit(trx, request, { entity: 'printDev', entityId: existing.id, action: 'delete', before: existing });
    });
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.post(
    '/printDev/:id/Actions/Copy',
    { config: manage, schema: { tags, summary: 'Copy: name "….副本NNNNN" (the caller\'s language), code "….copyNNNNN", disabled until enabled', params: IdParams, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const existing = await findTemplate(db, request.params.id);
      const names = await copyNames(db, existing, request.t('printDev.copySuffix'));
      const id = newId();
      const row = { ...existing, id, ...names, enabledMark: 0, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto(TABLE).values(row).execute();
        await audit(trx, request, { entity: 'printDev', entityId: id, action: 'create', after: row });
      });
      return ok({ id }, request.t('dictionary.copySuccess'));
    },
  );
};
