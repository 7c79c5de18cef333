import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { organizeSubtreeIds } from '../../../auth/org-tree';
import { EmptyEnvelope, Envelope, ok } from '../../../http/envelope';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { keptUploads } from '../../../files/kept-uploads';
import { takeDownload, writeWorkbook } from '../../visualdev/export';
import { inOrganizes, withKeyword } from './read';
import { manage, tags } from './manage-routes';
import { DownloadLink, ExportQuery, ImportListBody, ImportResult, PreviewData, PreviewQuery, UploadedData } from './schemas';
import { exportRows, headerRow, importRows, MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES, parseWorkbook, readUpload, sheetOf, textRow, UPLOAD_LIFETIME_MS } from './transfer';
import { initialPasswordHash } from './write';

const EXPORT_CAP = 10_000;

/**
 * Export and import of users (spec 7.3, widgets.md 7 bulk import): workbooks are handed out
 * through one-time ten-minute download links (the visual-development export store);
 * the import dialog uploads to POST Uploader, previews, then posts the rows it kept.
 */
export const transferRoutes: FastifyPluginAsyncTypebox<{ db: Db; dataDir: string }> = async (app, { db, dataDir }) => {
  // Only the upload takes multipart: the plugin stays inside this module.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5, parts: 6 } });
  const exportDir = path.join(dataDir, 'exports');
  const uploads = keptUploads(path.join(dataDir, 'imports', 'users'), UPLOAD_LIFETIME_MS);
  const link = (name: string, sheet: { header: string[]; rows: unknown[][] }) => ({
    url: `/api/permission/Users/Download/${writeWorkbook(exportDir, name, { name: name.replace(/\.xlsx$/, ''), ...sheet })}`,
    name,
  });

  app.get(
    '/ExportExcel',
    { config: manage, schema: { tags, summary: 'Export users as .xlsx (keyword and organizeId as the list; dataType 0 = only the page asked for)', querystring: ExportQuery, response: { 200: Envelope(DownloadLink) } } },
    async (request) => {
      const { keyword, organizeId, dataType = 1, currentPage = 1, pageSize = 20 } = request.query;
      let query = withKeyword(db.selectFrom('baseUser').where('userKind', '!=', 'anonymous'), keyword);
      if (organizeId && organizeId !== '0') query = query.where(inOrganizes(await organizeSubtreeIds(db, [organizeId])));
      query = query.orderBy('baseUser.createdAt', 'desc').orderBy('baseUser.id', 'desc');
      const users = await (dataType === 0 ? query.limit(pageSize).offset((currentPage - 1) * pageSize) : query.limit(EXPORT_CAP)).selectAll('baseUser').execute();
      const rows = await exportRows(db, users, request.locale);
      return ok(link(`${request.t('users.exportName')}.xlsx`, sheetOf(rows, request.locale)));
    },
  );

  app.get(
    '/TemplateDownload',
    { config: manage, schema: { tags, summary: 'The import template: the export columns, no rows', response: { 200: Envelope(DownloadLink) } } },
    async (request) => ok(link(`${request.t('users.templateName')}.xlsx`, sheetOf([], request.locale))),
  );

  app.get(
    '/Download/:token',
    {
      // Opened by the browser as a plain link (no Authorization header): the unguessable,
      // single-use, ten-minute token is the credential.
      config: { access: 'public' },
      schema: { tags, summary: 'Download an exported workbook once', params: Type.Object({ token: Type.String({ maxLength: 100 }) }), response: { 200: Type.Unknown({ description: '.xlsx bytes' }), 404: EmptyEnvelope } },
    },
    async (request, reply) => {
      const taken = takeDownload(exportDir, request.params.token);
      if (!taken) throw new AppError(ReplyCode.notFound, 'users.downloadExpired');
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent(taken.fileName)}`)
        .header('cache-control', 'no-store')
        .send(taken.bytes);
    },
  );

  app.post(
    '/Uploader',
    {
      config: manage,
      schema: { tags, summary: 'Upload a filled template (multipart field file; .xls or .xlsx, under 500 KB); reply name = ImportPreview fileName', consumes: ['multipart/form-data'], response: { 200: Envelope(UploadedData) } },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw refuse('users.importFileRequired');
      if (!/\.xlsx?$/i.test(part.filename)) throw refuse('users.importFileType');
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) throw refuse('users.importFileTooLarge');
      parseWorkbook(bytes); // an unreadable file is refused now, not at preview
      const name = uploads.keep(bytes, part.filename, { userId: principalOf(request).user.id });
      return ok({ name }, request.t('users.uploaded'));
    },
  );

  app.get(
    '/ImportPreview',
    { config: manage, schema: { tags, summary: 'The rows of an uploaded file (fileName from Uploader) under the template columns', querystring: PreviewQuery, response: { 200: Envelope(PreviewData) } } },
    async (request) => {
      const rows = readUpload(uploads, request.query.fileName, principalOf(request).user.id);
      return ok({ headerRow: headerRow(request.locale), dataRow: rows });
    },
  );

  app.post(
    '/ImportData',
    {
      config: manage,
      schema: { tags, summary: `Create users from rows (the preview's, possibly edited; at most ${MAX_IMPORT_ROWS}): valid rows are written in one transaction, failed rows come back with errorsInfo`, body: ImportListBody, response: { 200: Envelope(ImportResult) } },
    },
    async (request) => {
      const rows = request.body.list.map(textRow);
      if (rows.length === 0) throw refuse('users.importEmpty');
      const { passwordHash } = await initialPasswordHash(db);
      const result = await importRows(db, rows, principalOf(request), request.locale, passwordHash, request);
      return ok(result, request.t('users.importDone', { snum: result.snum, fnum: result.fnum }));
    },
  );

  for (const route of ['/ExportExceptionData', '/ImportExceptionData']) {
    app.post(
      route,
      { config: manage, schema: { tags, summary: 'The failed rows of an import (with errorsInfo) as .xlsx', body: ImportListBody, response: { 200: Envelope(DownloadLink) } } },
      async (request) => {
        const list = request.body.list;
        const sheet = sheetOf(list.map(textRow), request.locale, list.map((r) => (typeof r.errorsInfo === 'string' ? r.errorsInfo : '')));
        return ok(link(`${request.t('users.exceptionName')}.xlsx`, sheet));
      },
    );
  }
};
