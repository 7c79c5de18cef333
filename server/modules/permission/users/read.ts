import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db';
import type { Database, UserRow } from '../../../db/schema';
import type { UserRelationRow } from '../../../db/schema';
import { accountKey, currentFailures } from '../../oauth/accounts-repo';
import { ancestorIds, organizeParents } from '../../../auth/org-tree';
import type { UserInfoView, UserOption, UserRowView } from './schemas';

/** What a user belongs to: every list has the major one first (base_user) and then the relations. */
export interface Memberships {
  organizeIds: string[];
  positionIds: string[];
  roleIds: string[];
  groupIds: string[];
}

const RELATION_LIST: Record<UserRelationRow['objectType'], keyof Memberships> = {
  Organize: 'organizeIds',
  Position: 'positionIds',
  Role: 'roleIds',
  Group: 'groupIds',
};

/** Memberships of several users in one query. */
export async function membershipsOf(db: Db, users: readonly Pick<UserRow, 'id' | 'organizeId' | 'positionId'>[]): Promise<Map<string, Memberships>> {
  const result = new Map<string, Memberships>();
  for (const u of users) {
    result.set(u.id, { organizeIds: u.organizeId ? [u.organizeId] : [], positionIds: u.positionId ? [u.positionId] : [], roleIds: [], groupIds: [] });
  }
  if (users.length === 0) return result;
  const ids = users.map((u) => u.id);
  const rows: Pick<UserRelationRow, 'userId' | 'objectType' | 'objectId'>[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db.selectFrom('baseUserRelation').select(['userId', 'objectType', 'objectId']).where('userId', 'in', ids.slice(i, i + 500)).orderBy('sortCode').orderBy('id').execute()),
    );
  }
  for (const r of rows) {
    const list = result.get(r.userId)?.[RELATION_LIST[r.objectType]];
    if (list && !list.includes(r.objectId)) list.push(r.objectId);
  }
  return result;
}

/** Names of organisations, positions, roles and groups by id, for the given memberships. */
export async function membershipNames(db: Db, all: Iterable<Memberships>) {
  const want = { organize: new Set<string>(), position: new Set<string>(), role: new Set<string>(), group: new Set<string>() };
  for (const m of all) {
    m.organizeIds.forEach((id) => want.organize.add(id));
    m.positionIds.forEach((id) => want.position.add(id));
    m.roleIds.forEach((id) => want.role.add(id));
    m.groupIds.forEach((id) => want.group.add(id));
  }
  const load = async (table: 'baseOrganize' | 'basePosition' | 'baseRole' | 'baseGroup', ids: Set<string>) => {
    if (ids.size === 0) return new Map<string, string>();
    const rows = await db.selectFrom(table).select(['id', 'fullName']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.fullName]));
  };
  return {
    organize: await load('baseOrganize', want.organize),
    position: await load('basePosition', want.position),
    role: await load('baseRole', want.role),
    group: await load('baseGroup', want.group),
  };
}

const joinNames = (ids: string[], names: Map<string, string>) => ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)).join(',');

/** Lower-cased accounts that are locked out right now (base_login_failure). */
export async function lockedAccounts(db: Db, accounts: readonly string[]): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const keys = accounts.map(accountKey);
  const rows = await db.selectFrom('baseLoginFailure').select(['account', 'lockedUntil']).where('account', 'in', keys).execute();
  const now = Date.now();
  return new Set(rows.filter((r) => r.lockedUntil !== null && r.lockedUntil > now).map((r) => r.account));
}

export async function isLocked(db: Db, account: string): Promise<boolean> {
  return Boolean((await currentFailures(db, accountKey(account)))?.lockedUntil);
}

/** Rows of the management list, built field by field. */
export async function userRowViews(db: Db, users: readonly UserRow[]): Promise<Static<typeof UserRowView>[]> {
  const members = await membershipsOf(db, users);
  const names = await membershipNames(db, members.values());
  const locked = await lockedAccounts(db, users.map((u) => u.account));
  return users.map((u) => {
    const m = members.get(u.id)!;
    return {
      id: u.id,
      account: u.account,
      realName: u.realName,
      fullName: `${u.realName}/${u.account}`,
      gender: u.gender,
      mobilePhone: u.mobile,
      email: u.email,
      headIcon: u.headIcon,
      userKind: u.userKind,
      organizeId: u.organizeId,
      organizeName: joinNames(m.organizeIds, names.organize),
      positionId: u.positionId,
      positionName: joinNames(m.positionIds, names.position),
      roleName: joinNames(m.roleIds, names.role),
      managerId: u.managerId,
      isAdministrator: u.isAdministrator,
      enabledMark: u.enabledMark,
      lockMark: locked.has(accountKey(u.account)) ? 1 : 0,
      description: u.description,
      creatorTime: u.createdAt,
    };
  });
}

/** One user for the edit form: memberships and the organisation paths the form's cascader shows. */
export async function userInfoView(db: Db, user: UserRow): Promise<Static<typeof UserInfoView>> {
  const m = (await membershipsOf(db, [user])).get(user.id)!;
  const parents = await organizeParents(db);
  return {
    id: user.id,
    account: user.account,
    realName: user.realName,
    gender: user.gender,
    mobilePhone: user.mobile,
    email: user.email,
    headIcon: user.headIcon,
    userKind: user.userKind,
    organizeId: user.organizeId,
    organizeIds: m.organizeIds,
    organizeIdTree: m.organizeIds.map((id) => ancestorIds(parents, id).reverse()),
    positionId: user.positionId,
    positionIds: m.positionIds,
    roleIds: m.roleIds,
    groupIds: m.groupIds,
    managerId: user.managerId,
    isAdministrator: user.isAdministrator,
    enabledMark: user.enabledMark,
    lockMark: (await isLocked(db, user.account)) ? 1 : 0,
    description: user.description,
    creatorTime: user.createdAt,
    lastModifyTime: user.updatedAt,
    prevLoginTime: user.lastLoginTime,
  };
}

/** Users as the pickers show them. */
export async function userOptions(db: Db, users: readonly Pick<UserRow, 'id' | 'account' | 'realName' | 'headIcon' | 'organizeId' | 'positionId'>[]): Promise<Static<typeof UserOption>[]> {
  const members = await membershipsOf(db, users);
  const names = await membershipNames(db, [...members.values()].map((m) => ({ ...m, positionIds: [], roleIds: [], groupIds: [] })));
  return users.map((u) => ({
    id: u.id,
    fullName: `${u.realName}/${u.account}`,
    realName: u.realName,
    account: u.account,
    headIcon: u.headIcon,
    organize: joinNames(members.get(u.id)!.organizeIds, names.organize),
    type: 'user' as const,
    isLeaf: true,
    hasChildren: false,
  }));
}

/** A condition no row meets (SQLite cannot bind a boolean). */
export const never = () => sql<boolean>`1 = 0`;

type UserQuery = SelectQueryBuilder<Database, 'baseUser', object>;

/**
 * Users with a membership (major or related) in one of the organisations. The related members
 * are one uncorrelated set (the relation index by object), read once, not a probe per user:
 * a scoped picker search walks every user (bench/pickers.ts).
 */
export function inOrganizes(organizeIds: readonly string[]) {
  return (eb: ExpressionBuilder<Database, 'baseUser'>) =>
    organizeIds.length === 0
      ? never()
      : eb.or([
          eb('baseUser.organizeId', 'in', organizeIds),
          eb('baseUser.id', 'in', eb.selectFrom('baseUserRelation as r').select('r.userId').where('r.objectType', '=', 'Organize').where('r.objectId', 'in', organizeIds)),
        ]);
}

/** Users holding the object (a position also counts when it is their major one). */
export function related(objectType: UserRelationRow['objectType'], objectIds: readonly string[]) {
  return (eb: ExpressionBuilder<Database, 'baseUser'>) => {
    if (objectIds.length === 0) return never();
    const relation = eb.exists(
      eb
        .selectFrom('baseUserRelation as r')
        .select('r.id')
        .whereRef('r.userId', '=', 'baseUser.id')
        .where('r.objectType', '=', objectType)
        .where('r.objectId', 'in', objectIds),
    );
    if (objectType === 'Position') return eb.or([eb('baseUser.positionId', 'in', objectIds), relation]);
    if (objectType === 'Organize') return inOrganizes(objectIds)(eb);
    return relation;
  };
}

/** Account, name or mobile containing the keyword (LIKE wildcards in it are literal). */
export function withKeyword(query: UserQuery, keyword: string | undefined): UserQuery {
  const text = keyword?.trim().replace(/[%_\\]/g, '');
  if (!text) return query;
  // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
  const like = `%${text.toLowerCase()}%`;
  return query.where((eb) =>
    eb.or([
      eb(eb.fn('lower', ['baseUser.account']), 'like', like),
      eb(eb.fn('lower', ['baseUser.realName']), 'like', like),
      eb('baseUser.mobile', 'like', like),
    ]),
  );
}

/**
 * One page of a user query (ordered by the caller) and the total, asked together: on PostgreSQL
 * they run on two pooled connections at once (a keyword search scans the users in each; a
 * picker's search waited for both in turn, bench/pickers.ts); SQLite takes them in turn anyway.
 */
export async function pageOf(query: UserQuery, currentPage: number, pageSize: number, order: (q: UserQuery) => UserQuery = byAccount) {
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    order(query)
      .selectAll('baseUser')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export const byAccount = (q: UserQuery) => q.orderBy('baseUser.account').orderBy('baseUser.id');

export const pagination = (currentPage: number, pageSize: number, total: number) => ({ currentPage, pageSize, total });
