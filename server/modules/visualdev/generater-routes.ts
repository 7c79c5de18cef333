import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import { audit } from '../../audit/record';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { VisualdevRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { translationsColumn, translationsOf } from '../../http/translations';
import { ReplyCode } from '../../../src/runtime/codes';
import { issueTicket, redeemTicket, TICKET_PATTERN } from '../dictionary/tickets';
import { readDefinitionFile } from './definition-import';
import { generatedFiles, zipOf } from './generator';
import { menuDirectories } from './menu-placement';
import { compileOrRefuse, descriptorOf, findModelRow } from './model-store';
import { codeStem, firstFreeCode } from '../../db/free-code';

/**
 * Online development's own calls beside Base: importing an exported definition file, the
 * directories a released page may be placed under, and the code generator of spec 7.15
 * (Generater), whose "code" is the model's descriptor files (generator.ts).
 */
const manage = { access: { permission: 'visualdev.model:manage' as const } };
const tags = ['visualdev'];
const TICKET_KIND = 'visualdevCode';
/** Definitions are JSON of a few hundred kilobytes at most; the largest corpus file is far below. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });
const Problem = Type.Object({ file: Type.String(), path: Type.String(), message: Type.String(), severity: Type.String() });
const Refusal = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(Type.Object({ problems: Type.Optional(Type.Array(Problem)) })) });
const File = Type.Object({ fileName: Type.String(), content: Type.String() });

/** A free model code (an import never overwrites another model). */
async function freeModelCode(db: Db, wanted: string): Promise<string> {
  const taken = await db.selectFrom('baseVisualdev').select('enCode').where('enCode', 'like', `${codeStem(wanted)}%`).execute();
  return firstFreeCode(wanted, new Set(taken.map((r) => r.enCode)));
}

async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) throw refuse('onlineDev.importFileRequired');
  try {
    return { bytes: await file.toBuffer(), name: file.filename ?? 'model.json' };
  } catch {
    throw refuse('onlineDev.importTooLarge', { size: MAX_FILE_BYTES / 1024 / 1024 });
  }
}

export const generaterRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 } });

  app.post('/Base/Action/Import', {
    config: manage,
    schema: {
      tags, summary: 'Import an exported model definition (multipart field file: an exported model, a bare form definition, or generated list items) as a new draft; a taken code gets a suffix',
      consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Object({ id: Type.String(), enCode: Type.String() })), 400: Refusal },
    },
  }, async (request) => {
    const { bytes, name } = await uploadedFile(request);
    const read = readDefinitionFile(bytes, name);
    const enCode = await freeModelCode(db, read.enCode);
    const now = Date.now();
    const row: VisualdevRow = {
      id: newId(), fullName: read.fullName, fullNameI18n: read.fullName_i18n ? translationsColumn(read.fullName_i18n) : null, enCode, category: read.category, type: read.type, webType: read.webType,
      formData: read.formData, columnData: read.columnData, tables: read.tables, sortCode: 0, state: 0, description: read.description,
      releasedFormData: null, releasedColumnData: null, releasedHash: null, indexSignature: null, releasedAt: null, sourceFile: null, sourceHash: null,
      createdAt: now, createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null,
    };
    compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `import/${name}`, request.locale);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('baseVisualdev').values(row).execute();
      await audit(trx, request, { entity: 'model', entityId: row.id, action: 'create', after: row });
    });
    const message = enCode === read.enCode ? request.t('onlineDev.imported') : request.t('onlineDev.importedRenamed', { wanted: read.enCode, code: enCode });
    return ok({ id: row.id, enCode }, message);
  });

  app.get('/Base/MenuDirectories', {
    config: manage,
    schema: {
      tags, summary: 'Menu directories a released model page may be placed under (Release body parentMenuId)',
      response: { 200: Envelope(Type.Object({ list: Type.Array(Type.Object({ id: Type.String(), parentId: Type.String(), fullName: Type.String(), fullName_i18n: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]), type: Type.Integer() })) })) },
    },
  }, async () => {
    const rows = await menuDirectories(db);
    return ok({ list: rows.map((r) => ({ id: r.id, parentId: r.parentId, fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), type: r.type })) });
  });

  app.get('/Generater/AreasName', {
    config: manage,
    schema: { tags, summary: 'The areas generated code goes into: the model categories in use (a generated descriptor keeps its category)', response: { 200: Envelope(Type.Array(Type.String())) } },
  }, async () => {
    const rows = await db.selectFrom('baseVisualdev').select('category').distinct().where('category', 'is not', null).orderBy('category').execute();
    return ok(rows.map((r) => r.category!).filter(Boolean));
  });

  app.post('/Generater/:id/Actions/CodePreview', {
    config: manage,
    schema: { tags, summary: 'The files the code download holds: the model descriptor, its menu entry and a README', params: Id, response: { 200: Envelope(Type.Object({ list: Type.Array(File) })), 400: Refusal } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `visualdev/${row.enCode}`, request.locale);
    return ok({ list: generatedFiles(row) });
  });

  app.post('/Generater/:id/Actions/DownloadCode', {
    config: manage,
    schema: { tags, summary: 'A one-time link to a zip of the generated files', params: Id, response: { 200: Envelope(Type.Object({ url: Type.String(), name: Type.String() })), 400: Refusal } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `visualdev/${row.enCode}`, request.locale);
    const ticket = await issueTicket(db, TICKET_KIND, row.id, principalOf(request).user.id);
    return ok({ url: `/api/visualdev/Generater/Download/${ticket}`, name: `${row.enCode}.zip` });
  });

  app.get('/Generater/Download/:ticket', {
    // Opened by the browser without a header: the unguessable five-minute ticket is the credential.
    config: { access: 'public' },
    schema: {
      tags, summary: 'Download the generated files as a zip', params: Type.Object({ ticket: Type.String({ pattern: TICKET_PATTERN }) }),
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/zip' }) },
    },
  }, async (request, reply) => {
    const id = await redeemTicket(db, TICKET_KIND, request.params.ticket);
    const row = id ? await db.selectFrom('baseVisualdev').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw new AppError(ReplyCode.notFound, 'onlineDev.downloadExpired');
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(row.enCode)}.zip"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zipOf(row, generatedFiles(row))));
  });
};
