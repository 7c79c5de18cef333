import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { Database, UserRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import { ancestorIds, organizeParents } from '../../../auth/org-tree';
import type { Principal } from '../../../auth/principal';
import { audit, type AuditActor } from '../../../audit/record';
import { hashPassword, md5Hex } from '../../../auth/passwords';
import { refuse } from '../../../http/errors';
import { matchesShared } from '../../../../src/runtime/validation/patterns';
import { entriesOf, findTypeByCode } from '../../dictionary/repository';
import { readNewUserPasswordHash } from '../../system/config-store';
import { MENU_API_CODES } from '../../../auth/menu-codes';
import type { Memberships } from './read';
import type { CreateBody, UpdateBody } from './schemas';

type Trx = Kysely<Database>;
export const USER_KINDS = ['staff', 'customer'] as const;

/** A user form after reading: trimmed text, id lists, the major organisation and position. */
export interface UserInput extends Memberships {
  account: string;
  realName: string;
  gender: number | null;
  mobile: string | null;
  email: string | null;
  headIcon: string | null;
  userKind: string;
  organizeId: string | null;
  positionId: string | null;
  managerId: string | null;
  enabledMark: number;
  description: string | null;
}

/** An id list sent as an array or as comma-joined text, without blanks or repeats. */
export function idList(value: readonly string[] | string | null | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  // Split array items too: the validator may have coerced a comma-joined text into a one-item array.
  const items = (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(','));
  return [...new Set(items.map((s) => s.trim()).filter(Boolean))];
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/**
 * The form read over what is stored (an update leaves out what it does not change). A major
 * value with commas is the product client's comma-joined list.
 */
export function readForm(body: Static<typeof CreateBody> | Static<typeof UpdateBody>, stored: UserInput | null): UserInput {
  const base: UserInput = stored ?? {
    account: '', realName: '', gender: null, mobile: null, email: null, headIcon: null, userKind: 'staff', organizeId: null, positionId: null,
    managerId: null, enabledMark: 1, description: null, organizeIds: [], positionIds: [], roleIds: [], groupIds: [],
  };
  const major = (value: string | null | undefined, list: string[] | undefined, storedMajor: string | null, storedList: string[]) => {
    // The first id of a comma-joined value is the major one.
    const chosen = value === undefined ? undefined : value === null ? null : (idList(value)![0] ?? null);
    if (list) return { list, major: chosen === undefined ? (storedMajor && list.includes(storedMajor) ? storedMajor : (list[0] ?? null)) : (chosen ?? list[0] ?? null) };
    if (value === undefined) return { list: storedList, major: storedMajor };
    // Without a list, the value is the list (the product client sends every organisation in it).
    const ids = idList(value)!;
    return { list: ids, major: ids[0] ?? null };
  };
  const org = major(body.organizeId, idList(body.organizeIds), base.organizeId, base.organizeIds);
  const pos = major(body.positionId, idList(body.positionIds), base.positionId, base.positionIds);
  const gender = body.gender === undefined ? base.gender : body.gender === null || body.gender === '' ? null : Number(body.gender);
  return {
    account: body.account?.trim() ?? base.account,
    realName: body.realName?.trim() ?? base.realName,
    gender,
    mobile: blankToNull(body.mobilePhone) ?? (body.mobilePhone === undefined ? base.mobile : null),
    email: blankToNull(body.email) ?? (body.email === undefined ? base.email : null),
    headIcon: blankToNull(body.headIcon) ?? (body.headIcon === undefined ? base.headIcon : null),
    userKind: body.userKind?.trim() || base.userKind,
    organizeIds: org.list,
    organizeId: org.major,
    positionIds: pos.list,
    positionId: pos.major,
    roleIds: idList(body.roleIds) ?? idList(body.roleId) ?? base.roleIds,
    groupIds: idList(body.groupIds) ?? idList(body.groupId) ?? base.groupIds,
    managerId: body.managerId === undefined ? base.managerId : blankToNull(body.managerId) ?? null,
    enabledMark: body.enabledMark ?? base.enabledMark,
    description: blankToNull(body.description) ?? (body.description === undefined ? base.description : null),
  };
}

/** Sex codes of the sex dictionary (the profile's gender); empty when the dictionary was removed. */
export async function sexEntries(db: Db | Trx): Promise<{ code: number; name: string }[]> {
  const type = await findTypeByCode(db, 'sex');
  return type ? (await entriesOf(db, type.id)).map((e) => ({ code: Number(e.enCode), name: e.fullName })) : [];
}

async function missing(db: Trx, table: 'baseOrganize' | 'basePosition' | 'baseRole' | 'baseGroup', ids: string[]) {
  if (ids.length === 0) return undefined;
  const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  return ids.find((id) => !found.has(id));
}

/**
 * Checks a user form; the first problem is thrown as a refusal in the caller's language.
 * `userId` is the user being edited (null: a new one); `held` the roles they already hold.
 */
export async function validateUser(db: Trx, input: UserInput, userId: string | null, caller: Principal, held: readonly string[] = []): Promise<void> {
  if (!input.account) throw refuse('users.accountRequired');
  if ([...input.account].length > 50) throw refuse('users.accountTooLong');
  if (!matchesShared('account', input.account)) throw refuse('validation.account');
  let taken = db.selectFrom('baseUser').select('id').where(sql<string>`lower(account)`, '=', input.account.toLowerCase());
  if (userId) taken = taken.where('id', '!=', userId);
  if (await taken.executeTakeFirst()) throw refuse('users.accountExists', { account: input.account });
  if (!input.realName) throw refuse('users.realNameRequired');
  if ([...input.realName].length > 50) throw refuse('users.realNameTooLong');
  if (input.gender !== null) {
    const sexes = await sexEntries(db);
    if (!Number.isInteger(input.gender) || (sexes.length > 0 && !sexes.some((s) => s.code === input.gender))) throw refuse('users.genderInvalid');
  }
  if (input.mobile && !matchesShared('mobile', input.mobile)) throw refuse('validation.mobile');
  if (input.email && !matchesShared('email', input.email)) throw refuse('validation.email');
  if (!(USER_KINDS as readonly string[]).includes(input.userKind)) throw refuse('users.userKindInvalid');
  if (input.enabledMark !== 0 && input.enabledMark !== 1) throw refuse('users.enabledInvalid');

  if (input.organizeIds.length === 0) throw refuse('users.organizeRequired');
  const noOrg = await missing(db, 'baseOrganize', input.organizeIds);
  if (noOrg) throw refuse('users.organizeNotFound', { id: noOrg });
  if (!input.organizeId || !input.organizeIds.includes(input.organizeId)) throw refuse('users.majorOrganizeNotAmong');
  if (input.positionIds.length) {
    const positions = await db.selectFrom('basePosition').select(['id', 'organizeId', 'fullName']).where('id', 'in', input.positionIds).execute();
    const noPosition = input.positionIds.find((id) => !positions.some((p) => p.id === id));
    if (noPosition) throw refuse('users.positionNotFound', { id: noPosition });
    const outside = positions.find((p) => !input.organizeIds.includes(p.organizeId));
    if (outside) throw refuse('users.positionOutsideOrganizes', { name: outside.fullName });
  }
  if (input.positionId !== null && !input.positionIds.includes(input.positionId)) throw refuse('users.majorPositionNotAmong');
  const noRole = await missing(db, 'baseRole', input.roleIds);
  if (noRole) throw refuse('users.roleNotFound', { id: noRole });
  await checkOrganizeRoles(db, input);
  const noGroup = await missing(db, 'baseGroup', input.groupIds);
  if (noGroup) throw refuse('users.groupNotFound', { id: noGroup });
  if (input.managerId) await checkManager(db, input.managerId, userId);
  await checkRolesWithinCaller(db, caller, input.roleIds.filter((id) => !held.includes(id)));
}

/**
 * An organisation role (globalMark 0) goes only to members of one of its organisations or of an
 * organisation below one of them: the role's organisations decide who may be given it.
 */
async function checkOrganizeRoles(db: Trx, input: UserInput): Promise<void> {
  if (input.roleIds.length === 0) return;
  const orgRoles = await db.selectFrom('baseRole').select(['id', 'fullName']).where('id', 'in', input.roleIds).where('globalMark', '=', 0).execute();
  if (orgRoles.length === 0) return;
  const owners = await db
    .selectFrom('baseOrganizeRelation')
    .select(['objectId', 'organizeId'])
    .where('objectType', '=', 'Role')
    .where('objectId', 'in', orgRoles.map((r) => r.id))
    .execute();
  const parents = await organizeParents(db);
  const reach = new Set(input.organizeIds.flatMap((id) => ancestorIds(parents, id)));
  const outside = orgRoles.find((r) => !owners.some((o) => o.objectId === r.id && reach.has(o.organizeId)));
  if (outside) throw refuse('users.roleOutsideOrganizes', { name: outside.fullName });
}

/** The manager exists and the chain above them never reaches the user (no cycle). */
async function checkManager(db: Trx, managerId: string, userId: string | null): Promise<void> {
  if (managerId === userId) throw refuse('users.managerCycle');
  let at: string | null = managerId;
  for (let depth = 0; at && depth < 100; depth += 1) {
    const row: { managerId: string | null } | undefined = await db.selectFrom('baseUser').select('managerId').where('id', '=', at).executeTakeFirst();
    if (!row) {
      if (depth === 0) throw refuse('users.managerNotFound');
      return;
    }
    if (row.managerId && row.managerId === userId) throw refuse('users.managerCycle');
    at = row.managerId;
  }
}

/**
 * A user manager who is not an administrator may hand out only roles that allow nothing beyond
 * their own API permissions: otherwise holding permission.user:manage would be a way to any right.
 * A role's API permissions are its explicit 'api' grants and the codes its granted menus carry
 * (server/auth/menu-codes.ts).
 */
async function checkRolesWithinCaller(db: Trx, caller: Principal, newRoleIds: string[]): Promise<void> {
  if (caller.isAdministrator || newRoleIds.length === 0) return;
  const grants = await db
    .selectFrom('baseAuthorize')
    .innerJoin('baseRole', 'baseRole.id', 'baseAuthorize.objectId')
    .leftJoin('baseModule', (join) => join.onRef('baseModule.id', '=', 'baseAuthorize.itemId').on('baseAuthorize.itemType', '=', 'module'))
    .select(['baseRole.fullName', 'baseAuthorize.itemType', 'baseAuthorize.itemId', 'baseModule.enCode as menuCode'])
    .where('baseAuthorize.objectType', '=', 'Role')
    .where('baseAuthorize.itemType', 'in', ['api', 'module'])
    .where('baseAuthorize.objectId', 'in', newRoleIds)
    .execute();
  const held = caller.permissions as ReadonlySet<string>;
  const codesOf = (g: (typeof grants)[number]): readonly string[] => (g.itemType === 'api' ? [g.itemId] : (MENU_API_CODES[g.menuCode ?? ''] ?? []));
  const beyond = grants.find((g) => codesOf(g).some((code) => !held.has(code)));
  if (beyond) throw refuse('users.roleBeyondOwn', { name: beyond.fullName });
}

/** Replaces a user's relations with the memberships (the major ones included) and bumps the access counter. */
export async function writeMemberships(db: Trx, userId: string, m: Memberships): Promise<void> {
  await db.deleteFrom('baseUserRelation').where('userId', '=', userId).execute();
  const rows = [
    ...m.organizeIds.map((objectId, i) => ({ objectType: 'Organize' as const, objectId, sortCode: i })),
    ...m.positionIds.map((objectId, i) => ({ objectType: 'Position' as const, objectId, sortCode: i })),
    ...m.roleIds.map((objectId, i) => ({ objectType: 'Role' as const, objectId, sortCode: i })),
    ...m.groupIds.map((objectId, i) => ({ objectType: 'Group' as const, objectId, sortCode: i })),
  ].map((r) => ({ id: newId(), userId, ...r }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('baseUserRelation').values(rows.slice(i, i + 200)).execute();
  await bumpAccessVersion(db);
}

/** The columns of base_user a form sets. */
export function userColumns(input: UserInput) {
  return {
    account: input.account,
    realName: input.realName,
    gender: input.gender,
    mobile: input.mobile,
    email: input.email,
    headIcon: input.headIcon,
    userKind: input.userKind,
    organizeId: input.organizeId,
    positionId: input.positionId,
    managerId: input.managerId,
    enabledMark: input.enabledMark,
    description: input.description,
  };
}

/**
 * The initial password's hash: the hash of the configured default (PUT SysConfig
 * newUserDefaultPassword), else one of a random password nobody knows, so the account cannot be
 * used until someone resets its password. Computed outside transactions (argon2 is slow on
 * purpose). changePasswordDate stays null, so the policy's "change the initial password" applies.
 */
export async function initialPasswordHash(db: Db): Promise<{ passwordHash: string; isDefault: boolean }> {
  const configured = await readNewUserPasswordHash(db);
  if (configured) return { passwordHash: configured, isDefault: true };
  return { passwordHash: await hashPassword(md5Hex(randomBytes(24).toString('base64url'))), isDefault: false };
}

export async function insertUser(db: Trx, input: UserInput, passwordHash: string, actor: AuditActor, now = Date.now()): Promise<string> {
  const id = newId();
  const row: UserRow = {
    id, ...userColumns(input), passwordHash, signImg: null, isAdministrator: 0, theme: null, language: null, portalId: null, changePasswordDate: null,
    prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, createdAt: now, updatedAt: null,
  };
  await db.insertInto('baseUser').values(row).execute();
  await writeMemberships(db, id, input);
  await audit(db, actor, { entity: 'user', entityId: id, action: 'create', after: input });
  return id;
}
