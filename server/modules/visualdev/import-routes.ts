import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import type { Db } from '../../db';
import { Envelope, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { headerRows, importColumns, type ImportColumn, type ImportRow, recordToLines, rowsToRecords } from '../../../src/runtime/import/layout';
import { writeWorkbook } from './export';
import { keptUploads } from '../../files/kept-uploads';
import { checkImportFile, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseSheet, stopSpareWorker } from './import-parse';
import { importRecords } from './import-service';
import { filterModel, modelPermissionsOf, requireButton } from './model-permissions';
import { releasedModel } from './model-store';
import type { InterfaceOptions } from './option-sources';

/**
 * Bulk import of a model page (spec widgets 2.8, 5, 7; platform 7.17): Uploader → ImportPreview
 * → ImportData, the template (TemplateDownload; Template is the older name) and the failed rows
 * as a spreadsheet (ImportExceptionData). Every route needs the model's import button
 * (btn_upload) as the list's other buttons are checked (model-permissions.ts); the columns are
 * the fields the caller may write, and the records are created as the caller, in their data
 * scope, through the form's save path (import-service.ts).
 */
const tags = ['visualdev'];
const ModelParams = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }) });
const Refusal = Type.Object({ code: Type.Integer(), msg: Type.String() });
const DownloadReply = Type.Object({ url: Type.String(), name: Type.String() });
/** A record of the preview: field texts, and a sub-table's rows (lists of column texts) under its key (shape read by rowOf). */
const ImportRowSchema = Type.Record(Type.String(), Type.Unknown());
const HeaderColumn = Type.Object({ id: Type.String(), fullName: Type.String(), required: Type.Boolean() });
const HeaderRow = Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), required: Type.Boolean(), children: Type.Optional(Type.Array(HeaderColumn)) }));
const FailedRow = Type.Record(Type.String(), Type.Unknown());
const RowList = Type.Object({ list: Type.Array(ImportRowSchema, { maxItems: MAX_IMPORT_ROWS }) });

/** A record as the import reads it: texts (numbers taken as their text), a sub-table as a list of text records; anything else dropped. */
function rowOf(raw: Record<string, unknown>): ImportRow {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 2000) : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);
  const row: ImportRow = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) {
      row[key] = value.slice(0, MAX_IMPORT_ROWS).filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object' && !Array.isArray(c))
        .map((c) => Object.fromEntries(Object.entries(c).flatMap(([k, v]) => (text(v) === null ? [] : [[k, text(v)!]]))));
    } else if (text(value) !== null) row[key] = text(value)!;
  }
  return row;
}

const headerOf = (columns: ImportColumn[]) =>
  columns.map((c) => ({ id: c.key, fullName: c.label, required: c.required, ...(c.children ? { children: c.children.map((k) => ({ id: k.key, fullName: k.label, required: k.required })) } : {}) }));

export const importRoutes: FastifyPluginAsyncTypebox<{ db: Db; exportDir: string; importDir: string; options: InterfaceOptions }> = async (app, { db, exportDir, importDir, options }) => {
  const uploads = keptUploads(importDir, 30 * 60 * 1000);
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('onClose', async () => stopSpareWorker());
  const button = { access: 'signedIn' as const };

  /** The model, the caller's permissions (btn_upload required) and the columns they may import. */
  async function permitted(request: FastifyRequest, modelId: string) {
    const principal = principalOf(request);
    const model = await releasedModel(db, modelId, request.locale);
    const perms = modelPermissionsOf(principal, model);
    requireButton(model, perms, 'btn_upload');
    return { principal, model, perms, columns: importColumns(filterModel(model, perms)) };
  }

  const template = async (request: FastifyRequest<{ Params: { modelId: string } }>) => {
    const { model, columns } = await permitted(request, request.params.modelId);
    const head = headerRows(columns);
    const name = `${request.t('bulkImport.templateName', { name: model.fullName })}.xlsx`;
    const token = writeWorkbook(exportDir, name, { name: model.fullName, header: head.rows[0]!, subHeader: head.rows[1], rows: [], merges: head.merges });
    return ok({ url: `/api/visualdev/OnlineDev/Download/${token}`, name });
  };
  const templateSchema = { tags, params: ModelParams, response: { 200: Envelope(DownloadReply) } };
  app.get('/OnlineDev/:modelId/TemplateDownload', { config: button, schema: { ...templateSchema, summary: 'Import template: the writable fields (required ones marked *), a sub-table\'s columns under its label; replies a one-time download URL' } }, template);
  app.get('/OnlineDev/:modelId/Template', { config: button, schema: { ...templateSchema, summary: 'The import template (older name of TemplateDownload)' } }, template);

  app.post('/OnlineDev/:modelId/Uploader', {
    config: button,
    schema: { tags, summary: 'Upload a filled template (multipart field file: xls or xlsx under 500 KB); replies the name ImportPreview reads it by', params: ModelParams, consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Object({ name: Type.String() })), 400: Refusal } },
  }, async (request) => {
    const { principal, model } = await permitted(request, request.params.modelId);
    const part = request.isMultipart() ? await request.file() : undefined;
    if (!part) throw refuse('bulkImport.uploadFirst');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('bulkImport.tooLarge');
      throw error;
    }
    if (part.file.truncated) throw refuse('bulkImport.tooLarge');
    checkImportFile(part.filename ?? '', bytes);
    return ok({ name: uploads.keep(bytes, part.filename ?? '', { modelId: model.id, userId: principal.user.id }) });
  });

  app.get('/OnlineDev/:modelId/ImportPreview', {
    config: button,
    schema: {
      tags, summary: 'The uploaded sheet read into records (field texts; sub-table rows under their table), parsed off the main thread with size, row and time limits',
      params: ModelParams, querystring: Type.Object({ fileName: Type.String({ maxLength: 100 }) }),
      response: { 200: Envelope(Type.Object({ headerRow: HeaderRow, dataRow: Type.Array(ImportRowSchema) })), 400: Refusal },
    },
  }, async (request) => {
    const { principal, model, columns } = await permitted(request, request.params.modelId);
    const bytes = uploads.read(request.query.fileName, { modelId: model.id, userId: principal.user.id });
    if (!bytes) throw refuse('bulkImport.fileGone');
    const grid = await parseSheet(bytes, headerRows(columns).rows.length);
    return ok({ headerRow: headerOf(columns), dataRow: rowsToRecords(grid, columns) });
  });

  app.post('/OnlineDev/:modelId/ImportData', {
    config: button,
    schema: {
      tags, summary: 'Import the (edited) preview records: each through the form\'s validation, saved in transactions of 100; replies successes and the failed records with errorsInfo',
      params: ModelParams, body: RowList,
      response: { 200: Envelope(Type.Object({ resultType: Type.Integer(), snum: Type.Integer(), fnum: Type.Integer(), failResult: Type.Array(FailedRow) })), 400: Refusal },
    },
  }, async (request) => {
    const { principal, model, perms } = await permitted(request, request.params.modelId);
    const rows = request.body.list.map(rowOf);
    if (!rows.length) throw refuse('bulkImport.empty');
    return ok(await importRecords(db, model, perms, principal, rows, request.locale, options.forRequest(principal), request));
  });

  app.post('/OnlineDev/:modelId/ImportExceptionData', {
    config: button,
    schema: {
      tags, summary: 'The failed records as a spreadsheet in the template\'s layout with the reason column (errorsInfo); replies a one-time download URL',
      params: ModelParams, body: Type.Object({ list: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: MAX_IMPORT_ROWS }) }),
      response: { 200: Envelope(DownloadReply), 400: Refusal },
    },
  }, async (request) => {
    const { model, columns } = await permitted(request, request.params.modelId);
    const reason = request.t('bulkImport.reason');
    const head = headerRows(columns, [reason]);
    const lines = request.body.list.flatMap((r) => recordToLines(rowOf(r), columns, [String(r.errorsInfo ?? '')]));
    const name = `${request.t('bulkImport.failedName', { name: model.fullName })}.xlsx`;
    const token = writeWorkbook(exportDir, name, { name: model.fullName, header: head.rows[0]!, subHeader: head.rows[1], rows: lines, merges: head.merges });
    return ok({ url: `/api/visualdev/OnlineDev/Download/${token}`, name });
  });
};
