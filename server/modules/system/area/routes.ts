import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { areaCodeTaken, areasByIds, childrenOf, countChildAreas, findArea } from './repository';
import { AreaBody, AreaInfo, AreaNode, AreaSelectorNode, IdParams, areaNode } from './schemas';
import { areaNamer } from './names';
import { searchTree } from './search';
import { validateArea } from './validation';

const read = { access: 'signedIn' as const };
const manage = { access: { permission: 'system.area:manage' as const } };
const tags = ['area'];
/** Address values hold a path of codes per address; a form holds a handful. */
const MAX_PATHS = 500;
/** Province, city, district, street. */
const MAX_LEVEL = 4;

const notFound = () => new AppError(ReplyCode.notFound, 'area.notFound');

/** /api/system/Area: China's administrative divisions (spec 7.8). */
export const areaRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Area/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "Lazy tree: the divisions below {id} ('-1' = provinces), each with hasChildren; with keyword, the matches anywhere below {id} (name, code or initials; at most 200) with their ancestor path as a tree",
        params: IdParams,
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(AreaNode) })) },
      },
    },
    async (request) => {
      const name = await areaNamer(request.locale);
      const keyword = request.query.keyword?.trim();
      if (keyword) return ok({ list: await searchTree(db, request.params.id, keyword, name) });
      return ok({ list: (await childrenOf(db, request.params.id)).map((r) => areaNode(r, name)) });
    },
  );

  app.get(
    '/Area/:id/Selector/:ids',
    {
      config: read,
      schema: {
        tags,
        summary: "Picker: the enabled divisions below {id} ('-1' = provinces), without {ids} ('0' = exclude nothing)",
        params: Type.Object({ id: IdParams.properties.id, ids: IdParams.properties.id }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(AreaSelectorNode) })) },
      },
    },
    async (request) => {
      const name = await areaNamer(request.locale);
      const rows = (await childrenOf(db, request.params.id, { enabledOnly: true })).filter((r) => r.id !== request.params.ids);
      return ok({
        list: rows.map((r) => ({ id: r.id, parentId: r.parentId, fullName: name(r.fullName), enCode: r.enCode, type: r.type, isLeaf: !r.hasChildren, hasChildren: r.hasChildren, children: [] })),
      });
    },
  );

  app.post(
    '/Area/GetAreaByIds',
    {
      config: read,
      schema: {
        tags,
        summary: 'Names of code paths, as address fields show them: [["330000","330100","330106"]] → [["浙江省","杭州市","西湖区"]]; unknown codes are left out',
        body: Type.Object({ idsList: Type.Array(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })) }),
        response: { 200: Envelope(Type.Array(Type.Array(Type.String()))) },
      },
    },
    async (request) => {
      const { idsList } = request.body;
      if (idsList.length > MAX_PATHS) throw refuse('area.tooManyPaths', { max: MAX_PATHS });
      const name = await areaNamer(request.locale);
      const rows = await areasByIds(db, idsList.flat());
      const names = new Map(rows.map((r) => [r.id, name(r.fullName)]));
      return ok(idsList.map((path) => path.flatMap((id) => (names.has(id) ? [names.get(id)!] : []))));
    },
  );

  app.post(
    '/Area',
    {
      config: manage,
      schema: { tags, summary: "New division below parentId ('-1' or empty = a province); its id is its code", body: AreaBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } },
    },
    async (request) => {
      const input = validateArea(request.body);
      let type = 1;
      if (input.parentId !== '-1') {
        const parent = await findArea(db, input.parentId);
        if (!parent) throw refuse('area.parentNotFound');
        type = Number(parent.type) + 1;
        if (type > MAX_LEVEL) throw refuse('area.tooDeep');
      }
      if (await areaCodeTaken(db, input.enCode)) throw refuse('area.codeExists');
      const row = { id: input.enCode, ...input, type: String(type), createdAt: Date.now() };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('baseArea').values(row).execute();
        await audit(trx, request, { entity: 'area', entityId: row.id, action: 'create', after: row });
      });
      return ok({ id: input.enCode }, request.t('dictionary.createSuccess'));
    },
  );

  app.put(
    '/Area/:id',
    {
      config: manage,
      schema: { tags, summary: 'Update a division: name, initials, sort, status, description (its code and parent are fixed: addresses store the codes)', params: IdParams, body: AreaBody, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const existing = await findArea(db, request.params.id);
      if (!existing) throw notFound();
      const { parentId, fullName, enCode, quickQuery, sortCode, enabledMark, description } = existing;
      // Fields not sent keep their stored values.
      const input = validateArea({ parentId, fullName, enCode, quickQuery, sortCode: Number(sortCode), enabledMark: Number(enabledMark), description, ...request.body });
      if (input.enCode !== existing.enCode || input.parentId !== existing.parentId) throw refuse('area.placeFixed');
      const changes = { fullName: input.fullName, quickQuery: input.quickQuery, sortCode: input.sortCode, enabledMark: input.enabledMark, description: input.description };
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseArea').set(changes).where('id', '=', existing.id).execute();
        await audit(trx, request, { entity: 'area', entityId: existing.id, action: 'update', before: existing, after: { ...existing, ...changes } });
      });
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.get('/Area/:id/Info', { config: read, schema: { tags, summary: 'One division, for the edit form', params: IdParams, response: { 200: Envelope(AreaInfo) } } }, async (request) => {
    const row = await findArea(db, request.params.id);
    if (!row) throw notFound();
    const parent = row.parentId === '-1' ? undefined : await findArea(db, row.parentId);
    return ok({
      id: row.id, parentId: row.parentId, parentName: parent?.fullName ?? null, fullName: row.fullName, enCode: row.enCode, type: row.type, quickQuery: row.quickQuery,
      sortCode: Number(row.sortCode), enabledMark: Number(row.enabledMark), description: row.description, creatorTime: Number(row.createdAt),
    });
  });

  app.delete('/Area/:id', { config: manage, schema: { tags, summary: 'Delete a division with nothing below it', params: IdParams, response: { 200: EmptyEnvelope } } }, async (request) => {
    await db.transaction().execute(async (trx) => {
      const row = await findArea(trx, request.params.id);
      if (!row) throw notFound();
      if ((await countChildAreas(trx, row.id)) > 0) throw refuse('area.hasChildren');
      await trx.deleteFrom('baseArea').where('id', '=', row.id).execute();
      await audit(trx, request, { entity: 'area', entityId: row.id, action: 'delete', before: row });
    });
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.put(
    '/Area/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } },
    async (request) => {
      const row = await findArea(db, request.params.id);
      if (!row) throw notFound();
      const enabledMark = Number(row.enabledMark) === 1 ? 0 : 1;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseArea').set({ enabledMark }).where('id', '=', row.id).execute();
        await audit(trx, request, { entity: 'area', entityId: row.id, action: 'update', before: row, after: { ...row, enabledMark } });
      });
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );
};
