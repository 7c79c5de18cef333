import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { subtreeIds } from '../../../auth/org-tree';
import { AppError } from '../../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { withAncestors, buildTree } from '../../dictionary/tree';
import { IdParams, StateData, toggleEnabled, deleteUnused, matchesKeyword } from '../entity-form';
import { organizeVisible } from '../users/visibility';
import { lookupScope } from '../lookup-scope';
import { pickable } from './access';
import { findOrganize, listOrganizes, organizeInUse, userNames } from './repository';
import { saveOrganize } from './save';
import { OrganizeBody, OrganizeInfo, OrganizeNode, PickerNode, organizeView, parentsOf, pathOf, pickerTree } from './views';

export const tags = ['organize'];
export const manage = { access: { permission: 'permission.organize:manage' as const } };
export const pick = { access: 'signedIn' as const };
export const PickerList = Envelope(Type.Object({ list: Type.Array(PickerNode) }));

export const organizeNotFound = () => new AppError(ReplyCode.notFound, 'organize.notFound');

/** One node with its manager's name and its path of ids (the info reply). */
export async function organizeInfo(db: Db, id: string) {
  const all = await listOrganizes(db);
  const row = all.find((o) => o.id === id);
  if (!row) return null;
  const managers = await userNames(db, [row.managerId]);
  const path = pathOf(new Map(all.map((o) => [o.id, o])), parentsOf(all), row.id);
  return { ...organizeView(row, managers), organizeIdTree: path.map((p) => p.id) };
}

/** /api/permission/Organize: companies and departments as one tree. */
export const organizeRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Organize',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The whole tree of companies and departments; a keyword (name or code) keeps the matches and their ancestors',
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(OrganizeNode) })) },
      },
    },
    async (request) => {
      const all = await listOrganizes(db);
      const kept = withAncestors(all, (o) => matchesKeyword(request.query.keyword, o));
      const managers = await userNames(db, kept.map((o) => o.managerId));
      return ok({ list: buildTree(kept.map((o) => organizeView(o, managers))) });
    },
  );

  app.get(
    '/Organize/Tree',
    { config: pick, schema: { tags, summary: 'The company tree (enabled companies only, no departments), for pickers and the cached company tree; only companies the caller may see (administrators: all; others: their picker scope)', response: { 200: PickerList } } },
    async (request) => {
      const [all, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      return ok({ list: pickerTree(all, all.filter((o) => o.category === 'company' && Number(o.enabledMark) === 1 && organizeVisible(scope, o.id))) });
    },
  );

  app.get(
    '/Organize/SelectorByAuth/:id',
    {
      config: pick,
      schema: {
        tags,
        summary: "Organisations the caller may access (administrators: all; others: their own organisations and below), without {id} and its subtree ('0': exclude nothing); category=company keeps companies only",
        params: IdParams,
        querystring: Type.Object({ category: Type.Optional(Type.Union([Type.Literal('company'), Type.Literal('department')])) }),
        response: { 200: PickerList },
      },
    },
    async (request) => {
      const all = await listOrganizes(db);
      const kept = (await pickable(db, request, all, request.params.id)).filter((o) => !request.query.category || o.category === request.query.category);
      return ok({ list: pickerTree(all, kept) });
    },
  );

  app.post(
    '/Organize/OrganizeCondition',
    {
      config: pick,
      schema: {
        tags,
        summary: "Pickers limited to given organisations: departIds and everything below them (absent or empty: all), filtered by keyword keeping ancestors of matches; enabled only, and only organisations the caller may see (administrators: all; others: their picker scope)",
        body: Type.Object({
          departIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
          keyword: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: PickerList },
      },
    },
    async (request) => {
      const [all, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      const ids = request.body.departIds ?? [];
      const within = ids.length ? new Set(subtreeIds(parentsOf(all), ids)) : null;
      const candidates = all.filter((o) => Number(o.enabledMark) === 1 && (!within || within.has(o.id)) && organizeVisible(scope, o.id));
      return ok({ list: pickerTree(all, withAncestors(candidates, (o) => matchesKeyword(request.body.keyword, o))) });
    },
  );

  app.post(
    '/Organize',
    { config: manage, schema: { tags, summary: "New company (parentId: a company, or '-1'/absent for a top company)", body: OrganizeBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok({ id: await saveOrganize(db, 'company', request.body, undefined, request) }, request.t('dictionary.createSuccess')),
  );

  app.get(
    '/Organize/:id',
    { config: manage, schema: { tags, summary: 'One company or department', params: IdParams, response: { 200: Envelope(OrganizeInfo) } } },
    async (request) => {
      const info = await organizeInfo(db, request.params.id);
      if (!info) throw organizeNotFound();
      return ok(info);
    },
  );

  app.put(
    '/Organize/:id',
    { config: manage, schema: { tags, summary: 'Update a company or department (its category is fixed at creation)', params: IdParams, body: OrganizeBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findOrganize(db, request.params.id);
      if (!existing) throw organizeNotFound();
      await saveOrganize(db, existing.category, request.body, existing, request);
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete(
    '/Organize/:id',
    { config: manage, schema: { tags, summary: 'Delete a company or department with nothing below it and no users, positions or roles', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await deleteUnused(db, 'baseOrganize', request.params.id, organizeNotFound, (trx) => organizeInUse(trx, request.params.id), request);
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.put(
    '/Organize/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(StateData) } } },
    async (request) => {
      const enabledMark = await toggleEnabled(db, 'baseOrganize', request.params.id, organizeNotFound, request);
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );
};
