import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audited } from '../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { AppError, refuse } from '../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { ReplyCode } from '../../../src/runtime/codes';
import { countChildTypes, countEntries, findType, listTypes, typeCodeTaken, typeTree } from './repository';
import { ExportLink, IdParams, PickerNode, TypeBody, TypeNode, TypeView, typeView } from './schemas';
import { exportCategory, importCategory } from './transfer';
import { nameIn } from '../../http/translations';
import { issueTicket } from './tickets';
import { buildTree, descendantIds } from './tree';
import { validateType } from './validation';
import { jsonDownloadRoute } from '../../http/json-download';
import { KeptReplies } from '../../http/kept-reply';

const read = { access: 'signedIn' as const };
/** The category tree's reply in each language, kept until a category changes. */
const treeReplies = new KeptReplies(['base_dictionary_type']);
const manage = { access: { permission: 'system.dictionary:manage' as const } };
const tags = ['dictionary'];

export const notFound = (key: 'dictionary.typeNotFound' | 'dictionary.entryNotFound') => new AppError(ReplyCode.notFound, key);

/** Issues the export link of a category (shared by DictionaryType and DictionaryData export routes). */
export async function exportLink(db: Db, typeId: string, userId: string) {
  const type = await findType(db, typeId);
  if (!type) throw notFound('dictionary.typeNotFound');
  const ticket = await issueTicket(db, 'dictionary', type.id, userId);
  return { url: `/api/system/DictionaryType/Download/${ticket}`, name: `${type.fullName}.json` };
}

/** Reads the uploaded export file (multipart field `file`) and imports it in one transaction. */
export async function importUpload(db: Db, request: import('fastify').FastifyRequest) {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) throw refuse('dictionary.importFileRequired');
  const text = (await file.toBuffer()).toString('utf8').replace(/^\uFEFF/, '');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw refuse('dictionary.importInvalid', { detail: (error as Error).message });
  }
  return db.transaction().execute((trx) => importCategory(trx, raw, request));
}

export const ImportReply = Envelope(Type.Object({ id: Type.String(), entries: Type.Integer() }));

/** /api/system/DictionaryType: dictionary categories. */
export const dictionaryTypeRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/DictionaryType', { config: read, schema: { tags, summary: 'Category tree', response: { 200: Envelope(Type.Object({ list: Type.Array(TypeNode) })) } } }, async (request, reply) =>
    treeReplies.send(reply, db, request.locale, async () => ok({ list: [...(await typeTree(db, request.locale))] })),
  );

  app.get(
    '/DictionaryType/Selector/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Parent picker: the tree under a top node of id -1, without {id} and its descendants (0 = exclude nothing)',
        params: IdParams,
        response: { 200: Envelope(Type.Object({ list: Type.Array(PickerNode) })) },
      },
    },
    async (request) => {
      const rows = await listTypes(db);
      const excluded = descendantIds(rows, request.params.id);
      const kept = rows.filter((r) => !excluded.has(r.id)).map((r) => ({ id: r.id, parentId: r.parentId, fullName: nameIn(request.locale, r), enCode: r.enCode }));
      const children = buildTree(kept);
      const top = { id: '-1', parentId: '0', fullName: request.t('dictionary.topNode'), enCode: '', hasChildren: children.length > 0, children };
      return ok({ list: [top] });
    },
  );

  app.get('/DictionaryType/:id', { config: read, schema: { tags, summary: 'One category', params: IdParams, response: { 200: Envelope(TypeView) } } }, async (request) => {
    const row = await findType(db, request.params.id);
    if (!row) throw notFound('dictionary.typeNotFound');
    return ok(typeView(row));
  });

  app.post('/DictionaryType', { config: manage, schema: { tags, summary: 'New category', body: TypeBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = validateType(request.body);
    if (input.parentId !== '-1' && !(await findType(db, input.parentId))) throw refuse('dictionary.parentNotFound');
    if (await typeCodeTaken(db, input.enCode)) throw refuse('dictionary.typeCodeExists');
    const id = newId();
    await audited(db, request, { entity: 'dictionaryType', entityId: id, action: 'create', after: input }, (trx) => trx.insertInto('baseDictionaryType').values({ id, ...input, createdAt: Date.now() }).execute());
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put(
    '/DictionaryType/:id',
    { config: manage, schema: { tags, summary: 'Update a category (isTree is fixed at creation)', params: IdParams, body: TypeBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findType(db, request.params.id);
      if (!existing) throw notFound('dictionary.typeNotFound');
      const input = validateType(request.body);
      if (input.parentId !== '-1') {
        const all = await listTypes(db);
        if (descendantIds(all, existing.id).has(input.parentId)) throw refuse('dictionary.parentCycle');
        if (!all.some((r) => r.id === input.parentId)) throw refuse('dictionary.parentNotFound');
      }
      if (await typeCodeTaken(db, input.enCode, existing.id)) throw refuse('dictionary.typeCodeExists');
      const { isTree: _fixed, ...changes } = input;
      await audited(db, request, { entity: 'dictionaryType', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...changes } }, (trx) => trx.updateTable('baseDictionaryType').set(changes).where('id', '=', existing.id).execute());
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete(
    '/DictionaryType/:id',
    { config: manage, schema: { tags, summary: 'Delete a category without entries or sub-categories', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findType(db, request.params.id);
      if (!existing) throw notFound('dictionary.typeNotFound');
      if ((await countChildTypes(db, existing.id)) > 0) throw refuse('dictionary.typeHasChildren');
      if ((await countEntries(db, existing.id)) > 0) throw refuse('dictionary.typeHasEntries');
      await audited(db, request, { entity: 'dictionaryType', entityId: existing.id, action: 'delete', before: existing }, (trx) => trx.deleteFrom('baseDictionaryType').where('id', '=', existing.id).execute());
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.get(
    '/DictionaryType/:id/Action/Export',
    { config: manage, schema: { tags, summary: 'Export link for the category and its entries (JSON file)', params: IdParams, response: { 200: Envelope(ExportLink) } } },
    async (request) => ok(await exportLink(db, request.params.id, principalOf(request).user.id)),
  );

  jsonDownloadRoute(app, {
    db, path: '/DictionaryType/Download/:ticket', kind: 'dictionary', tags, expired: 'dictionary.exportExpired',
    load: async (typeId) => {
      const file = await exportCategory(db, typeId);
      return file ? { name: file.type.fullName, code: file.type.enCode, body: file } : null;
    },
  });


  app.post(
    '/DictionaryType/Action/Import',
    { config: manage, schema: { tags, summary: 'Import an exported category (multipart field file); a category with the same code is refused', consumes: ['multipart/form-data'], response: { 200: ImportReply } } },
    async (request) => ok(await importUpload(db, request), request.t('dictionary.importSuccess')),
  );
};
