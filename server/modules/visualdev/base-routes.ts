import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql, type SqlBool } from 'kysely';
import { principalOf } from '../../auth/access';
import { audit } from '../../audit/record';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { VisualdevRow } from '../../db/schema';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok, CurrentPage, Nullable } from '../../http/envelope';
import { nameIn, translationsColumn, translationsOf, TranslationsSchema } from '../../http/translations';
import { refuse } from '../../http/errors';
import { translate, type Locale } from '../../../src/runtime/i18n';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { kindOf } from '../../../src/runtime/kinds';
import { compileOrRefuse, definitionHash, descriptorOf, ensureEnCodeFree, findModelRow, jsonText, releasedModel } from './model-store';
import { deleteAllRecords, indexSignature, reindexModel } from './record-store';
import { checkMenuParent, placeInMenu } from './menu-placement';

/** /api/visualdev/Base: model definitions (the designer's side). */

const manage = { access: { permission: 'visualdev.model:manage' as const } };
const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });
/** Where the released page goes in the menu (the product asks for the parent menu on release). */
const ReleaseBody = Type.Union([Type.Null(), Type.Object({
  parentMenuId: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  fullName: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
})]);

const Summary = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  fullName_i18n: Nullable(TranslationsSchema),
  enCode: Type.String(),
  category: Nullable(Type.String()),
  type: Type.Integer(),
  webType: Type.Integer(),
  /** 0 draft, 1 released. */
  state: Type.Integer(),
  sortCode: Type.Integer(),
  description: Nullable(Type.String()),
  /** File under schemas/models the model comes from; such models are edited in the file. */
  sourceFile: Nullable(Type.String()),
  /** 'file' (schemas/models, edited in the file) or 'stored' (edited here). */
  source: Type.String(),
  createdAt: Type.Number(),
  /** The last change: updatedAt, else createdAt (the list's 更新时间). */
  modifiedAt: Type.Number(),
  updatedAt: Nullable(Type.Number()),
  releasedAt: Nullable(Type.Number()),
});

const Info = Type.Object({
  ...Summary.properties,
  /** JSON text of the draft form definition. */
  formData: Nullable(Type.String()),
  /** JSON text of the draft list configuration. */
  columnData: Nullable(Type.String()),
  tables: Nullable(Type.String()),
});

const Problem = Type.Object({ file: Type.String(), path: Type.String(), message: Type.String(), severity: Type.String() });
const Refusal = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(Type.Object({ problems: Type.Optional(Type.Array(Problem)) })) });

const Definition = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 50 }),
  /** The name in other languages: { "zh-TW": "…", "en": "…" }. */
  fullName_i18n: Type.Optional(Nullable(TranslationsSchema)),
  enCode: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
  category: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  webType: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  /** The form definition: an object, or its JSON text as the designer stores it. */
  formData: Type.Unknown(),
  columnData: Type.Optional(Type.Unknown()),
  tables: Type.Optional(Type.Unknown()),
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});

const FieldItem = Type.Object({
  /** The storing field name (__vModel__). */
  vModel: Type.String(),
  label: Type.String(),
  /** Canonical field kind. */
  kind: Type.String(),
  /** The component key as written in the definition. */
  jnpfKey: Type.String(),
});

const SelectorNode = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.Optional(Type.String()),
  type: Type.Optional(Type.Integer()),
  webType: Type.Optional(Type.Integer()),
  hasChildren: Type.Boolean(),
  children: Type.Optional(Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), type: Type.Integer(), webType: Type.Integer(), hasChildren: Type.Boolean() }))),
});

const summaryOf = (r: VisualdevRow) => ({
  id: r.id, fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), enCode: r.enCode, category: r.category, type: r.type, webType: r.webType, state: r.state,
  sortCode: r.sortCode, description: r.description, sourceFile: r.sourceFile, source: r.sourceFile ? 'file' : 'stored', createdAt: r.createdAt, modifiedAt: r.updatedAt ?? r.createdAt, updatedAt: r.updatedAt, releasedAt: r.releasedAt,
});

/** A copy's name in each language says it is a copy, as its own name does. */
function copiedNames(column: string | null): string | null {
  const names = translationsOf(column);
  if (!names) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(names).map(([locale, name]) => [locale, translate(locale as Locale, 'visualdev.copyOf', { name })])));
}

function refuseFileModel(row: VisualdevRow) {
  if (row.sourceFile) throw refuse('visualdev.fileModelReadOnly', { file: `models/${row.sourceFile}` });
}

/** The released model, else the compiled draft (for field lists in the designer), in the caller's language. */
async function currentModel(db: Db, row: VisualdevRow, locale: Locale): Promise<CompiledModel> {
  if (row.releasedAt !== null) return releasedModel(db, row.id, locale);
  return compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `visualdev/${row.enCode}`, locale);
}

export const baseRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['visualdev'];

  app.get('/Base', {
    config: manage,
    schema: {
      tags, summary: 'Models, paged; keyword matches name or code',
      querystring: Type.Object({
        keyword: Type.Optional(Type.String()), category: Type.Optional(Type.String()),
        currentPage: CurrentPage({ default: 1 }), pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
      }),
      response: { 200: PagedEnvelope(Summary) },
    },
  }, async (request) => {
    const { keyword, category, currentPage, pageSize } = request.query;
    let q = db.selectFrom('baseVisualdev');
    if (keyword) {
      // the escape clause makes a code's underscores literal (jnpf31seed_vd_x), on both databases
      const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or(['fullName', 'enCode'].map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)));
    }
    if (category) q = q.where('category', '=', category);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return ok({ list: rows.map(summaryOf), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.get('/Base/Selector', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Released models as a tree by category (relation-form pickers)', response: { 200: Envelope(Type.Object({ list: Type.Array(SelectorNode) })) } },
  }, async (request) => {
    const rows = await db.selectFrom('baseVisualdev').select(['id', 'fullName', 'fullNameI18n', 'enCode', 'category', 'type', 'webType']).where('state', '=', 1).orderBy('category').orderBy('sortCode').orderBy('fullName').execute();
    const groups = new Map<string, typeof rows>();
    for (const r of rows) groups.set(r.category ?? '', [...(groups.get(r.category ?? '') ?? []), r]);
    const list = [...groups].map(([category, items]) => ({
      id: category || 'uncategorised', fullName: category || '未分类', hasChildren: true,
      children: items.map((i) => ({ id: i.id, fullName: nameIn(request.locale, i), enCode: i.enCode, type: i.type, webType: i.webType, hasChildren: false })),
    }));
    return ok({ list });
  });

  app.post('/Base', {
    config: manage,
    schema: { tags, summary: 'Create a model (draft); the definition must compile', body: Definition, response: { 200: Envelope(Id), 400: Refusal } },
  }, async (request) => {
    const body = request.body;
    const principal = principalOf(request);
    await ensureEnCodeFree(db, body.enCode);
    const now = Date.now();
    const row: VisualdevRow = {
      id: newId(), fullName: body.fullName, fullNameI18n: translationsColumn(body.fullName_i18n), enCode: body.enCode, category: body.category ?? null, type: body.type ?? 1, webType: body.webType ?? 2,
      formData: jsonText(body.formData, 'formData'), columnData: jsonText(body.columnData, 'columnData'), tables: jsonText(body.tables, 'tables') ?? '[]',
      sortCode: body.sortCode ?? 0, state: 0, description: body.description ?? null, releasedFormData: null, releasedColumnData: null, releasedHash: null, indexSignature: null,
      releasedAt: null, sourceFile: null, sourceHash: null, createdAt: now, createdBy: principal.user.id, updatedAt: null, updatedBy: null,
    };
    compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `visualdev/${row.enCode}`, request.locale);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('baseVisualdev').values(row).execute();
      await audit(trx, request, { entity: 'model', entityId: row.id, action: 'create', after: row });
    });
    return ok({ id: row.id }, request.t('visualdev.created'));
  });

  app.get('/Base/:id', {
    config: manage,
    schema: { tags, summary: 'A model with its draft definition (JSON text)', params: Id, response: { 200: Envelope(Info) } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    return ok({ ...summaryOf(row), formData: row.formData, columnData: row.columnData, tables: row.tables });
  });

  app.put('/Base/:id', {
    config: manage,
    schema: { tags, summary: 'Save the draft; released pages keep the released definition until Release', params: Id, body: Definition, response: { 200: EmptyEnvelope, 400: Refusal } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    refuseFileModel(row);
    const body = request.body;
    await ensureEnCodeFree(db, body.enCode, row.id);
    const next: VisualdevRow = {
      ...row, fullName: body.fullName, fullNameI18n: body.fullName_i18n === undefined ? row.fullNameI18n : translationsColumn(body.fullName_i18n), enCode: body.enCode, category: body.category ?? null, type: body.type ?? row.type, webType: body.webType ?? row.webType,
      formData: jsonText(body.formData, 'formData'), columnData: jsonText(body.columnData, 'columnData'), tables: jsonText(body.tables, 'tables') ?? row.tables,
      sortCode: body.sortCode ?? row.sortCode, description: body.description ?? null, updatedAt: Date.now(), updatedBy: principalOf(request).user.id,
      // the released model takes its name from the row: every process compiles it again
      releasedHash: null,
    };
    compileOrRefuse(descriptorOf(next, next.formData, next.columnData), `visualdev/${next.enCode}`, request.locale);
    const { id: _id, ...values } = next;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('baseVisualdev').set(values).where('id', '=', row.id).execute();
      await audit(trx, request, { entity: 'model', entityId: row.id, action: 'update', before: row, after: next });
    });
    return done(request.t('visualdev.updated'));
  });

  app.delete('/Base/:id', {
    config: manage,
    schema: { tags, summary: 'Delete a model and its records (models from files: delete the file)', params: Id, response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    refuseFileModel(row);
    await db.transaction().execute(async (trx) => {
      await deleteAllRecords(trx, row.id);
      await trx.deleteFrom('baseVisualdev').where('id', '=', row.id).execute();
      await audit(trx, request, { entity: 'model', entityId: row.id, action: 'delete', before: row });
    });
    return done(request.t('visualdev.deleted'));
  });

  app.post('/Base/:id/Actions/Copy', {
    config: manage,
    schema: { tags, summary: 'Copy a model as a new draft (name "… 副本", code with a suffix)', params: Id, response: { 200: Envelope(Id) } },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    const now = Date.now();
    const suffix = String(now).slice(-5);
    const copy: VisualdevRow = {
      ...row, id: newId(), fullName: request.t('visualdev.copyOf', { name: row.fullName }).slice(0, 50), fullNameI18n: copiedNames(row.fullNameI18n), enCode: `${row.enCode.slice(0, 44)}_${suffix}`,
      state: 0, releasedFormData: null, releasedColumnData: null, releasedHash: null, indexSignature: null, releasedAt: null, sourceFile: null, sourceHash: null,
      createdAt: now, createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null,
    };
    await ensureEnCodeFree(db, copy.enCode);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('baseVisualdev').values(copy).execute();
      await audit(trx, request, { entity: 'model', entityId: copy.id, action: 'create', after: copy });
    });
    return ok({ id: copy.id }, request.t('visualdev.copied'));
  });

  app.post('/Base/:id/Actions/Release', {
    config: manage,
    schema: {
      tags, summary: 'Compile the draft and publish it to the record API; with parentMenuId, also place its page in the menu under that directory',
      params: Id, body: Type.Optional(ReleaseBody), response: { 200: EmptyEnvelope, 400: Refusal },
    },
  }, async (request) => {
    const row = await findModelRow(db, request.params.id);
    refuseFileModel(row);
    const placement = request.body?.parentMenuId ? { parentMenuId: request.body.parentMenuId, fullName: request.body.fullName ?? undefined, icon: request.body.icon ?? undefined } : null;
    const model = compileOrRefuse(descriptorOf(row, row.formData, row.columnData), `visualdev/${row.enCode}`, request.locale);
    if (placement) await checkMenuParent(db, placement.parentMenuId);
    const now = Date.now();
    // Which fields are indexed follows the released list configuration: the records first, then the row.
    await reindexModel(db, model);
    const released = {
      state: 1, releasedFormData: row.formData, releasedColumnData: row.columnData, releasedAt: now,
      releasedHash: definitionHash({ ...row, releasedFormData: row.formData, releasedColumnData: row.columnData }), indexSignature: indexSignature(model),
      updatedAt: now, updatedBy: principalOf(request).user.id,
    };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('baseVisualdev').set(released).where('id', '=', row.id).execute();
      await audit(trx, request, { entity: 'model', entityId: row.id, action: 'update', before: row, after: { ...row, ...released } });
      if (placement) await placeInMenu(trx, request, row, placement);
    });
    return done(request.t('visualdev.released'));
  });

  app.get('/Base/:id/FormDataFields', {
    config: manage,
    schema: { tags, summary: 'Storing fields of the model (released, else draft) with label and kind', params: Id, response: { 200: Envelope(Type.Object({ list: Type.Array(FieldItem) })) } },
  }, async (request) => {
    const model = await currentModel(db, await findModelRow(db, request.params.id), request.locale);
    const list = Object.values(model.form.fields).filter((f) => f.stores).map((f) => ({ vModel: f.key, label: f.label, kind: f.kind, jnpfKey: f.sourceKey }));
    return ok({ list });
  });

  app.get('/Base/:id/FieldDataSelect', {
    config: manage,
    schema: { tags, summary: 'Fields usable as a relation (single values: no sub-tables, uploads or system fields)', params: Id, response: { 200: Envelope(Type.Object({ list: Type.Array(FieldItem) })) } },
  }, async (request) => {
    const model = await currentModel(db, await findModelRow(db, request.params.id), request.locale);
    const list = Object.values(model.form.fields)
      .filter((f) => f.stores && kindOf(f.kind).relatable)
      .map((f) => ({ vModel: f.key, label: f.label, kind: f.kind, jnpfKey: f.sourceKey }));
    return ok({ list });
  });
};
