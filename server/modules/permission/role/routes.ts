import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import type { RoleRow } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { bumpAccessVersion } from '../../../auth/access-version';
import { subtreeIds } from '../../../auth/org-tree';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { DbOrTrx } from '../../dictionary/repository';
import { lookupScope, visibleRoles } from '../lookup-scope';
import { organizeVisible } from '../users/visibility';
import { loadOrganizes, userOrganizeIds } from './organizes';
import { ADMIN_ROLE_CODE, countRoleHolders, enabledRoles, findRole, organizeIdsOfRoles, roleCodeTaken, roleNameTaken, setRoleOrganizes } from './repository';
import { IdParams, RoleBody, RoleInfo, RoleListItem, RoleListQuery, RoleSelectorNode } from './schemas';
import { globalGroup, organizeNode, organizeRoleTree } from './selector';
import { validateRole, type RoleInput } from './validation';

const manage = { access: { permission: 'permission.role:manage' as const } };
const read = { access: 'signedIn' as const };
const tags = ['role'];
const SelectorReply = Envelope(Type.Object({ list: Type.Array(RoleSelectorNode) }));

const notFound = () => new AppError(ReplyCode.notFound, 'role.notFound');
const isBuiltIn = (role: Pick<RoleRow, 'enCode'>) => role.enCode === ADMIN_ROLE_CODE;

/** The update's form: the stored role with the sent fields over it (organisations sent either way replace the stored ones). */
async function updatedForm(trx: DbOrTrx, role: RoleRow, body: RoleInput): Promise<RoleInput> {
  const sentOrganizes = body.organizeIds !== undefined || body.organizeIdsTree !== undefined;
  const organizeIds = sentOrganizes ? [] : ((await organizeIdsOfRoles(trx, [role.id])).get(role.id) ?? []);
  const stored = { fullName: role.fullName, enCode: role.enCode, type: role.type, globalMark: Number(role.globalMark), organizeIds, sortCode: Number(role.sortCode), enabledMark: Number(role.enabledMark), description: role.description };
  return { ...stored, ...body };
}

/** Checks the role form against the stored roles and organisations; returns what to write. */
async function checkedRole(trx: DbOrTrx, body: RoleInput, existing?: RoleRow) {
  const input = validateRole(existing ? await updatedForm(trx, existing, body) : body);
  if (existing && isBuiltIn(existing) && (input.role.enCode !== existing.enCode || input.role.globalMark !== 1 || input.role.enabledMark !== 1)) throw refuse('role.builtInFixed');
  if (input.organizeIds.length) {
    const found = await trx.selectFrom('baseOrganize').select('id').where('id', 'in', input.organizeIds).execute();
    if (found.length !== input.organizeIds.length) throw refuse('role.organizeNotFound');
  }
  if (await roleCodeTaken(trx, input.role.enCode, existing?.id)) throw refuse('role.codeExists');
  if (await roleNameTaken(trx, input.role.fullName, input.role.globalMark, input.organizeIds, existing?.id)) throw refuse('role.nameExists');
  return input;
}

/** /api/permission/Role: global roles and organisation roles (spec 7.4). Grants live in the authority module. */
export const roleRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Role',
    { config: manage, schema: { tags, summary: 'Roles, paged: keyword on name or code; organizeId narrows to that organisation\'s roles (\'0\': global roles)', querystring: RoleListQuery, response: { 200: PagedEnvelope(RoleListItem) } } },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, organizeId } = request.query;
      let query = db.selectFrom('baseRole');
      const word = keyword?.trim().replace(/[%_\\]/g, '').toLowerCase();
      if (word) query = query.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', `%${word}%`), eb(eb.fn('lower', ['enCode']), 'like', `%${word}%`)]));
      if (organizeId === '0') query = query.where('globalMark', '=', 1);
      else if (organizeId) {
        query = query.where('globalMark', '=', 0).where('id', 'in', (eb) =>
          eb.selectFrom('baseOrganizeRelation').select('objectId').where('objectType', '=', 'Role').where('organizeId', '=', organizeId),
        );
      }
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query.selectAll().orderBy('sortCode').orderBy('createdAt').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      const [organizes, roleOrganizes] = await Promise.all([loadOrganizes(db), organizeIdsOfRoles(db, rows.map((r) => r.id))]);
      const list = rows.map((r) => {
        const organizeIds = roleOrganizes.get(r.id) ?? [];
        return { ...roleView(r, organizeIds), organizeInfo: organizeIds.filter((id) => organizes.byId.has(id)).map(organizes.pathName).join(', ') };
      });
      return ok({ list, pagination: { currentPage, pageSize, total: Number(total) } });
    },
  );

  app.get(
    '/Role/Selector',
    {
      config: read,
      schema: {
        tags,
        summary: 'Role picker: the global roles under 全局, then the organisations with their roles (enabled roles only); non-administrators see only the organisations of their picker scope and their roles',
        response: { 200: SelectorReply },
      },
    },
    async (request) => {
      const [all, scope] = await Promise.all([enabledRoles(db), lookupScope(db, request)]);
      const [organizes, roleOrganizes] = await Promise.all([loadOrganizes(db), organizeIdsOfRoles(db, all.map((r) => r.id))]);
      const roles = visibleRoles(scope, all, roleOrganizes);
      return ok({ list: [globalGroup(roles, request.t('role.global')), ...organizeRoleTree(organizes, roles, roleOrganizes, scope.organizeIds ?? undefined)] });
    },
  );

  app.get(
    '/Role/SelectorByPermission',
    { config: read, schema: { tags, summary: 'Roles the caller may grant: administrators every enabled role (as Selector); others the roles of their own organisations and those below them, no global roles', response: { 200: SelectorReply } } },
    async (request) => {
      const principal = principalOf(request);
      const roles = await enabledRoles(db);
      const [organizes, roleOrganizes] = await Promise.all([loadOrganizes(db), organizeIdsOfRoles(db, roles.map((r) => r.id))]);
      if (principal.isAdministrator) return ok({ list: [globalGroup(roles, request.t('role.global')), ...organizeRoleTree(organizes, roles, roleOrganizes)] });
      const own = await userOrganizeIds(db, principal.user.id, principal.user.organizeId);
      return ok({ list: organizeRoleTree(organizes, roles, roleOrganizes, new Set(subtreeIds(organizes.parents, own))) });
    },
  );

  app.post(
    '/Role/getListByOrgIds',
    {
      config: read,
      schema: {
        tags,
        summary: 'Roles a user of these organisations may hold: 全局 with the global roles, then each existing organisation the caller may see (its path as name) with its enabled roles',
        body: Type.Object({ organizeIds: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 500 }) }),
        response: { 200: SelectorReply },
      },
    },
    async (request) => {
      const [roles, scope] = await Promise.all([enabledRoles(db), lookupScope(db, request)]);
      const [organizes, roleOrganizes] = await Promise.all([loadOrganizes(db), organizeIdsOfRoles(db, roles.map((r) => r.id))]);
      const asked = [...new Set(request.body.organizeIds)].filter((id) => organizes.byId.has(id) && organizeVisible(scope, id));
      const nodes = asked.map((id) => organizeNode(organizes, id, roles.filter((r) => Number(r.globalMark) === 0 && roleOrganizes.get(r.id)?.includes(id)), organizes.pathName(id)));
      return ok({ list: [globalGroup(roles, request.t('role.global')), ...nodes] });
    },
  );

  app.get('/Role/:id', { config: manage, schema: { tags, summary: 'One role with its organisations', params: IdParams, response: { 200: Envelope(RoleInfo) } } }, async (request) => {
    const role = await findRole(db, request.params.id);
    if (!role) throw notFound();
    const [organizes, roleOrganizes] = await Promise.all([loadOrganizes(db), organizeIdsOfRoles(db, [role.id])]);
    const organizeIds = roleOrganizes.get(role.id) ?? [];
    return ok({ ...roleView(role, organizeIds), organizeIdsTree: organizeIds.filter((id) => organizes.byId.has(id)).map(organizes.pathIds) });
  });

  app.post('/Role', { config: manage, schema: { tags, summary: 'New role: global (globalMark 1) or of organisations (globalMark 0, organizeIds or organizeIdsTree)', body: RoleBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const input = await checkedRole(trx, request.body);
      await trx.insertInto('baseRole').values({ id, ...input.role, createdAt: Date.now() }).execute();
      await setRoleOrganizes(trx, id, input.organizeIds, newId);
      await audit(trx, request, { entity: 'role', entityId: id, action: 'create', after: { ...input.role, organizeIds: input.organizeIds } });
      await bumpAccessVersion(trx);
    });
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/Role/:id', { config: manage, schema: { tags, summary: 'Update a role and its organisations; fields not sent keep their stored values', params: IdParams, body: RoleBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    await db.transaction().execute(async (trx) => {
      const existing = await findRole(trx, request.params.id);
      if (!existing) throw notFound();
      const input = await checkedRole(trx, request.body, existing);
      const organizeIds = (await organizeIdsOfRoles(trx, [existing.id])).get(existing.id) ?? [];
      await trx.updateTable('baseRole').set(input.role).where('id', '=', existing.id).execute();
      await setRoleOrganizes(trx, existing.id, input.organizeIds, newId);
      await audit(trx, request, { entity: 'role', entityId: existing.id, action: 'update', before: { ...existing, organizeIds }, after: { ...existing, ...input.role, organizeIds: input.organizeIds } });
      await bumpAccessVersion(trx);
    });
    return done(request.t('dictionary.updateSuccess'));
  });

  app.delete(
    '/Role/:id',
    { config: manage, schema: { tags, summary: 'Delete a role no user holds (never the built-in administrator role); its organisations and grants go with it', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await db.transaction().execute(async (trx) => {
        const role = await findRole(trx, request.params.id);
        if (!role) throw notFound();
        if (isBuiltIn(role)) throw refuse('role.builtInDelete');
        const holders = await countRoleHolders(trx, role.id);
        if (holders > 0) throw refuse('role.inUse', { count: holders });
        await trx.deleteFrom('baseOrganizeRelation').where('objectType', '=', 'Role').where('objectId', '=', role.id).execute();
        await trx.deleteFrom('baseAuthorize').where('objectType', '=', 'Role').where('objectId', '=', role.id).execute();
        await trx.deleteFrom('baseRole').where('id', '=', role.id).execute();
        await audit(trx, request, { entity: 'role', entityId: role.id, action: 'delete', before: role });
        await bumpAccessVersion(trx);
      });
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.put(
    '/Role/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); a disabled role grants nothing; replies the new state', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } } },
    async (request) => {
      const enabledMark = await db.transaction().execute(async (trx) => {
        const role = await findRole(trx, request.params.id);
        if (!role) throw notFound();
        if (isBuiltIn(role)) throw refuse('role.builtInFixed');
        const next = Number(role.enabledMark) === 1 ? 0 : 1;
        await trx.updateTable('baseRole').set({ enabledMark: next }).where('id', '=', role.id).execute();
        await audit(trx, request, { entity: 'role', entityId: role.id, action: 'update', before: role, after: { ...role, enabledMark: next } });
        await bumpAccessVersion(trx);
        return next;
      });
      return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
    },
  );
};

function roleView(r: RoleRow, organizeIds: string[]) {
  return {
    id: r.id, fullName: r.fullName, enCode: r.enCode, type: r.type, globalMark: Number(r.globalMark), sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark),
    description: r.description, creatorTime: Number(r.createdAt), organizeIds,
  };
}
