import { randomInt } from 'node:crypto';
import { audited } from '../../../audit/record';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { MessageTemplateRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { templatePlaceholders } from '../../../../src/runtime/message-template';
import { IdParams, ListQuery, TemplateBody, TemplateView, templateView, type NameLookup } from './schemas';
import { typeNames } from './types';
import { checkTypes, validateTemplate } from './validation';

// The permission the menu entry system.messageTemplate carries (server/auth/menu-codes.ts).
const manage = { access: { permission: 'message.notice:manage' as const } };
const tags = ['messageTemplate'];
const TABLE = 'baseMessageTemplate' as const;

export async function findTemplate(db: Db, id: string): Promise<MessageTemplateRow> {
  const row = await db.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'messageTemplate.notFound');
  return row;
}

async function codeTaken(db: Db, enCode: string, exceptId?: string) {
  let q = db.selectFrom(TABLE).select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const view = (r: MessageTemplateRow, names: NameLookup) => templateView(r, names, templatePlaceholders(`${r.title}\n${r.content}`));

/** Columns a list may be sorted by (sidx); anything else keeps the default order. */
const SORTABLE = { fullName: 'fullName', enCode: 'enCode', messageType: 'messageType', channel: 'channel', title: 'title', sortCode: 'sortCode', enabledMark: 'enabledMark', createdAt: 'createdAt' } as const;

/** /api/message/MessageTemplateConfig (spec 7.11): list, one, create, update, delete, copy. */
export const messageTemplateRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/MessageTemplateConfig',
    { config: manage, schema: { tags, summary: 'Paged list; keyword matches name, code or title; messageType, channel and enabledMark filter', querystring: ListQuery, response: { 200: PagedEnvelope(TemplateView) } } },
    async (request) => {
      const query = request.query;
      let q = db.selectFrom(TABLE);
      const k = query.keyword?.trim().toLowerCase();
      if (k) {
        const like = `%${k}%`;
        q = q.where((eb) => eb.or(['fullName', 'enCode', 'title'].map((c) => eb(eb.fn('lower', [c as 'fullName']), 'like', eb.val(like)))));
      }
      if (query.messageType) q = q.where('messageType', '=', query.messageType);
      if (query.channel) q = q.where('channel', '=', query.channel);
      if (query.enabledMark !== undefined) q = q.where('enabledMark', '=', query.enabledMark);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const sidx = query.sidx && query.sidx in SORTABLE ? SORTABLE[query.sidx as keyof typeof SORTABLE] : null;
      let ordered = q.selectAll();
      if (sidx) ordered = ordered.orderBy(sidx, query.sort === 'desc' ? 'desc' : 'asc');
      const rows = await ordered.orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id').limit(query.pageSize).offset((query.currentPage - 1) * query.pageSize).execute();
      const names = await typeNames(db, request.locale);
      return ok({ list: rows.map((r) => view(r, names)), pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get('/MessageTemplateConfig/:id', { config: manage, schema: { tags, summary: 'One template', params: IdParams, response: { 200: Envelope(TemplateView) } } }, async (request) =>
    ok(view(await findTemplate(db, request.params.id), await typeNames(db, request.locale))),
  );

  app.post(
    '/MessageTemplateConfig',
    { config: manage, schema: { tags, summary: 'New template', body: TemplateBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const input = validateTemplate(request.body);
      await checkTypes(db, request.locale, input);
      if (await codeTaken(db, input.enCode)) throw refuse('messageTemplate.codeExists');
      const id = newId();
      await audited(db, request, { entity: 'messageTemplate', entityId: id, action: 'create', after: input }, (trx) =>
        trx.insertInto(TABLE).values({ id, ...input, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null }).execute(),
      );
      return ok({ id }, request.t('dictionary.createSuccess'));
    },
  );

  app.put(
    '/MessageTemplateConfig/:id',
    { config: manage, schema: { tags, summary: 'Update a template', params: IdParams, body: TemplateBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findTemplate(db, request.params.id);
      const input = validateTemplate(request.body);
      await checkTypes(db, request.locale, input, existing);
      if (await codeTaken(db, input.enCode, existing.id)) throw refuse('messageTemplate.codeExists');
      await audited(db, request, { entity: 'messageTemplate', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...input } }, (trx) =>
        trx.updateTable(TABLE).set({ ...input, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute(),
      );
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete('/MessageTemplateConfig/:id', { config: manage, schema: { tags, summary: 'Delete a template', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findTemplate(db, request.params.id);
    await audited(db, request, { entity: 'messageTemplate', entityId: existing.id, action: 'delete', before: existing }, (trx) => trx.deleteFrom(TABLE).where('id', '=', existing.id).execute());
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.post(
    '/MessageTemplateConfig/copy/:id',
    { config: manage, schema: { tags, summary: 'Copy: name "….副本NNNNN" (in the caller\'s language), code "….copyNNNNN", disabled until enabled', params: IdParams, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const existing = await findTemplate(db, request.params.id);
      const label = request.t('messageTemplate.copySuffix');
      // a random five-digit suffix as the product does; tried again in the unlikely case it is taken
      for (let attempt = 0; attempt < 5; attempt++) {
        const suffix = String(randomInt(10000, 100000));
        const enCode = `${existing.enCode.slice(0, 50 - suffix.length - 5)}.copy${suffix}`;
        if (await codeTaken(db, enCode)) continue;
        const fullName = `${existing.fullName.slice(0, 50 - suffix.length - label.length - 1)}.${label}${suffix}`;
        const id = newId();
        const copy = { ...existing, id, fullName, enCode, enabledMark: 0, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null };
        await audited(db, request, { entity: 'messageTemplate', entityId: id, action: 'create', after: copy }, (trx) => trx.insertInto(TABLE).values(copy).execute());
        return ok({ id }, request.t('dictionary.copySuccess'));
      }
      throw refuse('messageTemplate.codeExists');
    },
  );
};
