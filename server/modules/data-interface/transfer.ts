import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db';
import type { DataInterfaceRow } from '../../db/schema';
import { audited } from '../../audit/record';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { refuse } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { issueTicket } from '../dictionary/tickets';
import { parseJsonList } from './execute';
import type { InterfaceExecutor } from './execute';
import { findInterface } from './routes';
import { IdParams } from './schemas';
import { validateInterface } from './validation';
import { jsonDownloadRoute } from '../../http/json-download';

const TICKET_KIND = 'dataInterface';
const manage = { access: { permission: 'system.dataInterface:manage' as const } };
const tags = ['dataInterface'];

/** The export file of one interface: its definition, never its call log or ids. */
export const ExportFile = Type.Object({
  kind: Type.Literal('dataInterface'),
  version: Type.Literal(1),
  interface: Type.Object({
    fullName: Type.String(), enCode: Type.String(), type: Type.Integer(),
    categoryId: Type.Union([Type.String(), Type.Null()]), dataSource: Type.Union([Type.String(), Type.Null()]),
    queryText: Type.Union([Type.String(), Type.Null()]), requestMethod: Type.Union([Type.String(), Type.Null()]), path: Type.Union([Type.String(), Type.Null()]),
    requestHeaders: Type.Array(Type.Unknown()), requestParameters: Type.Array(Type.Unknown()), responseFields: Type.Array(Type.Unknown()),
    enabledMark: Type.Integer(), sortCode: Type.Integer(), description: Type.Union([Type.String(), Type.Null()]),
  }),
});

export function exportFile(r: DataInterfaceRow) {
  return {
    kind: 'dataInterface' as const,
    version: 1 as const,
    interface: {
      fullName: r.fullName, enCode: r.enCode, type: Number(r.type), categoryId: r.categoryId, dataSource: r.dataSource, queryText: r.queryText,
      requestMethod: r.requestMethod, path: r.path, requestHeaders: parseJsonList(r.requestHeaders), requestParameters: parseJsonList(r.requestParameters),
      responseFields: parseJsonList(r.responseFields), enabledMark: Number(r.enabledMark), sortCode: Number(r.sortCode), description: r.description,
    },
  };
}

/** Reads the uploaded file (multipart field `file`): the same form rules and save-time SQL check as the form. */
async function importUpload(db: Db, executor: InterfaceExecutor, request: FastifyRequest, userId: string) {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) throw refuse('dataInterfaceAdmin.importFileRequired');
  let raw: unknown;
  try {
    raw = JSON.parse((await file.toBuffer()).toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse('dataInterfaceAdmin.importInvalid', { detail: (error as Error).message });
  }
  if (!Value.Check(ExportFile, raw)) {
    const first = [...Value.Errors(ExportFile, raw)][0];
    throw refuse('dataInterfaceAdmin.importInvalid', { detail: first ? `${first.instancePath || '/'} ${first.message}` : 'JSON' });
  }
  const src = raw.interface;
  const input = validateInterface({
    ...src, categoryId: src.categoryId ?? undefined, dataSource: src.dataSource ?? undefined, queryText: src.queryText ?? undefined,
    requestMethod: src.requestMethod ?? undefined, path: src.path ?? undefined, description: src.description ?? undefined,
  });
  if (await db.selectFrom('baseDataInterface').select('id').where('enCode', '=', input.enCode).executeTakeFirst()) {
    throw refuse('dataInterfaceAdmin.importCodeExists', { code: input.enCode });
  }
  // a category of another installation is dropped rather than left dangling
  if (input.categoryId && !(await db.selectFrom('baseDictionaryData').select('id').where('id', '=', input.categoryId).executeTakeFirst())) input.categoryId = null;
  await executor.checkOnSave(input);
  const id = newId();
  await audited(db, request, { entity: 'dataInterface', entityId: id, action: 'create', after: input }, (trx) =>
    trx.insertInto('baseDataInterface').values({ id, ...input, createdAt: Date.now(), createdBy: userId, updatedAt: null, updatedBy: null }).execute(),
  );
  return { id };
}

/** GET {id}/Action/Export (spec 7.9): a one-time download link, as the dictionary and bill-rule exports; and the import. */
export const dataInterfaceTransferRoutes: FastifyPluginAsyncTypebox<{ db: Db; executor: InterfaceExecutor }> = async (app, { db, executor }) => {
  // Only the import takes an upload: multipart stays inside this plugin. An interface file is small.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10 } });
  app.get(
    '/DataInterface/:id/Action/Export',
    { config: manage, schema: { tags, summary: 'Export link for the interface (JSON file)', params: IdParams, response: { 200: Envelope(Type.Object({ url: Type.String(), name: Type.String() })) } } },
    async (request) => {
      const row = await findInterface(db, request.params.id);
      const ticket = await issueTicket(db, TICKET_KIND, row.id, principalOf(request).user.id);
      return ok({ url: `/api/system/DataInterface/Download/${ticket}`, name: `${row.fullName}.json` });
    },
  );

  jsonDownloadRoute(app, {
    db, path: '/DataInterface/Download/:ticket', kind: TICKET_KIND, tags, expired: 'dataInterfaceAdmin.exportExpired',
    load: async (id) => {
      const row = await db.selectFrom('baseDataInterface').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { name: row.fullName, code: row.enCode, body: exportFile(row) } : null;
    },
  });


  app.post(
    '/DataInterface/Action/Import',
    { config: manage, schema: { tags, summary: 'Import an exported interface (multipart field file) as a new one; a taken code is refused', consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok(await importUpload(db, executor, request, principalOf(request).user.id), request.t('dataInterfaceAdmin.importSuccess')),
  );
};
