import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { subtreeIds } from '../../../auth/org-tree';
import { Envelope, PagedEnvelope, ok } from '../../../http/envelope';
import { byAccount, inOrganizes, never, pageOf, pagination, related, userOptions, withKeyword } from './read';
import { tags } from './manage-routes';
import { pickerLevel, pickerTree, USER_ICON } from './org-nodes';
import {
  ByPositionQuery, ByRoleQuery, ConditionBody, IdParams, IdsBody, KeywordBody, NodeKeywordBody, OrganizationQuery, PageQuery, PickerNode, UserSearchQuery, SELECTED_MAX, SelectedIdsBody, SelectedItem, UserOption,
} from './schemas';
import { organizeVisible, pickerScope, scopeList, type PickerScope } from './visibility';
import { idList } from './write';
import { visibleGroupIds, visibleRoles } from '../lookup-scope';
import { organizeIdsOfRoles } from '../role/repository';

const signedIn = { access: 'signedIn' as const };
const PICKER_LIMIT = 200;

/** Enabled, real users within the caller's picker scope. */
function visibleUsers(db: Db, scope: PickerScope) {
  const query = db.selectFrom('baseUser').where('baseUser.enabledMark', '=', 1).where('baseUser.userKind', '!=', 'anonymous');
  const limit = scopeList(scope);
  return limit ? query.where(inOrganizes(limit)) : query;
}

const scopeOf = (db: Db, request: FastifyRequest) => pickerScope(db, principalOf(request));

/** The caller's own organisations (major and related) and those below them: the 当前组织 tab. */
async function ownOrganizes(db: Db, request: FastifyRequest, scope: PickerScope): Promise<string[]> {
  const { user } = principalOf(request);
  const related = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', user.id).where('objectType', '=', 'Organize').execute();
  const own = [...(user.organizeId ? [user.organizeId] : []), ...related.map((r) => r.objectId)];
  return subtreeIds(scope.parents, own);
}

/** The pickers' calls (spec 7.3, widgets.md 6 and 7): signed-in users, limited to what they may see. */
export const pickerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Selector',
    { config: signedIn, schema: { tags, summary: 'The organisation tree with its enabled users as leaves (user pickers)', response: { 200: Envelope(Type.Object({ list: Type.Array(PickerNode) })) } } },
    async (request) => ok({ list: (await pickerTree(db, await scopeOf(db, request))).full() }),
  );

  app.get(
    '/getOrganization',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "One level of the user picker: organisations (with user counts) and users of organizeId ('0' = the top); with a keyword, the matching users instead",
        querystring: OrganizationQuery,
        response: { 200: Envelope(Type.Array(PickerNode)) },
      },
    },
    async (request) => {
      const { organizeId = '0', keyword, openFirst } = request.query;
      const scope = await scopeOf(db, request);
      const level = await organizationLevel(scope, organizeId, keyword);
      const first = level[0];
      if (openFirst && !keyword?.trim() && (organizeId === '0' || organizeId === '-1') && first?.hasChildren) level[0] = { ...first, children: await pickerLevel(db, scope, first.id) };
      return ok(level);
    },
  );

  app.post(
    '/ImUser/Selector/:id',
    {
      config: signedIn,
      schema: { tags, summary: "Chat contacts as a tree: one level under organisation {id} ('0' = the top), or the users matching keyword", params: IdParams, body: NodeKeywordBody, response: { 200: Envelope(Type.Object({ list: Type.Array(PickerNode) })) } },
    },
    async (request) => ok({ list: await organizationLevel(await scopeOf(db, request), request.params.id, request.body?.keyword) }),
  );

  async function organizationLevel(scope: PickerScope, organizeId: string, keyword: string | undefined) {
    if (keyword?.trim()) {
      const rows = await withKeyword(visibleUsers(db, scope), keyword).selectAll('baseUser').orderBy('baseUser.account').limit(PICKER_LIMIT).execute();
      return (await userOptions(db, rows)).map((u) => ({ id: u.id, parentId: '0', fullName: u.fullName, type: 'user', icon: USER_ICON, headIcon: u.headIcon, organize: u.organize, hasChildren: false, isLeaf: true, children: [] }));
    }
    return pickerLevel(db, scope, organizeId);
  }

  app.get(
    '/ImUser',
    { config: signedIn, schema: { tags, summary: 'Chat contacts: enabled users I may see, except me; keyword, paged', querystring: PageQuery, response: { 200: PagedEnvelope(UserOption) } } },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword } = request.query;
      const me = principalOf(request).user.id;
      const query = withKeyword(visibleUsers(db, await scopeOf(db, request)), keyword).where('baseUser.id', '!=', me);
      const { rows, total } = await pageOf(query, currentPage, pageSize);
      return ok({ list: await userOptions(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.get(
    '/UserSearch',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The user picker's flat list (a keyword on the 全部数据 tab, and the 当前组织 tab with organize=current): enabled users I may see, me included; keyword, paged",
        querystring: UserSearchQuery,
        response: { 200: PagedEnvelope(UserOption) },
      },
    },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, organize } = request.query;
      const scope = await scopeOf(db, request);
      let query = withKeyword(visibleUsers(db, scope), keyword);
      if (organize === 'current') query = query.where(inOrganizes(await ownOrganizes(db, request, scope)));
      const { rows, total } = await pageOf(query, currentPage, pageSize);
      return ok({ list: await userOptions(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.post(
    '/getUserList',
    { config: signedIn, schema: { tags, summary: 'Users by ids (userId: array or comma-joined); ids I may not see are left out', body: IdsBody, response: { 200: Envelope(Type.Object({ list: Type.Array(UserOption) })) } } },
    async (request) => {
      const ids = (idList(request.body.userId) ?? idList(request.body.ids) ?? []).slice(0, 1000);
      if (ids.length === 0) return ok({ list: [] });
      const rows = await visibleUsers(db, await scopeOf(db, request)).selectAll('baseUser').where('baseUser.id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ok({ list: await userOptions(db, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))) });
    },
  );

  app.post(
    '/getSubordinates',
    { config: signedIn, schema: { tags, summary: 'My direct subordinates (users whose manager I am), keyword filtered', body: KeywordBody, response: { 200: Envelope(Type.Array(UserOption)) } } },
    async (request) => {
      const me = principalOf(request).user.id;
      const query = withKeyword(db.selectFrom('baseUser').where('baseUser.managerId', '=', me).where('baseUser.enabledMark', '=', 1), request.body.keyword);
      return ok(await userOptions(db, await byAccount(query).selectAll('baseUser').limit(PICKER_LIMIT).execute()));
    },
  );

  app.get(
    '/GetUsersByPositionId',
    { config: signedIn, schema: { tags, summary: 'Users holding a position, paged', querystring: ByPositionQuery, response: { 200: PagedEnvelope(UserOption) } } },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, positionId } = request.query;
      const query = withKeyword(visibleUsers(db, await scopeOf(db, request)), keyword).where(related('Position', [positionId]));
      const { rows, total } = await pageOf(query, currentPage, pageSize);
      return ok({ list: await userOptions(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.get(
    '/GetUsersByRoleOrgId',
    { config: signedIn, schema: { tags, summary: 'Users holding a role, optionally only those of an organisation (and below), paged', querystring: ByRoleQuery, response: { 200: PagedEnvelope(UserOption) } } },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, roleId, organizeId } = request.query;
      const scope = await scopeOf(db, request);
      let query = withKeyword(visibleUsers(db, scope), keyword).where(related('Role', [roleId]));
      if (organizeId && organizeId !== '0') query = query.where(inOrganizes(subtreeIds(scope.parents, [organizeId])));
      const { rows, total } = await pageOf(query, currentPage, pageSize);
      return ok({ list: await userOptions(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.post(
    '/UserCondition',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The restricted user picker: users in any of departIds (and below), positionIds, userIds, roleIds or groupIds; keyword, paged',
        body: ConditionBody,
        response: { 200: PagedEnvelope(UserOption) },
      },
    },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, departIds = [], positionIds = [], userIds = [], roleIds = [], groupIds = [] } = request.body;
      const scope = await scopeOf(db, request);
      const departs = subtreeIds(scope.parents, departIds);
      const query = withKeyword(visibleUsers(db, scope), keyword).where((eb) =>
        eb.or([
          inOrganizes(departs)(eb),
          related('Position', positionIds)(eb),
          related('Role', roleIds)(eb),
          related('Group', groupIds)(eb),
          userIds.length ? eb('baseUser.id', 'in', userIds) : never(),
        ]),
      );
      const { rows, total } = await pageOf(query, currentPage, pageSize);
      return ok({ list: await userOptions(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.post(
    '/GetListByAuthorize/:id',
    { config: signedIn, schema: { tags, summary: 'Users of organisation {id} (and below) that I may see, keyword filtered', params: IdParams, body: NodeKeywordBody, response: { 200: Envelope(Type.Array(UserOption)) } } },
    async (request) => {
      const scope = await scopeOf(db, request);
      if (!organizeVisible(scope, request.params.id)) return ok([]);
      const query = withKeyword(visibleUsers(db, scope), request.body?.keyword).where(inOrganizes(subtreeIds(scope.parents, [request.params.id])));
      return ok(await userOptions(db, await byAccount(query).selectAll('baseUser').limit(PICKER_LIMIT).execute()));
    },
  );

  const selectedCalls = [
    ['/getSelectedList', "The picker's selected items by id (userId: a user, organisation, position, role or group id, optionally 'id--type')"],
    ['/getSelectedUserList', 'As getSelectedList (the user picker calls this one)'],
  ] as const;
  for (const [path, summary] of selectedCalls) {
    app.post(
      path,
      { config: signedIn, schema: { tags, summary, body: SelectedIdsBody, response: { 200: Envelope(Type.Object({ list: Type.Array(SelectedItem) })) } } },
      async (request) => {
        const raw = (idList(request.body.userId) ?? idList(request.body.ids) ?? []).slice(0, SELECTED_MAX);
        return ok({ list: await selectedItems(db, await scopeOf(db, request), principalOf(request).user.id, raw) });
      },
    );
  }
};

/**
 * Names of selected picker items. An id may carry its type ('id--role', widgets.md 3); without
 * one, the tables are asked in the order user, organisation, position, role, group. Items
 * outside the caller's scope (server/modules/permission/lookup-scope.ts) are left out, as unknown
 * ids are, so a caller sees a blank, never the name.
 */
async function selectedItems(db: Db, scope: PickerScope, callerId: string, raw: string[]) {
  const parsed = raw.map((value) => {
    const at = value.lastIndexOf('--');
    return at > 0 ? { id: value.slice(0, at), type: value.slice(at + 2) } : { id: value, type: '' };
  });
  if (parsed.length === 0) return [];
  // Each table is asked only for the ids that may be of its type (untyped ids: every table).
  const idsOf = (...types: string[]) => [...new Set(parsed.filter((p) => !p.type || types.includes(p.type)).map((p) => p.id))];
  const inTable = async <R,>(ids: string[], read: (ids: string[]) => Promise<R[]>) => (ids.length ? read(ids) : []);
  const userRows = await inTable(idsOf('user'), (ids) =>
    visibleUsers(db, scope).select(['baseUser.id', 'baseUser.account', 'baseUser.realName', 'baseUser.headIcon', 'baseUser.organizeId', 'baseUser.positionId']).where('baseUser.id', 'in', ids).execute(),
  );
  const userViews = new Map((await userOptions(db, userRows)).map((u) => [u.id, u]));
  const orgRows = await inTable(idsOf('company', 'department', 'organize'), (ids) => db.selectFrom('baseOrganize').select(['id', 'fullName', 'category']).where('id', 'in', ids).execute());
  const orgs = new Map(orgRows.filter((o) => organizeVisible(scope, o.id)).map((o) => [o.id, o]));
  const positionRows = await inTable(idsOf('position'), (ids) => db.selectFrom('basePosition').select(['id', 'fullName', 'organizeId']).where('id', 'in', ids).execute());
  const positions = new Map(positionRows.filter((p) => organizeVisible(scope, p.organizeId)).map((p) => [p.id, p]));
  const roleRows = await inTable(idsOf('role'), (ids) => db.selectFrom('baseRole').select(['id', 'fullName', 'globalMark']).where('id', 'in', ids).execute());
  const roleOrganizes = scope.organizeIds ? await organizeIdsOfRoles(db, roleRows.map((r) => r.id)) : new Map<string, string[]>();
  const roles = new Map(visibleRoles(scope, roleRows, roleOrganizes).map((r) => [r.id, r]));
  const groupRows = await inTable(idsOf('group'), (ids) => db.selectFrom('baseGroup').select(['id', 'fullName']).where('id', 'in', ids).execute());
  const groupIds = groupRows.length ? await visibleGroupIds(db, scope, callerId) : null;
  const groups = new Map(groupRows.filter((g) => !groupIds || groupIds.has(g.id)).map((g) => [g.id, g]));
  const items: Static<typeof SelectedItem>[] = [];
  for (const { id, type } of parsed) {
    const user = userViews.get(id);
    const org = orgs.get(id);
    if ((!type || type === 'user') && user) items.push({ id, fullName: user.fullName, type: 'user', headIcon: user.headIcon, organize: user.organize });
    else if ((!type || type === 'company' || type === 'department' || type === 'organize') && org) items.push({ id, fullName: org.fullName, type: org.category });
    else if ((!type || type === 'position') && positions.has(id)) items.push({ id, fullName: positions.get(id)!.fullName, type: 'position' });
    else if ((!type || type === 'role') && roles.has(id)) items.push({ id, fullName: roles.get(id)!.fullName, type: 'role' });
    else if ((!type || type === 'group') && groups.has(id)) items.push({ id, fullName: groups.get(id)!.fullName, type: 'group' });
  }
  return items;
}
