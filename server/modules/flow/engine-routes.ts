import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { audit } from '../../audit/record';
import { AppError, refuse } from '../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, PagedQueryFields, done, ok, Nullable } from '../../http/envelope';
import { likePattern } from '../permission/entity-form';
import { ReplyCode } from '../../../src/runtime/codes';
import type { FlowEngineRow } from '../../db/schema';
import { checkModel, checkTemplate, ensureCodeFree, findEngine } from './engine-store';
import { createEngine, saveVersion } from './versions';

/**
 * Flow definitions (issue 16 item 1; docs/FLOWS.md "Flow definitions"): the engines' list,
 * detail with the current template and every version, create, metadata, a new template version
 * (running tasks keep theirs), a version's template, enable/disable, delete (only when no task
 * uses it). All under workflow.engine:manage, except the template of an enabled engine's version,
 * which any signed-in user reads (the flow detail draws it; templates are no one's data).
 */
const manage = { access: { permission: 'workflow.engine:manage' as const } };
const tags = ['flow'];
const Id = Type.Object({ id: Type.String({ maxLength: 50 }) });
const Code = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' });
const Template = Type.Unknown({ description: 'the start node of the template (F_FlowTemplateJson as an object)' });
const Item = Type.Object({
  id: Type.String(), enCode: Type.String(), fullName: Type.String(), category: Nullable(Type.String()), modelId: Nullable(Type.String()), description: Nullable(Type.String()),
  version: Type.Integer(), sortCode: Type.Integer(), enabledMark: Type.Integer(), createdAt: Type.Number(), updatedAt: Nullable(Type.Number()), tasks: Type.Integer(),
});
const Meta = {
  fullName: Type.String({ minLength: 1, maxLength: 50 }), enCode: Code, category: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  modelId: Type.Optional(Nullable(Type.String({ maxLength: 50 }))), description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))), sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
};
const Problems = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(Type.Object({ problems: Type.Optional(Type.Array(Type.Object({ nodeId: Type.String(), title: Type.String(), reason: Type.String(), message: Type.String() }, { additionalProperties: true }))) })) });

const itemOf = (r: FlowEngineRow, tasks: number) => ({
  id: r.id, enCode: r.enCode, fullName: r.fullName, category: r.category, modelId: r.modelId, description: r.description, version: Number(r.version),
  sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), createdAt: Number(r.createdAt), updatedAt: r.updatedAt === null ? null : Number(r.updatedAt), tasks,
});

export const flowEngineRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Engine/FlowEngine', {
    config: manage,
    schema: { tags, summary: 'Flow engines, paged: keyword (name or code), category, enabled', querystring: Type.Object({ ...PagedQueryFields, category: Type.Optional(Type.String({ maxLength: 50 })), enabledMark: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])) }), response: { 200: PagedEnvelope(Item) } },
  }, async (request) => {
    const { currentPage, pageSize, keyword, category, enabledMark } = request.query;
    let q = db.selectFrom('flowEngine');
    const like = likePattern(keyword);
    if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', like), eb(eb.fn('lower', ['enCode']), 'like', like)]));
    if (category) q = q.where('category', '=', category);
    if (enabledMark) q = q.where('enabledMark', '=', Number(enabledMark));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.selectAll().orderBy('sortCode').orderBy('category').orderBy('fullName').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const counts = rows.length
      ? await db.selectFrom('flowTask').select(['engineId', (eb) => eb.fn.countAll<number>().as('n')]).where('engineId', 'in', rows.map((r) => r.id)).groupBy('engineId').execute()
      : [];
    const byEngine = new Map(counts.map((c) => [c.engineId, Number(c.n)]));
    return ok({ list: rows.map((r) => itemOf(r, byEngine.get(r.id) ?? 0)), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.get('/Engine/FlowEngine/Categories', { config: manage, schema: { tags, summary: 'The categories in use', response: { 200: Envelope(Type.Array(Type.String())) } } }, async () => {
    const rows = await db.selectFrom('flowEngine').select('category').distinct().where('category', 'is not', null).orderBy('category').execute();
    return ok(rows.map((r) => r.category!).filter(Boolean));
  });

  app.get('/Engine/FlowEngine/:id', {
    config: manage,
    schema: { tags, summary: 'An engine: its settings, the current template and its versions (newest first)', params: Id, response: { 200: Envelope(Type.Object({ engine: Item, template: Template, versions: Type.Array(Type.Object({ version: Type.Integer(), createdAt: Type.Number(), createdBy: Nullable(Type.String()), tasks: Type.Integer() })) })) } },
  }, async (request) => {
    const row = await findEngine(db, request.params.id);
    const versions = await db.selectFrom('flowEngineVersion as v').leftJoin('baseUser as u', 'u.id', 'v.createdBy').select(['v.version', 'v.createdAt', 'u.realName as createdBy']).where('v.engineId', '=', row.id).orderBy('v.version', 'desc').execute();
    const used = await db.selectFrom('flowTask').select(['engineVersion', (eb) => eb.fn.countAll<number>().as('n')]).where('engineId', '=', row.id).groupBy('engineVersion').execute();
    const byVersion = new Map(used.map((u) => [Number(u.engineVersion), Number(u.n)]));
    return ok({
      engine: itemOf(row, [...byVersion.values()].reduce((a, b) => a + b, 0)),
      template: JSON.parse(row.templateJson) as unknown,
      versions: versions.map((v) => ({ version: Number(v.version), createdAt: Number(v.createdAt), createdBy: v.createdBy ?? null, tasks: byVersion.get(Number(v.version)) ?? 0 })),
    });
  });

  app.get('/Engine/FlowEngine/:id/Versions/:version', {
    config: manage,
    schema: { tags, summary: 'The template of one version', params: Type.Object({ id: Type.String({ maxLength: 50 }), version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }), response: { 200: Envelope(Type.Object({ version: Type.Integer(), template: Template })) } },
  }, async (request) => {
    const row = await db.selectFrom('flowEngineVersion').select(['version', 'templateJson']).where('engineId', '=', request.params.id).where('version', '=', request.params.version).executeTakeFirst();
    if (!row) throw new AppError(ReplyCode.notFound, 'flowAdmin.versionNotFound');
    return ok({ version: Number(row.version), template: JSON.parse(row.templateJson) as unknown });
  });

  app.post('/Engine/FlowEngine', {
    config: manage,
    schema: { tags, summary: 'Creates an engine (version 1 of its template); a template that cannot run is refused with the node and the reason', body: Type.Object({ ...Meta, template: Template }), response: { 200: Envelope(Type.Object({ id: Type.String() })), 400: Problems } },
  }, async (request) => {
    const b = request.body;
    const template = checkTemplate(request, b.template);
    await ensureCodeFree(db, b.enCode);
    const modelId = await checkModel(db, b.modelId);
    const input = { enCode: b.enCode, fullName: b.fullName.trim(), category: b.category?.trim() || null, modelId, description: b.description ?? null, sortCode: b.sortCode ?? 0, enabledMark: 1 };
    const id = await createEngine(db, { ...input, template, by: principalOf(request).user.id }, (trx, id) => audit(trx, request, { entity: 'flowEngine', entityId: id, action: 'create', after: { ...input, version: 1 } }));
    return ok({ id }, request.t('flowAdmin.created'));
  });

  app.put('/Engine/FlowEngine/:id', {
    config: manage,
    schema: { tags, summary: 'Changes an engine’s settings (name, code, category, bound model, description, order)', params: Id, body: Type.Object(Meta), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const before = await findEngine(db, request.params.id);
    const b = request.body;
    await ensureCodeFree(db, b.enCode, before.id);
    // an optional setting left out keeps its value; null clears it
    const change = {
      enCode: b.enCode, fullName: b.fullName.trim(), category: b.category === undefined ? before.category : b.category?.trim() || null,
      modelId: b.modelId === undefined ? before.modelId : await checkModel(db, b.modelId), description: b.description === undefined ? before.description : b.description,
      sortCode: b.sortCode ?? Number(before.sortCode),
    };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('flowEngine').set({ ...change, updatedAt: Date.now() }).where('id', '=', before.id).execute();
      await audit(trx, request, { entity: 'flowEngine', entityId: before.id, action: 'update', before, after: { ...before, ...change } });
    });
    return done(request.t('flowAdmin.saved'));
  });

  app.post('/Engine/FlowEngine/:id/Versions', {
    config: manage,
    schema: { tags, summary: 'Saves a changed template as the next version; running tasks keep the version they started with', params: Id, body: Type.Object({ template: Template }), response: { 200: Envelope(Type.Object({ version: Type.Integer() })), 400: Problems } },
  }, async (request) => {
    const before = await findEngine(db, request.params.id);
    const template = checkTemplate(request, request.body.template);
    const version = await saveVersion(db, before.id, template, principalOf(request).user.id, (trx, version) =>
      audit(trx, request, { entity: 'flowEngine', entityId: before.id, action: 'update', before, after: { ...before, version } }));
    return ok({ version }, request.t('flowAdmin.versionSaved', { version }));
  });

  app.put('/Engine/FlowEngine/:id/Actions/State', {
    config: manage,
    schema: { tags, summary: 'Enables (1) or disables (0) an engine: a disabled one cannot be started; its running tasks go on', params: Id, body: Type.Object({ enabledMark: Type.Union([Type.Literal(0), Type.Literal(1)]) }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const before = await findEngine(db, request.params.id);
    const enabledMark = request.body.enabledMark;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('flowEngine').set({ enabledMark, updatedAt: Date.now() }).where('id', '=', before.id).execute();
      await audit(trx, request, { entity: 'flowEngine', entityId: before.id, action: 'update', before, after: { ...before, enabledMark } });
    });
    return done(request.t(enabledMark ? 'flowAdmin.enabled' : 'flowAdmin.disabled'));
  });

  app.delete('/Engine/FlowEngine/:id', {
    config: manage,
    schema: { tags, summary: 'Deletes an engine and its versions, only when no task (running or ended) uses it', params: Id, response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const before = await findEngine(db, request.params.id);
    await db.transaction().execute(async (trx) => {
      // inside the transaction: a task started meanwhile either is seen here or fails on the missing engine
      const used = Number((await trx.selectFrom('flowTask').select((eb) => eb.fn.countAll<number>().as('n')).where('engineId', '=', before.id).executeTakeFirst())?.n ?? 0);
      if (used) throw refuse('flowAdmin.inUse', { count: used });
      await trx.deleteFrom('flowEngineVersion').where('engineId', '=', before.id).execute();
      await trx.deleteFrom('flowEngine').where('id', '=', before.id).execute();
      await audit(trx, request, { entity: 'flowEngine', entityId: before.id, action: 'delete', before });
    });
    return done(request.t('flowAdmin.deleted'));
  });
};
