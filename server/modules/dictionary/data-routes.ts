import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audited } from '../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { DictionaryDataRow } from '../../db/schema';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { refuse } from '../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { allEnabledEntries, countChildEntries, entriesOf, entryCodeTaken, findEntry, findTypeByIdOrCode, listTypes } from './repository';
import { EntryBody, EntryNode, EntryView, ExportLink, IdParams, OptionNode, PickerNode, entryView } from './schemas';
import { exportLink, ImportReply, importUpload, notFound } from './type-routes';
import { buildTree, descendantIds, withAncestors } from './tree';
import { validateEntry } from './validation';
import { nameIn } from '../../http/translations';
import type { Locale } from '../../../src/runtime/i18n';

const read = { access: 'signedIn' as const };
const manage = { access: { permission: 'system.dictionary:manage' as const } };
const tags = ['dictionary'];
const TypeParams = Type.Object({ typeId: Type.String({ minLength: 1, maxLength: 100, description: 'category id or enCode' }) });
/** An entry for selects and pickers: its name in the caller's language. */
const option = (locale: Locale) => (r: DictionaryDataRow) => ({ id: r.id, parentId: r.parentId, fullName: nameIn(locale, r), enCode: r.enCode });

async function typeOf(db: Db, idOrCode: string) {
  const type = await findTypeByIdOrCode(db, idOrCode);
  if (!type) throw notFound('dictionary.typeNotFound');
  return type;
}

/** Entries as a tree when the category is a tree, else flat (each with no children). */
function shape<T extends { id: string; parentId: string }>(rows: T[], tree: boolean) {
  return tree ? buildTree(rows) : rows.map((r) => ({ ...r, hasChildren: false, children: [] }));
}

/** Checks an entry form and the entry's place in its category; returns the row values. */
async function checkedEntry(db: Db, body: Parameters<typeof validateEntry>[0], exceptId?: string) {
  const input = validateEntry(body);
  const type = await typeOf(db, input.dictionaryTypeId);
  input.dictionaryTypeId = type.id;
  if (input.parentId === type.id) input.parentId = '0';
  if (type.isTree !== 1) input.parentId = '0';
  if (input.parentId !== '0') {
    const rows = await entriesOf(db, type.id);
    if (!rows.some((r) => r.id === input.parentId)) throw refuse('dictionary.parentNotFound');
    if (exceptId && descendantIds(rows, exceptId).has(input.parentId)) throw refuse('dictionary.parentCycle');
  }
  if (await entryCodeTaken(db, type.id, input.enCode, exceptId)) throw refuse('dictionary.entryCodeExists');
  return input;
}

/** /api/system/DictionaryData: dictionary entries. */
export const dictionaryDataRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/DictionaryData/All',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every category with its enabled entries (tree for tree categories), for the client cache',
        response: { 200: Envelope(Type.Object({ list: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), isTree: Type.Integer(), dictionaryList: Type.Array(OptionNode) })) })) },
      },
    },
    async (request) => {
      const [types, entries] = await Promise.all([listTypes(db), allEnabledEntries(db)]);
      const byType = new Map<string, DictionaryDataRow[]>();
      for (const e of entries) (byType.get(e.dictionaryTypeId) ?? byType.set(e.dictionaryTypeId, []).get(e.dictionaryTypeId)!).push(e);
      const list = types.map((t) => ({
        id: t.id, fullName: nameIn(request.locale, t), enCode: t.enCode, isTree: Number(t.isTree),
        dictionaryList: shape((byType.get(t.id) ?? []).map(option(request.locale)), t.isTree === 1),
      }));
      return ok({ list });
    },
  );

  app.get(
    '/DictionaryData/:typeId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Entries of a category (id or enCode): a tree when the category is a tree and isTree is not 0; keyword matches name or code',
        params: TypeParams,
        querystring: Type.Object({ keyword: Type.Optional(Type.String()), isTree: Type.Optional(Type.String()) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(EntryNode) })) },
      },
    },
    async (request) => {
      const type = await typeOf(db, request.params.typeId);
      const tree = type.isTree === 1 && request.query.isTree !== '0';
      const keyword = request.query.keyword?.trim().toLowerCase();
      const stored = await entriesOf(db, type.id);
      const own = new Map(stored.map((r) => [r.id, r.fullName.toLowerCase()]));
      let rows = stored.map((r) => entryView(r, request.locale));
      if (keyword) {
        // the name as shown, or the own name
        const match = (r: { id: string; fullName: string; enCode: string }) => r.fullName.toLowerCase().includes(keyword) || own.get(r.id)!.includes(keyword) || r.enCode.toLowerCase().includes(keyword);
        rows = tree ? withAncestors(rows, match) : rows.filter(match);
      }
      return ok({ list: shape(rows, tree) });
    },
  );

  app.get(
    '/DictionaryData/:typeId/Selector/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "Parent picker: the category as top node (choosing it stores parentId '0') with the entry tree, without entry {id} and its descendants (0 = a new entry: exclude nothing)",
        params: Type.Object({ typeId: TypeParams.properties.typeId, id: Type.String() }),
        querystring: Type.Object({ isTree: Type.Optional(Type.String()) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(PickerNode) })) },
      },
    },
    async (request) => {
      const type = await typeOf(db, request.params.typeId);
      const rows = await entriesOf(db, type.id);
      // {id} names the entry being edited; a new entry's form sends 0 (top-level entries hang under '0': excluding it would drop them all)
      const excluded = rows.some((r) => r.id === request.params.id) ? descendantIds(rows, request.params.id) : new Set<string>();
      const children = type.isTree === 1 ? buildTree(rows.filter((r) => !excluded.has(r.id)).map(option(request.locale))) : [];
      return ok({ list: [{ id: type.id, parentId: '0', fullName: nameIn(request.locale, type), enCode: type.enCode, hasChildren: children.length > 0, children }] });
    },
  );

  app.get(
    '/DictionaryData/:typeId/Data/Selector',
    {
      config: read,
      schema: { tags, summary: 'Enabled entries for selects: {id, fullName, enCode, children}', params: TypeParams, response: { 200: Envelope(Type.Object({ list: Type.Array(OptionNode) })) } },
    },
    async (request) => {
      const type = await typeOf(db, request.params.typeId);
      return ok({ list: shape((await entriesOf(db, type.id, { enabledOnly: true })).map(option(request.locale)), type.isTree === 1) });
    },
  );

  app.get(
    '/DictionaryData/:typeId/:id/Data/Selector',
    {
      config: read,
      schema: {
        tags,
        summary: 'Enabled entries below entry {id} (its subtree), for cascading selects',
        params: Type.Object({ typeId: TypeParams.properties.typeId, id: Type.String() }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(OptionNode) })) },
      },
    },
    async (request) => {
      const type = await typeOf(db, request.params.typeId);
      const rows = (await entriesOf(db, type.id, { enabledOnly: true })).map(option(request.locale));
      const below = descendantIds(rows, request.params.id);
      below.delete(request.params.id);
      return ok({ list: buildTree(rows.filter((r) => below.has(r.id))) });
    },
  );

  app.post('/DictionaryData', { config: manage, schema: { tags, summary: 'New entry', body: EntryBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = await checkedEntry(db, request.body);
    const id = newId();
    await audited(db, request, { entity: 'dictionaryData', entityId: id, action: 'create', after: input }, (trx) => trx.insertInto('baseDictionaryData').values({ id, ...input, createdAt: Date.now() }).execute());
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/DictionaryData/:id', { config: manage, schema: { tags, summary: 'Update an entry', params: IdParams, body: EntryBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findEntry(db, request.params.id);
    if (!existing) throw notFound('dictionary.entryNotFound');
    // The category of an entry does not change.
    const input = await checkedEntry(db, { ...request.body, dictionaryTypeId: existing.dictionaryTypeId }, existing.id);
    await audited(db, request, { entity: 'dictionaryData', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...input } }, (trx) => trx.updateTable('baseDictionaryData').set(input).where('id', '=', existing.id).execute());
    return done(request.t('dictionary.updateSuccess'));
  });

  app.get('/DictionaryData/:id/Info', { config: read, schema: { tags, summary: 'One entry', params: IdParams, response: { 200: Envelope(EntryView) } } }, async (request) => {
    const row = await findEntry(db, request.params.id);
    if (!row) throw notFound('dictionary.entryNotFound');
    return ok(entryView(row));
  });

  app.delete('/DictionaryData/:id', { config: manage, schema: { tags, summary: 'Delete an entry without child entries', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const row = await findEntry(db, request.params.id);
    if (!row) throw notFound('dictionary.entryNotFound');
    if ((await countChildEntries(db, row.id)) > 0) throw refuse('dictionary.entryHasChildren');
    await audited(db, request, { entity: 'dictionaryData', entityId: row.id, action: 'delete', before: row }, (trx) => trx.deleteFrom('baseDictionaryData').where('id', '=', row.id).execute());
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.put(
    '/DictionaryData/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } },
    async (request) => {
      const row = await findEntry(db, request.params.id);
      if (!row) throw notFound('dictionary.entryNotFound');
      const enabledMark = Number(row.enabledMark) === 1 ? 0 : 1;
      await audited(db, request, { entity: 'dictionaryData', entityId: row.id, action: 'update', before: row, after: { ...row, enabledMark } }, (trx) => trx.updateTable('baseDictionaryData').set({ enabledMark }).where('id', '=', row.id).execute());
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );

  app.get(
    '/DictionaryData/:id/Action/Export',
    { config: manage, schema: { tags, summary: 'Export link of a category ({id} = category id or enCode), as DictionaryType/{id}/Action/Export', params: IdParams, response: { 200: Envelope(ExportLink) } } },
    async (request) => {
      const type = await typeOf(db, request.params.id);
      return ok(await exportLink(db, type.id, principalOf(request).user.id));
    },
  );

  app.post(
    '/DictionaryData/Action/Import',
    { config: manage, schema: { tags, summary: 'Import an exported category (multipart field file), as DictionaryType/Action/Import', consumes: ['multipart/form-data'], response: { 200: ImportReply } } },
    async (request) => ok(await importUpload(db, request), request.t('dictionary.importSuccess')),
  );
};
