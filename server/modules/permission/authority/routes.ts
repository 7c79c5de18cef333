import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/access';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { CONDITION_OPS, PLACEHOLDERS, SCOPE_TYPES } from '../../../auth/data-scope';
import { explainAccess } from './explain';
import { GRANT_AREAS, roleGrantTree, saveRoleGrants } from './role-grants';
import { conditionFields, createScheme, deleteScheme, listSchemes, menuOrMissing, type SchemeInput, updateScheme } from './schemes';

/**
 * /api/permission/Authority: a role's grants (menus, buttons, list columns, form fields, data
 * scope schemes, API codes) for the grant screens, data-scope schemes of a menu, explain access,
 * and the list columns a user chose for a page (spec 7.17 GetColumnsByModuleId). Every write
 * bumps the access version in its transaction (server/auth/access-version.ts).
 */
const tags = ['permission'];
const manage = { access: { permission: 'permission.role:manage' as const } };
const Id = Type.String({ minLength: 1, maxLength: 50 });
const Texts = Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]);
const Entry = Type.Object({ id: Type.String(), enCode: Type.String(), fullName: Type.String(), fullName_i18n: Texts, checked: Type.Boolean() });
/** A menu node; children have the same shape (declared loosely: the reply schema is not recursive). */
const GrantNode = Type.Object({
  id: Type.String(), parentId: Type.String(), fullName: Type.String(), fullName_i18n: Texts, enCode: Type.String(), type: Type.Integer(), icon: Type.Union([Type.String(), Type.Null()]),
  moduleId: Type.Union([Type.String(), Type.Null()]), checked: Type.Boolean(), hasChildren: Type.Boolean(),
  buttons: Type.Array(Entry), columns: Type.Array(Entry), forms: Type.Array(Entry),
  schemes: Type.Array(Type.Object({ ...Entry.properties, scopeType: Type.String() })), children: Type.Array(Type.Unknown()),
});
const Areas = Type.Object(Object.fromEntries(GRANT_AREAS.map((a) => [a, Type.Array(Type.String())])) as unknown as Record<(typeof GRANT_AREAS)[number], ReturnType<typeof Type.Array>>);
const SaveBody = Type.Partial(Type.Object(Object.fromEntries(GRANT_AREAS.map((a) => [a, Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10_000 })])) as unknown as Record<(typeof GRANT_AREAS)[number], ReturnType<typeof Type.Array>>));
const Condition = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 100 }),
  op: Type.String({ enum: [...CONDITION_OPS] }),
  // checked in schemes.ts (string, number, null or a list of up to 100 of them), not here: the body
  // validator coerces types, and '0001' must stay text while 100 stays a number
  value: Type.Optional(Type.Unknown({ description: 'a string, a number, null, or an array of strings and numbers; strings may be placeholders (@userId …)' })),
});
const CustomCondition = Type.Object({ logic: Type.Union([Type.Literal('and'), Type.Literal('or')]), conditions: Type.Array(Condition, { maxItems: 50 }) });
const SchemeBody = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 100 }),
  fullName_i18n: Type.Optional(Texts),
  enCode: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
  scopeType: Type.String({ enum: [...SCOPE_TYPES] }),
  condition: Type.Optional(Type.Union([CustomCondition, Type.Null()])),
  sortCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
const Scheme = Type.Object({
  id: Type.String(), moduleId: Type.String(), fullName: Type.String(), fullName_i18n: Texts, enCode: Type.String(), scopeType: Type.String(),
  condition: Type.Union([Type.Unknown({ description: '{ logic, conditions: [{ field, op, value }] }' }), Type.Null()]), sortCode: Type.Integer(), enabledMark: Type.Integer(), description: Type.Union([Type.String(), Type.Null()]), creatorTime: Type.Number(),
});
const GrantRow = Type.Object({ id: Type.String(), objectId: Type.String(), itemType: Type.String(), itemId: Type.String() });
const Answer = { granted: Type.Boolean(), roleIds: Type.Array(Type.String()), rows: Type.Array(GrantRow) };
const Clause = Type.Object({ kind: Type.String(), column: Type.Optional(Type.String()), values: Type.Optional(Type.Array(Type.String())), logic: Type.Optional(Type.String()), conditions: Type.Optional(Type.Array(Type.Object({ field: Type.String(), op: Type.String(), values: Type.Array(Type.String()) }))) });
const ExplainReply = Type.Object({
  user: Type.Object({ id: Type.String(), account: Type.String(), realName: Type.String(), enabledMark: Type.Integer(), isAdministrator: Type.Boolean() }),
  menu: Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), type: Type.Integer(), moduleId: Type.Union([Type.String(), Type.Null()]) }),
  administrator: Type.Boolean(),
  roles: Type.Array(Type.Object({
    id: Type.String(), fullName: Type.String(), enCode: Type.String(), globalMark: Type.Integer(), enabledMark: Type.Integer(), inForce: Type.Boolean(),
    reason: Type.String({ description: 'global | organisation | disabled | notInOrganisation' }), viaOrganizeIds: Type.Array(Type.String()), relationId: Type.String(),
  })),
  menuGrant: Type.Object(Answer),
  items: Type.Array(Type.Object({ id: Type.String(), kind: Type.String(), enCode: Type.String(), fullName: Type.String(), ...Answer })),
  schemes: Type.Array(Type.Object({ id: Type.String(), enCode: Type.String(), fullName: Type.String(), scopeType: Type.String(), conditionJson: Type.Union([Type.String(), Type.Null()]), enabledMark: Type.Integer(), ...Answer })),
  dataScope: Type.Object({ judged: Type.Boolean({ description: 'the model judges data (useDataPermission)' }), all: Type.Boolean(), anyOf: Type.Optional(Type.Array(Clause)) }),
  apiCodes: Type.Array(Type.Object({ code: Type.String(), granted: Type.Boolean(), viaMenu: Type.Boolean() })),
});
const ColumnsReply = Type.Object({ moduleId: Type.String(), fieldList: Type.Union([Type.String({ description: 'JSON text as saved' }), Type.Null()]) });

export const authorityRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Data/:roleId', {
    config: manage,
    schema: {
      tags, summary: 'A role\'s grant tree: every menu entry with its buttons, columns, forms and data schemes, checked where the role holds them', params: Type.Object({ roleId: Id }),
      response: { 200: Envelope(Type.Object({
        role: Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String(), globalMark: Type.Integer(), enabledMark: Type.Integer() }),
        list: Type.Array(GrantNode), api: Type.Array(Type.Object({ code: Type.String(), checked: Type.Boolean() })), checked: Areas,
      })) },
    },
  }, async (request) => ok(await roleGrantTree(db, request.params.roleId)));

  app.put('/Data/:roleId', {
    config: manage,
    schema: {
      tags, summary: 'Save a role\'s grants: each area sent (module, button, column, form, resource, api) is replaced whole, in one transaction', params: Type.Object({ roleId: Id }),
      body: SaveBody, response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    await saveRoleGrants(db, request.params.roleId, request.body as Record<string, string[]>, principalOf(request).grants, request);
    return done(request.t('authority.saved'));
  });

  app.get('/Scheme/:menuId', {
    config: manage,
    schema: { tags, summary: 'Data-scope schemes of a menu entry', params: Type.Object({ menuId: Id }), response: { 200: Envelope(Type.Object({ list: Type.Array(Scheme) })) } },
  }, async (request) => ok({ list: await listSchemes(db, request.params.menuId) }));

  app.get('/Scheme/:menuId/Fields', {
    config: manage,
    schema: {
      tags, summary: 'What a custom scheme may name on this menu: the model\'s indexed fields, the operators and the placeholders', params: Type.Object({ menuId: Id }),
      response: { 200: Envelope(Type.Object({
        fields: Type.Array(Type.Object({ field: Type.String(), label: Type.String(), numeric: Type.Boolean() })), ops: Type.Array(Type.String()), placeholders: Type.Array(Type.String()), scopeTypes: Type.Array(Type.String()),
      })) },
    },
  }, async (request) => ok({
    fields: (await conditionFields(db, request.params.menuId, request.locale)) ?? [], ops: [...CONDITION_OPS], placeholders: [...PLACEHOLDERS], scopeTypes: [...SCOPE_TYPES],
  }));

  app.post('/Scheme/:menuId', {
    config: manage,
    schema: { tags, summary: 'Create a data-scope scheme on a menu entry', params: Type.Object({ menuId: Id }), body: SchemeBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } },
  }, async (request) => ok({ id: await createScheme(db, request.params.menuId, request.body as SchemeInput, request.locale, request) }, request.t('visualdev.created')));

  app.put('/Scheme/:menuId/:id', {
    config: manage,
    schema: { tags, summary: 'Update a data-scope scheme', params: Type.Object({ menuId: Id, id: Id }), body: SchemeBody, response: { 200: EmptyEnvelope } },
  }, async (request) => {
    await updateScheme(db, request.params.menuId, request.params.id, request.body as SchemeInput, request.locale, request);
    return done(request.t('visualdev.updated'));
  });

  app.delete('/Scheme/:menuId/:id', {
    config: manage,
    schema: { tags, summary: 'Delete a data-scope scheme and its grants', params: Type.Object({ menuId: Id, id: Id }), response: { 200: EmptyEnvelope } },
  }, async (request) => {
    await deleteScheme(db, request.params.menuId, request.params.id, request);
    return done(request.t('visualdev.deleted'));
  });

  app.get('/Explain', {
    // role managers and user managers both answer "why does this person see this?"
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'Explain access: for a user and a menu entry, the roles in force, which grant the menu, each button, column, form and data scheme, the grant rows behind each, and the data scope',
      querystring: Type.Object({ userId: Id, menuId: Id }), response: { 200: Envelope(ExplainReply) },
    },
  }, async (request) => {
    const principal = principalOf(request);
    if (!principal.permissions.has('permission.role:manage') && !principal.permissions.has('permission.user:manage')) throw new AppError(ReplyCode.forbidden, 'server.permissionDenied');
    return ok(await explainAccess(db, request.query.userId, request.query.menuId, request.locale));
  });

  app.get('/GetColumnsByModuleId/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'The list columns the caller chose for a page (menu entry id); fieldList null when none', params: Type.Object({ id: Id }), response: { 200: Envelope(ColumnsReply) } },
  }, async (request) => {
    const principal = principalOf(request);
    await menuOrMissing(db, request.params.id);
    const row = await db.selectFrom('baseColumnsPurview').select('fieldList').where('userId', '=', principal.user.id).where('moduleId', '=', request.params.id).executeTakeFirst();
    return ok({ moduleId: request.params.id, fieldList: row?.fieldList ?? null });
  });

  app.put('/SetColumnsByModuleId', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'Save the list columns the caller chose for a page', body: Type.Object({ moduleId: Id, fieldList: Type.String({ maxLength: 65_536, description: 'JSON text (an array)' }) }),
      response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    const principal = principalOf(request);
    const { moduleId, fieldList } = request.body;
    await menuOrMissing(db, moduleId);
    try {
      if (!Array.isArray(JSON.parse(fieldList))) throw new Error('not an array');
    } catch {
      throw refuse('authority.columnsInvalid');
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('baseColumnsPurview').where('userId', '=', principal.user.id).where('moduleId', '=', moduleId).execute();
      await trx.insertInto('baseColumnsPurview').values({ id: newId(), userId: principal.user.id, moduleId, fieldList, updatedAt: Date.now() }).execute();
    });
    return done(request.t('visualdev.updated'));
  });
};
