import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { audit } from '../../../audit/record';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { PrintDevRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { refuse } from '../../../http/errors';
import { Envelope, ok, Nullable } from '../../../http/envelope';
import { translationsOf } from '../../../http/translations';
import { issueTicket } from '../../dictionary/tickets';
import { codeTaken, findTemplate, manage, TABLE, tags } from './routes';
import { IdParams, parseMargins } from './schemas';
import { checkReferences, validateTemplate } from './validation';
import { jsonDownloadRoute } from '../../../http/json-download';

const TICKET_KIND = 'printDev';

/** The export file of one template: its definition (the model by id: an import elsewhere needs the same model). */
export const ExportFile = Type.Object({
  kind: Type.Literal('printDev'),
  version: Type.Literal(1),
  template: Type.Object({
    fullName: Type.String(), fullName_i18n: Nullable(Type.Record(Type.String(), Type.String())), enCode: Type.String(), category: Type.String(), type: Type.Integer(),
    formId: Type.String(), templateHtml: Type.String(), paperSize: Type.String(), orientation: Type.String(), margins: Type.Array(Type.Number()),
    sortCode: Type.Integer(), enabledMark: Type.Integer(), description: Nullable(Type.String()),
  }),
});

export function exportFile(r: PrintDevRow) {
  return {
    kind: 'printDev' as const,
    version: 1 as const,
    template: {
      fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), enCode: r.enCode, category: r.category, type: Number(r.type), formId: r.formId,
      templateHtml: r.templateHtml, paperSize: r.paperSize, orientation: r.orientation, margins: parseMargins(r.margins), sortCode: Number(r.sortCode),
      enabledMark: Number(r.enabledMark), description: r.description,
    },
  };
}

/** The uploaded file (multipart field `file`) checked as the editor's save is; a taken code is refused. */
async function importUpload(db: Db, request: FastifyRequest) {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) throw refuse('printDev.importFileRequired');
  let raw: unknown;
  try {
    raw = JSON.parse((await file.toBuffer()).toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse('printDev.importInvalid', { detail: (error as Error).message });
  }
  if (!Value.Check(ExportFile, raw)) {
    const first = [...Value.Errors(ExportFile, raw)][0];
    throw refuse('printDev.importInvalid', { detail: first ? `${first.instancePath || '/'} ${first.message}` : 'JSON' });
  }
  const input = validateTemplate(raw.template);
  if (await codeTaken(db, input.enCode)) throw refuse('printDev.importCodeExists', { code: input.enCode });
  await checkReferences(db, input);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto(TABLE).values({ id, ...input, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null }).execute();
    await audit(trx, request, { entity: 'printDev', entityId: id, action: 'create', after: input });
  });
  return { id };
}

/** GET {id}/Actions/Export: a one-time download link (as the other exports); POST Actions/Import. */
export const printDevTransferRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Only the import takes an upload: multipart stays inside this plugin.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10 } });

  app.get(
    '/printDev/:id/Actions/Export',
    { config: manage, schema: { tags, summary: 'Export link for the template (JSON file)', params: IdParams, response: { 200: Envelope(Type.Object({ url: Type.String(), name: Type.String() })) } } },
    async (request) => {
      const row = await findTemplate(db, request.params.id);
      const ticket = await issueTicket(db, TICKET_KIND, row.id, principalOf(request).user.id);
      return ok({ url: `/api/system/printDev/Download/${ticket}`, name: `${row.fullName}.json` });
    },
  );

  jsonDownloadRoute(app, {
    db, path: '/printDev/Download/:ticket', kind: TICKET_KIND, tags, expired: 'printDev.exportExpired',
    load: async (id) => {
      const row = await db.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { name: row.fullName, code: row.enCode, body: exportFile(row) } : null;
    },
  });


  app.post(
    '/printDev/Actions/Import',
    { config: manage, schema: { tags, summary: 'Import an exported template (multipart field file) as a new one; a taken code is refused', consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok(await importUpload(db, request), request.t('printDev.importSuccess')),
  );
};
