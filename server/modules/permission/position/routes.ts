import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { subtreeIds } from '../../../auth/org-tree';
import { AppError } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { IdParams, PagedQueryFields, StateData, toggleEnabled, deleteUnused, likePattern, listOrder, matchesKeyword } from '../entity-form';
import { listOrganizes } from '../organize/repository';
import { parentsOf } from '../organize/views';
import { organizeVisible } from '../users/visibility';
import { lookupScope } from '../lookup-scope';
import { enabledPositions, findPosition, positionHeld } from './repository';
import { savePosition } from './save';
import { PositionBody, PositionView, SelectorList, organizeNamer, positionTree, positionView } from './views';

const tags = ['position'];
const manage = { access: { permission: 'permission.position:manage' as const } };
const pick = { access: 'signedIn' as const };
const notFound = () => new AppError(ReplyCode.notFound, 'position.notFound');
const IdList = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 });

/** /api/permission/Position: positions, each in one organisation. */
export const positionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Position',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Paged list; keyword matches name or code; organizeId keeps the positions of that organisation and every organisation below it',
        querystring: Type.Object({ ...PagedQueryFields, organizeId: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: PagedEnvelope(PositionView) },
      },
    },
    async (request) => {
      const { keyword, organizeId, currentPage, pageSize, sidx, sort } = request.query;
      const organizes = await listOrganizes(db);
      let q = db.selectFrom('basePosition');
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', like), eb(eb.fn('lower', ['enCode']), 'like', like)]));
      if (organizeId && organizeId !== '0') {
        const ids = subtreeIds(parentsOf(organizes), [organizeId]);
        if (ids.length === 0) return ok({ list: [], pagination: { currentPage, pageSize, total: 0 } });
        q = q.where('organizeId', 'in', ids);
      }
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      let rows = q.selectAll();
      for (const [column, direction] of listOrder(sidx, sort)) rows = rows.orderBy(column, direction);
      const page = await rows.orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      const namer = organizeNamer(organizes);
      return ok({ list: page.map((p) => positionView(p, namer)), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get(
    '/Position/All',
    { config: pick, schema: { tags, summary: 'Every enabled position the caller may see, flat (the cached position list of pickers; administrators: all)', response: { 200: Envelope(Type.Object({ list: Type.Array(PositionView) })) } } },
    async (request) => {
      const [organizes, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      const namer = organizeNamer(organizes);
      return ok({ list: (await enabledPositions(db)).filter((p) => organizeVisible(scope, p.organizeId)).map((p) => positionView(p, namer)) });
    },
  );

  app.get(
    '/Position/Selector',
    { config: pick, schema: { tags, summary: 'Enabled positions the caller may see (administrators: all; others: those of the organisations of their picker scope) as leaves under their organisations (organisations without positions left out)', response: { 200: Envelope(SelectorList) } } },
    async (request) => {
      const [organizes, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      const positions = (await enabledPositions(db)).filter((p) => organizeVisible(scope, p.organizeId));
      return ok({ list: positionTree(organizes.filter((o) => organizeVisible(scope, o.id)), positions, organizes) });
    },
  );

  app.post(
    '/Position/getListByOrgIds',
    {
      config: pick,
      schema: {
        tags,
        summary: 'The enabled positions of the given organisations (not those below them), under their organisations; organisations the caller may not see are left out',
        body: Type.Object({ organizeIds: IdList }),
        response: { 200: Envelope(SelectorList) },
      },
    },
    async (request) => {
      const [organizes, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      const askedIds = request.body.organizeIds.filter((id) => organizeVisible(scope, id));
      const positions = await enabledPositions(db, askedIds);
      // Only the asked organisations are folders: their ancestors would be noise in a picker.
      const asked = new Set(askedIds);
      return ok({ list: positionTree(organizes.filter((o) => asked.has(o.id)), positions) });
    },
  );

  app.post(
    '/Position/PositionCondition',
    {
      config: pick,
      schema: {
        tags,
        summary: 'Pickers in custom mode: enabled positions in positionIds or in departIds and below (both absent or empty: all), keyword on name or code, under their organisations; only positions of organisations the caller may see',
        body: Type.Object({ departIds: Type.Optional(IdList), positionIds: Type.Optional(IdList), keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Envelope(SelectorList) },
      },
    },
    async (request) => {
      const { departIds = [], positionIds = [], keyword } = request.body;
      const [organizes, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      const inDeparts = new Set(subtreeIds(parentsOf(organizes), departIds));
      const named = new Set(positionIds);
      const unlimited = departIds.length === 0 && positionIds.length === 0;
      const positions = (await enabledPositions(db)).filter(
        (p) => organizeVisible(scope, p.organizeId) && (unlimited || named.has(p.id) || inDeparts.has(p.organizeId)) && matchesKeyword(keyword, p),
      );
      return ok({ list: positionTree(organizes.filter((o) => organizeVisible(scope, o.id)), positions, organizes) });
    },
  );

  app.post(
    '/Position',
    { config: manage, schema: { tags, summary: 'New position', body: PositionBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok({ id: await savePosition(db, request.body, undefined, request) }, request.t('dictionary.createSuccess')),
  );

  app.get(
    '/Position/:id',
    { config: manage, schema: { tags, summary: 'One position', params: IdParams, response: { 200: Envelope(PositionView) } } },
    async (request) => {
      const row = await findPosition(db, request.params.id);
      if (!row) throw notFound();
      return ok(positionView(row, organizeNamer(await listOrganizes(db))));
    },
  );

  app.put(
    '/Position/:id',
    { config: manage, schema: { tags, summary: 'Update a position', params: IdParams, body: PositionBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findPosition(db, request.params.id);
      if (!existing) throw notFound();
      await savePosition(db, request.body, existing, request);
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete(
    '/Position/:id',
    { config: manage, schema: { tags, summary: 'Delete a position no user holds', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await deleteUnused(db, 'basePosition', request.params.id, notFound, async (trx) => ((await positionHeld(trx, request.params.id)) ? 'position.hasUsers' : null), request);
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.put(
    '/Position/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(StateData) } } },
    async (request) => {
      const enabledMark = await toggleEnabled(db, 'basePosition', request.params.id, notFound, request);
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );
};
