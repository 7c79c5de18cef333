import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { profileChange } from './profile-audit';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { bumpAccessVersion } from '../../auth/access-version';
import { Envelope, PagedEnvelope, done, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { catalogues, type MessageKey, translate } from '../../../src/runtime/i18n';
import { currentUser, ipPlaceName } from '../oauth/current-user';
import { readSysConfig } from '../system/config-store';
import { EmptyEnvelope } from '../../http/envelope';
import type { CurrentUserOptions } from './profile-routes';
import { tags } from './profile-routes';
import { AuthorizeData, IdParams, LoginLogEntry, MajorBody, OwnOrganize, OwnPosition, Subordinate, SystemLogQuery } from './schemas';

/** Organisations of a user: the major one (base_user.organize_id) and those related to them. */
export async function ownOrganizes(db: Db, userId: string, majorId: string | null) {
  const related = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', userId).where('objectType', '=', 'Organize').execute();
  const ids = [...new Set([...(majorId ? [majorId] : []), ...related.map((r) => r.objectId)])];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('baseOrganize').select(['id', 'fullName', 'category', 'sortCode']).where('id', 'in', ids).orderBy('sortCode').orderBy('id').execute();
  return rows.map((o) => ({ id: o.id, fullName: o.fullName, category: o.category, isMajor: o.id === majorId }));
}

/** Positions of a user: the major one (base_user.position_id) and those related to them, the major one flagged. */
export async function ownPositions(db: Db, userId: string, majorId: string | null) {
  const related = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', userId).where('objectType', '=', 'Position').execute();
  const ids = [...new Set([...(majorId ? [majorId] : []), ...related.map((r) => r.objectId)])];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('basePosition')
    .leftJoin('baseOrganize', 'baseOrganize.id', 'basePosition.organizeId')
    .select(['basePosition.id', 'basePosition.fullName', 'basePosition.organizeId', 'baseOrganize.fullName as organizeName'])
    .where('basePosition.id', 'in', ids)
    .orderBy('basePosition.sortCode')
    .orderBy('basePosition.id')
    .execute();
  return rows.map((p) => ({ ...p, isMajor: p.id === majorId }));
}

/** Subordinates, the log of my sign-ins, my grants, and my organisation / position switch. */
export const orgRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, opts) => {
  const { db } = opts;

  /** True when `targetId` reports (directly or up a chain) to `managerId`. */
  async function reportsTo(targetId: string, managerId: string): Promise<boolean> {
    let id: string | null = targetId;
    for (let depth = 0; id && depth < 50; depth += 1) {
      const row: { managerId: string | null } | undefined = await db.selectFrom('baseUser').select('managerId').where('id', '=', id).executeTakeFirst();
      if (!row) return false;
      if (row.managerId === managerId) return true;
      id = row.managerId;
    }
    return false;
  }

  app.get(
    '/Current/Subordinate/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Direct subordinates (users whose managerId is the user): id '0' or my id = mine; another id must be one of my subordinates (a tree loaded level by level)",
        params: IdParams,
        response: { 200: Envelope(Type.Array(Subordinate)) },
      },
    },
    async (request) => {
      const me = principalOf(request).user;
      const id = request.params.id === '0' ? me.id : request.params.id;
      if (id !== me.id && !(await reportsTo(id, me.id))) throw new AppError(ReplyCode.forbidden, 'profile.subordinateForbidden');
      const rows = await db
        .selectFrom('baseUser as u')
        .leftJoin('baseOrganize as o', 'o.id', 'u.organizeId')
        .leftJoin('basePosition as p', 'p.id', 'u.positionId')
        .select((eb) => [
          'u.id', 'u.account', 'u.realName', 'u.headIcon', 'u.gender', 'u.mobile', 'u.enabledMark',
          'o.fullName as organizeName', 'p.fullName as positionName',
          eb.exists(eb.selectFrom('baseUser as c').select('c.id').whereRef('c.managerId', '=', 'u.id')).as('hasChildren'),
        ])
        .where('u.managerId', '=', id)
        .orderBy('u.account')
        .execute();
      return ok(rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren) })));
    },
  );

  app.get(
    '/Current/Authorize',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'What my roles grant: the roles, the menus, the page buttons/columns/forms and the API permission codes', response: { 200: Envelope(AuthorizeData) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const roles = principal.roleIds.length
        ? await db.selectFrom('baseRole').select(['id', 'fullName', 'enCode']).where('id', 'in', principal.roleIds).orderBy('sortCode').orderBy('id').execute()
        : [];
      const info = await currentUser(db, principal, await readSysConfig(db), request.locale);
      return ok({
        isAdministrator: principal.isAdministrator,
        roles,
        menuList: info.menuList,
        permissionList: info.permissionList,
        permissionCodes: [...principal.permissions].sort(),
      });
    },
  );

  app.get(
    '/Current/SystemLog',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'My sign-in log, newest first, paged in SQL', querystring: SystemLogQuery, response: { 200: PagedEnvelope(LoginLogEntry) } },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { currentPage = 1, pageSize = 20, startTime, endTime, keyword } = request.query;
      // sign-ins only: the sign-outs of the administrators' login log are not part of this view
      let query = db.selectFrom('baseLoginLog').where('userId', '=', user.id).where('kind', '=', 'login');
      if (startTime !== undefined) query = query.where('createdAt', '>=', startTime);
      if (endTime !== undefined) query = query.where('createdAt', '<=', endTime);
      if (keyword?.trim()) query = query.where('ip', 'like', `%${keyword.trim().replace(/[%_\\]/g, '')}%`);
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .select(['id', 'createdAt', 'ip', 'success', 'message', 'userAgent'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const known = catalogues['zh-CN'];
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          loginTime: r.createdAt,
          ipAddress: r.ip,
          ipAddressName: ipPlaceName(r.ip, request.locale),
          success: r.success,
          message: r.message && r.message in known ? translate(request.locale, r.message as MessageKey) : r.message,
          userAgent: r.userAgent,
        })),
        pagination: { currentPage, pageSize, total: Number(total) },
      });
    },
  );

  app.get(
    '/Current/getUserOrganizes',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'My organisations; isMajor marks the current one', response: { 200: Envelope(Type.Array(OwnOrganize)) } } },
    async (request) => {
      const { user } = principalOf(request);
      return ok(await ownOrganizes(db, user.id, user.organizeId));
    },
  );

  app.get(
    '/Current/getUserPositions',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'My positions; isMajor marks the current one', response: { 200: Envelope(Type.Array(OwnPosition)) } } },
    async (request) => {
      const { user } = principalOf(request);
      return ok(await ownPositions(db, user.id, user.positionId));
    },
  );

  app.put(
    '/Current/major',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Switch my current organisation or position, among my own only (403 otherwise)',
        body: MajorBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { majorId, majorType } = request.body;
      const own = majorType === 'Organize' ? await ownOrganizes(db, user.id, user.organizeId) : await ownPositions(db, user.id, user.positionId);
      if (!own.some((o) => o.id === majorId)) throw new AppError(ReplyCode.forbidden, 'profile.majorNotOwn');
      const change = majorType === 'Organize' ? { organizeId: majorId } : { positionId: majorId };
      // The major organisation decides data scope: the access counter moves in the same transaction.
      await profileChange(db, request, user.id, async (trx) => {
        await trx.updateTable('baseUser').set({ ...change, updatedAt: Date.now() }).where('id', '=', user.id).execute();
        await bumpAccessVersion(trx);
      });
      return done(request.t('profile.majorSwitched'));
    },
  );
};
