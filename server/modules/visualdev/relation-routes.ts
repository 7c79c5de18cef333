import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Principal } from '../../auth/principal';
import { principalOf } from '../../auth/access';
import type { Db, Dialect } from '../../db';
import { Envelope, PagedEnvelope, ok, CurrentPage } from '../../http/envelope';
import { refuse } from '../../http/errors';
import type { Locale } from '../../../src/runtime/i18n';
import type { CompiledField, CompiledModel } from '../../../src/runtime/model/compiled';
import { popupConfigOf, relationReady } from '../../../src/runtime/popup-select';
import { modelPermissionsOf } from './model-permissions';
import { relationTargetScope } from './relation-checks';
import { releasedModel } from './model-store';
import { formatRecords } from './record-format';
import { indexedFields, listRecords } from './record-store';

/**
 * The records a related-form field (relationForm) of model A may pick from model B
 * (docs/DECISIONS.md, issue 12 item 4). Whoever is granted a page of A may list B's records
 * through A's released field: only B's id, the field's shown field (relationField), its
 * columnOptions and the showField of A's relationFormAttr fields naming it, as people read them;
 * only records inside B's data scope for this caller when B judges data (none without a grant on
 * B — deny by default); all of B's records when B does not judge data. Nothing else of B opens.
 */

const tags = ['visualdev'];
const Params = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }), field: Type.String({ minLength: 1, maxLength: 100 }) });
const Row = Type.Record(Type.String(), Type.Unknown());
const ListBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: CurrentPage({ default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 20 }),
});
const IdsBody = Type.Object({ ids: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 1000 }) });

/** A's related-form field by key (top level or a sub-table column), configured with a model and a shown field. */
function relationFieldOf(model: CompiledModel, key: string): CompiledField {
  const fields = Object.values(model.form.fields).flatMap((f) => [f, ...(f.columns ?? [])]);
  const field = fields.find((f) => f.key === key && f.kind === 'relationForm');
  if (!field || !relationReady(popupConfigOf(field.props, true))) throw refuse('popupSelect.relationField');
  return field;
}

/** B's columns the field may show: its shown field, its columns, and the attributes of A that read it. */
function shownColumns(model: CompiledModel, field: CompiledField, target: CompiledModel): string[] {
  const config = popupConfigOf(field.props, true);
  const attrs = Object.values(model.form.fields)
    .flatMap((f) => [f, ...(f.columns ?? [])])
    .filter((f) => f.kind === 'relationFormAttr' && f.props.relationField === field.key)
    .map((f) => String(f.props.showField ?? ''));
  const wanted = new Set([config.relationField, ...config.columnOptions.map((c) => c.value), ...attrs]);
  return [...wanted].filter((c) => c && target.form.fields[c]?.stores);
}

export const relationRoutes: FastifyPluginAsyncTypebox<{ db: Db; dialect: Dialect }> = async (app, { db, dialect }) => {
  const signedIn = { access: 'signedIn' as const };

  async function context(principal: Principal, modelId: string, key: string, locale: Locale) {
    const model = await releasedModel(db, modelId, locale);
    modelPermissionsOf(principal, model); // 403 without a grant on A's page
    const field = relationFieldOf(model, key);
    const target = await releasedModel(db, popupConfigOf(field.props, true).modelId, locale);
    return { target, columns: shownColumns(model, field, target), scope: relationTargetScope(principal, target) };
  }

  const shaped = async (target: CompiledModel, rows: { id: string; data: string }[], columns: string[], locale: Locale) => {
    const records = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
    const shown = await formatRecords(db, target, records, locale, columns);
    return rows.map((r, i) => {
      const out: Record<string, unknown> = { id: r.id };
      for (const c of columns) out[c] = shown[i]![c] ?? null;
      return out;
    });
  };

  app.post('/OnlineDev/:modelId/Relation/:field/List', {
    config: signedIn,
    schema: {
      tags, params: Params, body: ListBody, response: { 200: PagedEnvelope(Row) },
      summary: 'Records of the model a related-form field of this model points at, for its picker: id and the field\'s shown columns as people read them, within that model\'s data scope for the caller',
    },
  }, async (request) => {
    const { target, columns, scope } = await context(principalOf(request), request.params.modelId, request.params.field, request.locale);
    const { keyword, currentPage, pageSize } = request.body;
    const indexed = indexedFields(target);
    const sortField = target.list.defaultSort.field && indexed.has(target.list.defaultSort.field) ? target.list.defaultSort.field : null;
    const text = keyword?.trim();
    const { rows, total } = await listRecords(db, dialect, target.id, {
      filters: [],
      keyword: text ? { text, fields: columns.filter((c) => indexed.has(c)) } : null,
      sort: { field: sortField, numeric: sortField ? indexed.get(sortField) === 'num' : false, order: target.list.defaultSort.order },
      group: null, parent: null, scope,
    }, { limit: pageSize, offset: (currentPage - 1) * pageSize });
    return ok({ list: await shaped(target, rows, columns, request.locale), pagination: { currentPage, pageSize, total } });
  });

  app.post('/OnlineDev/:modelId/Relation/:field/InfoByIds', {
    config: signedIn,
    schema: {
      tags, params: Params, body: IdsBody, response: { 200: Envelope(Type.Array(Row)) },
      summary: 'The chosen records of a related-form field by id (one request for a whole list page): the same columns and scope as its picker; ids outside them are left out',
    },
  }, async (request) => {
    const { target, columns, scope } = await context(principalOf(request), request.params.modelId, request.params.field, request.locale);
    const ids = [...new Set(request.body.ids)];
    if (!ids.length) return ok([]);
    let query = db.selectFrom('visualdevRecord as r').select(['r.id', 'r.data']).where('r.modelId', '=', target.id).where('r.id', 'in', ids);
    if (scope) query = query.where(scope.where);
    const rows = await query.execute();
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return ok(await shaped(target, rows, columns, request.locale));
  });
};
