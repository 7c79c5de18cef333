import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit, audited } from '../../audit/record';
import { randomInt } from 'node:crypto';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { AppError, refuse } from '../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok, CurrentPage } from '../../http/envelope';
import { ReplyCode } from '../../../src/runtime/codes';
import { entryNames } from '../dictionary/repository';
import { buildTree, TreeSchema } from '../dictionary/tree';
import { Body, Detail, IdParams, Summary, detailView, summaryView } from './schemas';
import type { InterfaceExecutor } from './execute';
import { validateInterface } from './validation';

const manage = { access: { permission: 'system.dataInterface:manage' as const } };
const read = { access: 'signedIn' as const };
const tags = ['dataInterface'];

/** By id, or by enCode: descriptors (reports, portals, option sources) name interfaces by code. */
export async function findInterface(db: Db, id: string) {
  const row =
    (await db.selectFrom('baseDataInterface').selectAll().where('id', '=', id).executeTakeFirst()) ??
    (await db.selectFrom('baseDataInterface').selectAll().where('enCode', '=', id).executeTakeFirst());
  if (!row) throw new AppError(ReplyCode.notFound, 'dataInterface.notFound');
  return row;
}

async function codeTaken(db: Db, enCode: string, exceptId?: string) {
  let q = db.selectFrom('baseDataInterface').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const SelectorNode = TreeSchema({ id: Type.String(), parentId: Type.String(), fullName: Type.String(), enCode: Type.String(), type: Type.Integer({ description: '0 = a category node' }) }, 2);

/** /api/system/DataInterface: managing interfaces (running them is in run-routes.ts). */
export const dataInterfaceRoutes: FastifyPluginAsyncTypebox<{ db: Db; executor: InterfaceExecutor }> = async (app, { db, executor }) => {
  app.get(
    '/DataInterface',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Paged list; keyword matches name or code',
        querystring: Type.Object({
          keyword: Type.Optional(Type.String()),
          categoryId: Type.Optional(Type.String()),
          type: Type.Optional(Type.Integer()),
          currentPage: CurrentPage({ default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
        }),
        response: { 200: PagedEnvelope(Summary) },
      },
    },
    async (request) => {
      const { keyword, categoryId, type, currentPage, pageSize } = request.query;
      let q = db.selectFrom('baseDataInterface');
      const k = keyword?.trim().toLowerCase();
      if (k) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', `%${k}%`), eb(eb.fn('lower', ['enCode']), 'like', `%${k}%`)]));
      if (categoryId) q = q.where('categoryId', '=', categoryId);
      if (type) q = q.where('type', '=', type);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q.selectAll().orderBy('sortCode').orderBy('createdAt', 'desc').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      return ok({ list: rows.map(summaryView), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get(
    '/DataInterface/Selector',
    { config: read, schema: { tags, summary: 'Enabled interfaces grouped by category (category nodes have type 0)', response: { 200: Envelope(Type.Object({ list: Type.Array(SelectorNode) })) } } },
    async (request) => {
      const rows = await db.selectFrom('baseDataInterface').select(['id', 'categoryId', 'fullName', 'enCode', 'type']).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('fullName').execute();
      const names = await entryNames(db, rows.map((r) => r.categoryId).filter((c): c is string => Boolean(c)));
      const categories = [...new Set(rows.map((r) => r.categoryId ?? '0'))];
      const nodes = [
        ...categories.map((c) => ({ id: `category:${c}`, parentId: '-1', fullName: c === '0' ? request.t('dataInterface.uncategorized') : (names.get(c) ?? c), enCode: '', type: 0 })),
        ...rows.map((r) => ({ id: r.id, parentId: `category:${r.categoryId ?? '0'}`, fullName: r.fullName, enCode: r.enCode, type: Number(r.type) })),
      ];
      return ok({ list: buildTree(nodes) });
    },
  );

  app.get(
    '/DataInterface/getList',
    {
      config: read,
      schema: {
        tags,
        summary: 'Enabled interfaces (no query text), for pickers',
        querystring: Type.Object({ keyword: Type.Optional(Type.String()), type: Type.Optional(Type.Integer()) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(Type.Object({ id: Type.String(), categoryId: Type.Union([Type.String(), Type.Null()]), fullName: Type.String(), enCode: Type.String(), type: Type.Integer() })) })) },
      },
    },
    async (request) => {
      let q = db.selectFrom('baseDataInterface').select(['id', 'categoryId', 'fullName', 'enCode', 'type']).where('enabledMark', '=', 1);
      const k = request.query.keyword?.trim().toLowerCase();
      if (k) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', `%${k}%`), eb(eb.fn('lower', ['enCode']), 'like', `%${k}%`)]));
      if (request.query.type) q = q.where('type', '=', request.query.type);
      const rows = await q.orderBy('sortCode').orderBy('fullName').execute();
      return ok({ list: rows.map((r) => ({ ...r, type: Number(r.type) })) });
    },
  );

  app.get('/DataInterface/:id', { config: manage, schema: { tags, summary: 'One interface with its query text', params: IdParams, response: { 200: Envelope(Detail) } } }, async (request) =>
    ok(detailView(await findInterface(db, request.params.id))),
  );

  app.post('/DataInterface', { config: manage, schema: { tags, summary: 'New interface', body: Body, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = validateInterface(request.body);
    if (await codeTaken(db, input.enCode)) throw refuse('dataInterface.codeExists');
    await executor.checkOnSave(input);
    const id = newId();
    await audited(db, request, { entity: 'dataInterface', entityId: id, action: 'create', after: input }, (trx) => trx.insertInto('baseDataInterface').values({ id, ...input, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null }).execute());
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/DataInterface/:id', { config: manage, schema: { tags, summary: 'Update an interface', params: IdParams, body: Body, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findInterface(db, request.params.id);
    const input = validateInterface(request.body);
    if (await codeTaken(db, input.enCode, existing.id)) throw refuse('dataInterface.codeExists');
    await executor.checkOnSave(input);
    await audited(db, request, { entity: 'dataInterface', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...input } }, (trx) => trx.updateTable('baseDataInterface').set({ ...input, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute());
    return done(request.t('dictionary.updateSuccess'));
  });

  app.delete('/DataInterface/:id', { config: manage, schema: { tags, summary: 'Delete an interface and its log', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findInterface(db, request.params.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('baseDataInterfaceLog').where('interfaceId', '=', existing.id).execute();
      await trx.deleteFrom('baseDataInterface').where('id', '=', existing.id).execute();
      await audit(trx, request, { entity: 'dataInterface', entityId: existing.id, action: 'delete', before: existing });
    });
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.put(
    '/DataInterface/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0)', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } },
    async (request) => {
      const existing = await findInterface(db, request.params.id);
      const enabledMark = Number(existing.enabledMark) === 1 ? 0 : 1;
      await audited(db, request, { entity: 'dataInterface', entityId: existing.id, action: 'update', before: existing, after: { ...existing, enabledMark } }, (trx) => trx.updateTable('baseDataInterface').set({ enabledMark, updatedAt: Date.now(), updatedBy: principalOf(request).user.id }).where('id', '=', existing.id).execute());
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );

  app.post(
    '/DataInterface/:id/Actions/Copy',
    { config: manage, schema: { tags, summary: 'Copy (disabled, name and code suffixed)', params: IdParams, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const existing = await findInterface(db, request.params.id);
      const suffix = String(randomInt(10000, 99999));
      const id = newId();
      const fullName = `${existing.fullName.slice(0, 50 - suffix.length - 4)}.${request.t('dataInterface.copySuffix')}${suffix}`.slice(0, 50);
      const enCode = `${existing.enCode.slice(0, 50 - suffix.length - 5)}.copy${suffix}`;
      const copy = { ...existing, id, fullName, enCode, enabledMark: 0, createdAt: Date.now(), createdBy: principalOf(request).user.id, updatedAt: null, updatedBy: null };
      await audited(db, request, { entity: 'dataInterface', entityId: id, action: 'create', after: copy }, (trx) => trx.insertInto('baseDataInterface').values(copy).execute());
      return ok({ id }, request.t('dictionary.copySuccess'));
    },
  );
};
