import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import type { Db, Dialect } from '../../db';
import { EmptyEnvelope, Envelope, ok, CurrentPage } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import type { Locale } from '../../../src/runtime/i18n';
import { formatRecords } from './record-format';
import { takeDownload } from './export';
import { writeStreamedWorkbook } from './export-stream';
import { type ModelPermissions, modelPermissionsOf, requireButton } from './model-permissions';
import { releasedModel } from './model-store';
import { EXPORT_LIMIT, type ListRequest, listPage, recordQueryOf, visibleColumns } from './record-service';
import { listQueries, listRecords } from './record-store';

/**
 * Export of list data (spec widgets 2.8; platform 7.15 Actions/Export, Actions/ExportData): the
 * current page, every row of the current filter, or the selected rows, with the columns the
 * user chose among those they may see, as .xlsx. Every route needs the model's btn_download and
 * reads inside the caller's data scope (the same record query as the list). Rows are read from
 * the store EXPORT_CHUNK at a time, formatted by their kinds and written at once into the sheet
 * (export-stream.ts): memory stays bounded by one chunk, whatever the number of rows.
 */
const tags = ['visualdev'];
/** Records read, formatted and written at a time: memory holds one chunk; fewer, larger pages cost the database fewer sorts. */
const EXPORT_CHUNK = 2000;
const ModelParams = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }) });
const DownloadReply = Type.Object({ url: Type.String(), name: Type.String(), rows: Type.Integer() });
const Refusal = Type.Object({ code: Type.Integer(), msg: Type.String() });
const ExportBody = Type.Object(
  {
    currentPage: Type.Optional(CurrentPage()),
    pageSize: Type.Optional(Type.Integer()),
    keyword: Type.Optional(Type.String({ maxLength: 200 })),
    sidx: Type.Optional(Type.String({ maxLength: 100 })),
    sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    /** 0 = the current page (default), 1 = every row of the current filter, 2 = the rows named by ids. */
    dataType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    /** The selected rows (dataType 2). */
    ids: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 1000 })),
    /** Columns to export (a subset of the permitted list columns, in this order); default all of them. */
    selectKey: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
  },
  { additionalProperties: true },
);
type ExportRequest = ListRequest & { dataType?: number; ids?: string[]; selectKey?: string[] };

export const exportRoutes: FastifyPluginAsyncTypebox<{ db: Db; dialect: Dialect; exportDir: string }> = async (app, { db, dialect, exportDir }) => {
  async function permitted(request: FastifyRequest, modelId: string) {
    const model = await releasedModel(db, modelId, request.locale);
    const perms = modelPermissionsOf(principalOf(request), model);
    requireButton(model, perms, 'btn_download');
    return { model, perms };
  }

  /** The stored rows to export, one bounded chunk at a time. */
  async function* chunksOf(model: CompiledModel, perms: ModelPermissions, body: ExportRequest, scope: 'page' | 'all' | 'selected'): AsyncGenerator<{ id: string; data: string }[]> {
    if (scope === 'page') {
      yield (await listPage(db, dialect, model, perms, body)).rows;
    } else if (scope === 'selected') {
      const ids = [...new Set(body.ids ?? [])];
      if (!ids.length) throw refuse('visualdev.noSelection');
      let query = db.selectFrom('visualdevRecord as r').select(['r.id', 'r.data', 'r.createdAt']).where('r.modelId', '=', model.id).where('r.id', 'in', ids);
      // outside the caller's data scope a record does not exist: it is not exported
      if (perms.scopeSql?.where) query = query.where(perms.scopeSql.where);
      const rows = await query.execute();
      const order = new Map(ids.map((id, i) => [id, i]));
      yield rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    } else {
      const query = recordQueryOf(model, perms, body);
      if (!query.sort.field && !query.group && !query.parent) {
        // the default order (created, id): each chunk starts after the last row of the one before
        // (keyset), so the database never walks past the rows already written, as an offset would
        const op = query.sort.order === 'asc' ? '>' : '<';
        let last: { createdAt: number; id: string } | null = null;
        for (let read = 0; read < EXPORT_LIMIT; ) {
          let rows = listQueries(db, dialect, model.id, query, { limit: Math.min(EXPORT_CHUNK, EXPORT_LIMIT - read), offset: 0 }).rows;
          if (last) {
            const after: { createdAt: number; id: string } = last;
            rows = rows.where((eb) => eb.or([eb('r.createdAt', op, after.createdAt), eb.and([eb('r.createdAt', '=', after.createdAt), eb('r.id', op, after.id)])]));
          }
          const chunk = (await rows.execute()) as { id: string; data: string; createdAt: number }[];
          if (chunk.length) yield chunk;
          read += chunk.length;
          if (chunk.length < EXPORT_CHUNK) return;
          const end = chunk[chunk.length - 1]!;
          last = { createdAt: Number(end.createdAt), id: end.id };
        }
        return;
      }
      for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_CHUNK) {
        const chunk = await listRecords(db, dialect, model.id, query, { limit: Math.min(EXPORT_CHUNK, EXPORT_LIMIT - offset), offset });
        if (chunk.rows.length) yield chunk.rows;
        if (chunk.rows.length < EXPORT_CHUNK) break;
      }
    }
  }

  async function exportRows(model: CompiledModel, perms: ModelPermissions, body: ExportRequest, scope: 'page' | 'all' | 'selected', locale: Locale) {
    const allowed = visibleColumns(model, perms);
    const columns = body.selectKey?.length ? body.selectKey.filter((c) => allowed.includes(c)) : allowed;
    if (!columns.length) throw refuse('bulkImport.noColumns');
    const labels = new Map(model.list.columns.map((c) => [c.prop, c.label]));
    const source = chunksOf(model, perms, body, scope);
    async function* sheetRows() {
      for await (const chunk of source) {
        const shown = await formatRecords(db, model, chunk.map((r) => JSON.parse(r.data) as Record<string, unknown>), locale, columns, 'export');
        yield shown.map((r) => columns.map((c) => r[c]));
      }
    }
    const name = `${model.fullName}.xlsx`;
    const { token, rows } = await writeStreamedWorkbook(exportDir, name, model.fullName.slice(0, 31) || 'Sheet1', columns.map((c) => labels.get(c) ?? c), sheetRows());
    return { url: `/api/visualdev/OnlineDev/Download/${token}`, name, rows };
  }

  const scopeOf = (dataType: number | undefined) => (dataType === 1 ? 'all' : dataType === 2 ? 'selected' : 'page');

  app.post('/OnlineDev/:modelId/Actions/Export', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'Export the chosen permitted list columns of the current page (dataType 0), every row of the filter (1) or the selected rows (2, ids) as .xlsx, inside the caller\'s data scope; replies a one-time download URL',
      params: ModelParams, body: ExportBody, response: { 200: Envelope(DownloadReply), 400: Refusal },
    },
  }, async (request) => {
    const { model, perms } = await permitted(request, request.params.modelId);
    return ok(await exportRows(model, perms, request.body as ExportRequest, scopeOf(request.body.dataType), request.locale));
  });

  app.post('/OnlineDev/:modelId/Actions/ExportData', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Export every row of the current filter as .xlsx (paging ignored; dataType 2 with ids: the selected rows)', params: ModelParams, body: ExportBody, response: { 200: Envelope(DownloadReply), 400: Refusal } },
  }, async (request) => {
    const { model, perms } = await permitted(request, request.params.modelId);
    return ok(await exportRows(model, perms, request.body as ExportRequest, request.body.dataType === 2 ? 'selected' : 'all', request.locale));
  });

  app.get('/OnlineDev/Download/:token', {
    // Opened by the browser as a plain link (no Authorization header): the unguessable,
    // single-use, ten-minute token is the credential.
    config: { access: 'public' },
    schema: {
      tags, summary: 'Download an exported workbook once', params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
      response: { 200: Type.Unknown({ description: '.xlsx bytes' }), 404: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const taken = takeDownload(exportDir, request.params.token);
    if (!taken) throw new AppError(ReplyCode.notFound, 'visualdev.downloadExpired');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(taken.fileName)}`)
      .header('cache-control', 'no-store')
      .send(taken.bytes);
  });
};
