import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import type { UserRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import type { Principal } from '../../../auth/principal';
import { bumpAccessVersion } from '../../../auth/access-version';
import { organizeSubtreeIds } from '../../../auth/org-tree';
import { revokeUserSessions } from '../../../auth/sessions';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok } from '../../../http/envelope';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { accountKey, clearFailures } from '../../oauth/accounts-repo';
import { inOrganizes, membershipsOf, pageOf, pagination, userInfoView, userRowViews, withKeyword } from './read';
import { CreateBody, CreatedData, IdParams, ListQuery, UpdateBody, UserInfoView, UserRowView } from './schemas';
import { initialPasswordHash, insertUser, readForm, userColumns, validateUser, writeMemberships, type UserInput } from './write';

export const tags = ['permission'];
export const manage = { access: { permission: 'permission.user:manage' as const } };

export const notFound = () => new AppError(ReplyCode.notFound, 'users.notFound');

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const user = await db.selectFrom('baseUser').selectAll().where('id', '=', id).where('userKind', '!=', 'anonymous').executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

/** Only an administrator may change an administrator (else user management would reach their rights). */
export function assertMayChange(caller: Principal, target: UserRow): void {
  if (target.isAdministrator === 1 && !caller.isAdministrator) throw refuse('users.administratorProtected');
}

/** The stored user as a form (the base an update is read over). */
async function storedInput(db: Db, user: UserRow): Promise<UserInput> {
  const m = (await membershipsOf(db, [user])).get(user.id)!;
  return {
    account: user.account, realName: user.realName, gender: user.gender, mobile: user.mobile, email: user.email, headIcon: user.headIcon,
    userKind: user.userKind, organizeId: user.organizeId, positionId: user.positionId, managerId: user.managerId, enabledMark: user.enabledMark,
    description: user.description, ...m,
  };
}

/** Management calls of spec 7.3: the list, all users, one user, create, update, delete. */
export const manageRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Users, paged: keyword over account, name and mobile; organizeId limits to that organisation and those below it',
        querystring: ListQuery,
        response: { 200: PagedEnvelope(UserRowView) },
      },
    },
    async (request) => {
      const { currentPage = 1, pageSize = 20, keyword, organizeId, enabledMark, sidx, sort } = request.query;
      let query = withKeyword(db.selectFrom('baseUser').where('userKind', '!=', 'anonymous'), keyword);
      if (organizeId && organizeId !== '0') query = query.where(inOrganizes(await organizeSubtreeIds(db, [organizeId])));
      if (enabledMark !== undefined) query = query.where('enabledMark', '=', enabledMark);
      const column = sidx === 'account' ? 'baseUser.account' : sidx === 'realName' ? 'baseUser.realName' : 'baseUser.createdAt';
      const direction = sort ?? (sidx ? 'asc' : 'desc');
      const { rows, total } = await pageOf(query, currentPage, pageSize, (q) => q.orderBy(column, direction).orderBy('baseUser.id', direction));
      return ok({ list: await userRowViews(db, rows), pagination: pagination(currentPage, pageSize, total) });
    },
  );

  app.get(
    '/All',
    { config: manage, schema: { tags, summary: 'Every user (management list rows, by account)', response: { 200: Envelope(Type.Object({ list: Type.Array(UserRowView) })) } } },
    async () => {
      const rows = await db.selectFrom('baseUser').selectAll().where('userKind', '!=', 'anonymous').orderBy('account').orderBy('id').execute();
      return ok({ list: await userRowViews(db, rows) });
    },
  );

  app.get(
    '/:id',
    { config: manage, schema: { tags, summary: 'One user for the edit form (memberships as id lists; never any password or secret)', params: IdParams, response: { 200: Envelope(UserInfoView) } } },
    async (request) => ok(await userInfoView(db, await findUser(db, request.params.id))),
  );

  app.post(
    '',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a user with its organisations, positions, roles and groups; the initial password is the configured default, else a random one (reset it)',
        body: CreateBody,
        response: { 200: Envelope(CreatedData) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const input = readForm(request.body, null);
      // Checked before hashing too: a refused form costs no argon2 run.
      await validateUser(db, input, null, caller);
      const { passwordHash, isDefault } = await initialPasswordHash(db);
      const id = await db.transaction().execute(async (trx) => {
        await validateUser(trx, input, null, caller);
        return insertUser(trx, input, passwordHash, request);
      });
      return ok({ id }, request.t(isDefault ? 'users.created' : 'users.createdWithoutPassword'));
    },
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: { tags, summary: 'Update a user; fields left out keep their value (memberships too)', params: IdParams, body: UpdateBody, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const caller = principalOf(request);
      const user = await findUser(db, request.params.id);
      assertMayChange(caller, user);
      const stored = await storedInput(db, user);
      const input = readForm(request.body, stored);
      if (user.id === caller.user.id && input.enabledMark !== 1) throw refuse('users.disableSelf');
      if (user.isAdministrator === 1 && input.enabledMark !== 1) throw refuse('users.disableAdministrator');
      await db.transaction().execute(async (trx) => {
        await validateUser(trx, input, user.id, caller, stored.roleIds);
        await trx.updateTable('baseUser').set({ ...userColumns(input), updatedAt: Date.now() }).where('id', '=', user.id).execute();
        await writeMemberships(trx, user.id, input);
        await audit(trx, request, { entity: 'user', entityId: user.id, action: 'update', before: stored, after: input });
        // A renamed account starts with a clean failure count under its new name.
        if (accountKey(input.account) !== accountKey(user.account)) await clearFailures(trx, accountKey(user.account));
      });
      if (user.enabledMark === 1 && input.enabledMark !== 1) await revokeUserSessions(db, user.id);
      return done(request.t('users.saved'));
    },
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a user: refused for yourself, an administrator, or the manager of other users',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const user = await findUser(db, request.params.id);
      if (user.id === caller.user.id) throw refuse('users.deleteSelf');
      if (user.isAdministrator === 1) throw refuse('users.deleteAdministrator');
      await db.transaction().execute(async (trx) => {
        const subordinate = await trx.selectFrom('baseUser').select('id').where('managerId', '=', user.id).executeTakeFirst();
        if (subordinate) throw refuse('users.deleteHasSubordinates');
        const managed = await trx.selectFrom('baseOrganize').select('fullName').where('managerId', '=', user.id).executeTakeFirst();
        if (managed) throw refuse('users.deleteOrganizeManager', { name: managed.fullName });
        await trx.deleteFrom('baseUserRelation').where('userId', '=', user.id).execute();
        await trx.deleteFrom('baseUserProfile').where('userId', '=', user.id).execute();
        await trx.deleteFrom('baseSignImg').where('userId', '=', user.id).execute();
        await trx.deleteFrom('baseRegistration').where('userId', '=', user.id).execute();
        await trx.deleteFrom('baseLoginFailure').where('account', '=', accountKey(user.account)).execute();
        await trx.deleteFrom('baseUser').where('id', '=', user.id).execute();
        await audit(trx, request, { entity: 'user', entityId: user.id, action: 'delete', before: user });
        await bumpAccessVersion(trx);
      });
      await revokeUserSessions(db, user.id);
      return done(request.t('users.deleted'));
    },
  );
};
