import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import type { Db, Dialect } from '../../db';
import { EmptyEnvelope, Envelope, Pagination, done, ok, CurrentPage } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { visibleDefinition } from '../../../src/runtime/compile';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { formatRecords, refNamesOf } from './record-format';
import { hiddenCodes, mayUseColumn, modelPermissionsOf, requireButton } from './model-permissions';
import { findModelRow, releasedModel } from './model-store';
import type { InterfaceOptions } from './option-sources';
import {
  createRecord, type ListRequest, listPage, loadRecord, parseData, readableData, removeRecords,
  treeParentField, updateRecordData, visibleColumns,
} from './record-service';
import { parentsAmong } from './record-store';

/**
 * /api/visualdev/OnlineDev: the records of a released model. Every route is 'signedIn' and
 * then asks model-permissions for the caller's grants on this model (403 without a menu that
 * opens it); column, form and button codes apply when the model turns judging on, and the data
 * scope (useDataPermission) is a condition of every record statement: a record outside it
 * answers exactly as a missing one (tests/api/record-scope.test.ts walks every route).
 */

const tags = ['visualdev'];
const ModelParams = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }) });
const RecordParams = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }), id: Type.String({ minLength: 1, maxLength: 50 }) });
const Row = Type.Record(Type.String(), Type.Unknown());
const Refusal = Type.Object({
  code: Type.Integer(), msg: Type.String(),
  data: Type.Optional(Type.Object({ errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))) })),
});

const listProps = {
  currentPage: Type.Optional(CurrentPage()),
  /** 20, 50, 100, 500 or the model's own page size (a list without paging: 1000); others are refused. Default: the model's own. */
  pageSize: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** Sort field (a list column, search field or the default sort field). */
  sidx: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};
/** Plus search values by field name: a value (equals, or a list of values with searchMultiple), text (fuzzy) or [min, max] (range). */
const ListBody = Type.Object(listProps, { additionalProperties: true });
/**
 * `{ data }` with the field values (an object, or its JSON text), as the designer's client
 * sends it; the renderers' data provider sends the field values themselves, which is taken
 * as the same thing.
 */
const RecordBody = Type.Object({ data: Type.Optional(Type.Unknown()) }, { additionalProperties: true });

/** The field values of a create/update body: `{ data: … }` alone, or the values themselves. */
function valuesOf(body: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(body);
  return parseData(keys.length === 1 && keys[0] === 'data' ? body.data : body);
}
/** Names of the users, organisations, positions … a reply's raw values reference: { user: { id: name } …}. */
const Refs = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { description: 'names of referenced records by kind and id' });
const RecordReply = Type.Object({ id: Type.String(), data: Type.String({ description: 'JSON text of the stored field values' }), refs: Refs });
const DetailReply = Type.Object({ id: Type.String(), data: Type.String({ description: 'JSON text of the field values as people read them (the caller\'s language)' }) });

const GrantList = Type.Object({ all: Type.Boolean(), button: Type.Array(Type.String()), column: Type.Array(Type.String()), form: Type.Array(Type.String()) });
/** The released definition as the product's designer saved it (spec widgets 3: formData as JSON text), without what the caller may not see. */
const ConfigReply = Type.Object({
  id: Type.String(), fullName: Type.String(), enCode: Type.String(), category: Type.Union([Type.String(), Type.Null()]),
  type: Type.Integer(), webType: Type.Integer(),
  /** 0: no approval flow (flows arrive with the flow engine). */
  enableFlow: Type.Integer(),
  formData: Type.String({ description: 'JSON text of the form definition' }),
  columnData: Type.Union([Type.String({ description: 'JSON text of the list configuration' }), Type.Null()]),
  /** What the caller holds on this model's page (all = administrator). */
  granted: GrantList,
});

export const onlineRoutes: FastifyPluginAsyncTypebox<{ db: Db; dialect: Dialect; exportDir: string; options: InterfaceOptions }> = async (app, { db, dialect, exportDir, options }) => {
  const signedIn = { access: 'signedIn' as const };

  async function context(request: FastifyRequest, modelId: string) {
    const principal = principalOf(request);
    const model = await releasedModel(db, modelId, request.locale);
    const perms = modelPermissionsOf(principal, model);
    return { principal, model, perms };
  }

  /** The permitted columns of stored rows, raw, with the names their values reference. */
  const rowsOut = async (model: CompiledModel, rows: { id: string; data: string }[], columns: string[]) => {
    const records = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
    // built key by key: `{ id, ...Object.fromEntries(…) }` cost V8 several µs a row (bench/README.md)
    const list = rows.map((r, i) => {
      const row: Record<string, unknown> = { id: r.id };
      for (const c of columns) row[c] = records[i]![c] ?? null;
      return row;
    });
    return { list, refs: await refNamesOf(db, model, records, columns) };
  };

  app.get('/OnlineDev/:modelId/Config', {
    config: signedIn,
    schema: {
      tags, params: ModelParams, response: { 200: Envelope(ConfigReply) },
      summary: 'The released definition as the caller may see it (formData and columnData as JSON text, without what they are not granted), for the page to compile',
    },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    const row = await findModelRow(db, model.id);
    const parse = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);
    const visible = visibleDefinition(parse(row.releasedFormData) ?? {}, parse(row.releasedColumnData), hiddenCodes(model, perms));
    return ok({
      id: row.id, fullName: model.fullName, enCode: row.enCode, category: row.category, type: row.type, webType: row.webType, enableFlow: 0,
      formData: JSON.stringify(visible.formData), columnData: visible.columnData ? JSON.stringify(visible.columnData) : null,
      granted: { all: perms.all, button: [...perms.button], column: [...perms.column], form: [...perms.form] },
    });
  });

  app.post('/OnlineDev/:modelId/List', {
    config: signedIn,
    schema: {
      tags, summary: 'Records, filtered, sorted and paged in SQL: stored values of the permitted columns, and the names they reference (refs)', params: ModelParams, body: ListBody,
      response: { 200: Envelope(Type.Object({ list: Type.Array(Row), pagination: Pagination, refs: Refs })), 400: Refusal },
    },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    const page = await listPage(db, dialect, model, perms, request.body as ListRequest);
    const columns = visibleColumns(model, perms);
    // grouped list: the group field's display value heads each group, even when it is not a column
    const groupField = model.list.type === 3 ? model.list.groupField : null;
    if (groupField && !columns.includes(groupField) && mayUseColumn(model, perms, model.form.fields[groupField]?.permissionCode ?? groupField)) columns.push(groupField);
    const out = await rowsOut(model, page.rows, columns);
    const list: Record<string, unknown>[] = out.list;
    // tree table: whether each row has children, so the client offers expand only where there is something to load
    const parentField = treeParentField(model);
    if (parentField) {
      const parents = await parentsAmong(db, model.id, parentField, page.rows.map((r) => r.id), perms.scopeSql?.where);
      for (const r of list) r.hasChildren = parents.has(r.id as string);
    }
    return ok({ list, pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total: page.total }, refs: out.refs });
  });

  app.post('/OnlineDev/:modelId', {
    config: signedIn,
    schema: { tags, summary: 'Create a record (validated with the compiled model; system fields from the caller)', params: ModelParams, body: RecordBody, response: { 200: Envelope(Type.Object({ id: Type.String() })), 400: Refusal } },
  }, async (request) => {
    const { principal, model, perms } = await context(request, request.params.modelId);
    requireButton(model, perms, 'btn_add');
    const id = await createRecord(db, model, perms, principal, valuesOf(request.body as Record<string, unknown>), request.locale, options.forRequest(principal), request);
    return ok({ id }, request.t('visualdev.created'));
  });

  app.get('/OnlineDev/:modelId/:id', {
    config: signedIn,
    schema: { tags, summary: 'A record for the edit form and the detail viewer: stored values of readable fields, and the names they reference', params: RecordParams, response: { 200: Envelope(RecordReply) } },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    const { row, data } = await loadRecord(db, model, request.params.id, perms);
    const readable = readableData(model, perms, data);
    return ok({ id: row.id, data: JSON.stringify(readable), refs: await refNamesOf(db, model, [readable]) });
  });

  app.put('/OnlineDev/:modelId/:id', {
    config: signedIn,
    schema: { tags, summary: 'Update a record (fields outside the form permissions keep their stored values)', params: RecordParams, body: RecordBody, response: { 200: EmptyEnvelope, 400: Refusal } },
  }, async (request) => {
    const { principal, model, perms } = await context(request, request.params.modelId);
    requireButton(model, perms, 'btn_edit');
    await updateRecordData(db, model, perms, principal, request.params.id, valuesOf(request.body as Record<string, unknown>), request.locale, options.forRequest(principal), request);
    return done(request.t('visualdev.updated'));
  });

  app.delete('/OnlineDev/:modelId/:id', {
    config: signedIn,
    schema: { tags, summary: 'Delete a record', params: RecordParams, response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    requireButton(model, perms, 'btn_remove');
    const n = await removeRecords(db, model, perms, [request.params.id], request);
    if (n === 0) throw new AppError(ReplyCode.notFound, 'visualdev.recordNotFound');
    return done(request.t('visualdev.deleted'));
  });

  app.get('/OnlineDev/:modelId/:id/DataChange', {
    config: signedIn,
    schema: { tags, summary: 'A record as people read it (each value formatted by its kind, in the caller\'s language), as the product\'s own client shows details', params: RecordParams, response: { 200: Envelope(DetailReply) } },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    const { row, data } = await loadRecord(db, model, request.params.id, perms);
    const [shown] = await formatRecords(db, model, [readableData(model, perms, data)], request.locale);
    return ok({ id: row.id, data: JSON.stringify(shown) });
  });

  app.post('/OnlineDev/batchDelete/:modelId', {
    config: signedIn,
    schema: {
      tags, summary: 'Delete several records in one transaction', params: ModelParams,
      body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 1000 }) }),
      response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
    },
  }, async (request) => {
    const { model, perms } = await context(request, request.params.modelId);
    requireButton(model, perms, 'btn_remove');
    if (request.body.ids.length === 0) throw refuse('visualdev.noSelection');
    const deleted = await removeRecords(db, model, perms, [...new Set(request.body.ids)], request);
    return ok({ deleted }, request.t('visualdev.deleted'));
  });
};
