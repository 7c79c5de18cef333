import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import type { PrintDevRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, ok, Nullable } from '../../../http/envelope';
import { nameIn } from '../../../http/translations';
import { ReplyCode } from '../../../../src/runtime/codes';
import { renderPrintTemplate } from '../../../../src/runtime/print-template';
import { modelPermissionsOf } from '../../visualdev/model-permissions';
import { releasedModel } from '../../visualdev/model-store';
import { loadRecord, readableData } from '../../visualdev/record-service';
import { findTemplate, manage, modelNames, TABLE, tags } from './routes';
import { templateView, TemplateView } from './schemas';
import { printFieldsOf, printRecordOf } from './print-values';

const Field = Type.Object({ field: Type.String(), label: Type.String(), kind: Type.String() });
const PrintRecordSchema = Type.Object({
  fields: Type.Record(Type.String(), Type.String(), { description: 'main-form fields as people read them' }),
  tables: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.String())), { description: 'each sub-table\'s rows, columns as people read them' }),
});
const Printed = Type.Object({ recordId: Type.String(), record: PrintRecordSchema, html: Type.String({ description: 'the template filled with the record (src/runtime/print-template.ts)' }) });
const TreeNode = Type.Object({
  id: Type.String(), fullName: Type.String(), hasChildren: Type.Boolean(),
  children: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), formId: Type.String(), hasChildren: Type.Boolean() })),
});
const IdList = Type.String({ maxLength: 5100, description: 'record ids separated by commas (at most 100)' });

/** A template for printing: an enabled one, unless the caller manages templates (their preview). */
async function printableTemplate(db: Db, request: FastifyRequest, id: string): Promise<PrintDevRow> {
  const row = await findTemplate(db, id);
  if (Number(row.enabledMark) !== 1 && !principalOf(request).permissions.has('system.printDev:manage')) throw new AppError(ReplyCode.notFound, 'printDev.notFound');
  return row;
}

/** The model and the caller's permissions on it, as the record routes judge them (403 without a menu opening it). */
async function modelContext(db: Db, request: FastifyRequest, modelId: string) {
  const model = await releasedModel(db, modelId, request.locale);
  return { model, perms: modelPermissionsOf(principalOf(request), model) };
}

/** Selector, Fields, Data, BatchData of /api/system/printDev (spec 7.14). */
export const printDevPrintRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/printDev/Selector/:type',
    {
      config: { access: 'signedIn' },
      schema: {
        tags, summary: 'Enabled templates of a type (1 flow, 2 form) as a tree by category, for the print-template picker; formId narrows to one model',
        params: Type.Object({ type: Type.Integer({ minimum: 1, maximum: 2 }) }), querystring: Type.Object({ formId: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(TreeNode) })) },
      },
    },
    async (request) => {
      let q = db.selectFrom(TABLE).select(['id', 'fullName', 'fullNameI18n', 'enCode', 'category', 'formId']).where('type', '=', request.params.type).where('enabledMark', '=', 1);
      if (request.query.formId) q = q.where('formId', '=', request.query.formId);
      const rows = await q.orderBy('category').orderBy('sortCode').orderBy('id').execute();
      const categories = await db
        .selectFrom('baseDictionaryData as d').innerJoin('baseDictionaryType as t', 't.id', 'd.dictionaryTypeId')
        .select(['d.enCode', 'd.fullName', 'd.fullNameI18n']).where('t.enCode', '=', 'businessType').execute();
      const names = new Map(categories.map((c) => [c.enCode, nameIn(request.locale, c)]));
      const groups = new Map<string, typeof rows>();
      for (const r of rows) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
      const list = [...groups].map(([category, items]) => ({
        id: category, fullName: names.get(category) ?? category, hasChildren: true,
        children: items.map((i) => ({ id: i.id, fullName: nameIn(request.locale, i), enCode: i.enCode, formId: i.formId, hasChildren: false })),
      }));
      return ok({ list });
    },
  );

  app.post(
    '/printDev/Fields',
    {
      config: manage,
      schema: {
        tags, summary: 'The placeholders a released model offers: stored main-form fields and each sub-table\'s columns',
        body: Type.Object({ formId: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: Envelope(Type.Object({ fields: Type.Array(Field), tables: Type.Array(Type.Object({ table: Type.String(), label: Type.String(), columns: Type.Array(Field) })) })) },
      },
    },
    async (request) => ok(printFieldsOf(await releasedModel(db, request.body.formId, request.locale))),
  );

  app.get(
    '/printDev/Data',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A record for printing, inside the caller\'s record scope (outside it answers as missing): with id, the template and the filled HTML; with formId alone, the values of recordId or of the newest record the caller may read (null: none)',
        querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 50 })), formId: Type.Optional(Type.String({ maxLength: 50 })), recordId: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Envelope(Type.Object({ template: Nullable(TemplateView), recordId: Nullable(Type.String()), record: Nullable(PrintRecordSchema), html: Nullable(Type.String()) })) },
      },
    },
    async (request) => {
      const { id, recordId } = request.query;
      const template = id ? await printableTemplate(db, request, id) : null;
      const formId = template?.formId ?? request.query.formId;
      if (!formId) throw refuse('printDev.dataTarget');
      if (template && request.query.formId && request.query.formId !== template.formId) throw refuse('printDev.dataOtherModel');
      if (template && !recordId) throw refuse('printDev.recordRequired');
      const { model, perms } = await modelContext(db, request, formId);
      let found: { id: string; data: Record<string, unknown> } | null = null;
      if (recordId) {
        const { row, data } = await loadRecord(db, model, recordId, perms);
        found = { id: row.id, data };
      } else {
        let q = db.selectFrom('visualdevRecord as r').select(['r.id', 'r.data']).where('r.modelId', '=', model.id);
        if (perms.scopeSql?.where) q = q.where(perms.scopeSql.where);
        const newest = await q.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(1).executeTakeFirst();
        found = newest ? { id: newest.id, data: JSON.parse(newest.data) as Record<string, unknown> } : null;
      }
      const record = found ? await printRecordOf(db, model, readableData(model, perms, found.data), request.locale) : null;
      const view = template ? templateView(template, (await modelNames(db, [template], request.locale)).get(template.formId) ?? null) : null;
      return ok({ template: view, recordId: found?.id ?? null, record, html: template && record ? renderPrintTemplate(template.templateHtml, record) : null });
    },
  );

  app.get(
    '/printDev/BatchData',
    {
      config: { access: 'signedIn' },
      schema: {
        tags, summary: 'Several records filled into one template, in the order asked; any record outside the caller\'s scope answers as missing',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }), recordIds: IdList }),
        response: { 200: Envelope(Type.Object({ template: TemplateView, list: Type.Array(Printed) })) },
      },
    },
    async (request) => {
      const template = await printableTemplate(db, request, request.query.id);
      const ids = [...new Set(request.query.recordIds.split(',').map((s) => s.trim()).filter(Boolean))];
      if (!ids.length) throw refuse('printDev.recordRequired');
      if (ids.length > 100) throw refuse('printDev.tooManyRecords', { max: 100 });
      const { model, perms } = await modelContext(db, request, template.formId);
      const list = [];
      for (const recordId of ids) {
        const { row, data } = await loadRecord(db, model, recordId, perms);
        const record = await printRecordOf(db, model, readableData(model, perms, data), request.locale);
        list.push({ recordId: row.id, record, html: renderPrintTemplate(template.templateHtml, record) });
      }
      const view = templateView(template, (await modelNames(db, [template], request.locale)).get(template.formId) ?? null);
      return ok({ template: view, list });
    },
  );
};
