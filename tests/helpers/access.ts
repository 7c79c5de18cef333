import type { Db } from '../../server/db';
import { newId } from '../../server/db/ids';
import type { ModuleItemRow } from '../../server/db/schema';
import { createSession } from '../../server/auth/sessions';
import { bumpAccessVersion } from '../../server/auth/access-version';

/**
 * Test doubles for people and grants, written straight into the database (no sign-in round
 * trip): a session for an existing account, or a fresh user with its own role.
 */
export async function tokenFor(db: Db, account: string): Promise<string> {
  const user = await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return (await createSession(db, user.id, { idleSeconds: 3600 })).token;
}

export interface MadeUser {
  userId: string;
  roleId: string;
  token: string;
}

/** A non-administrator with a role of its own and a session. */
export async function makeUser(db: Db, account: string): Promise<MadeUser> {
  const now = Date.now();
  const org = await db.selectFrom('baseOrganize').select('id').where('category', '=', 'department').executeTakeFirst();
  const roleId = newId();
  const userId = newId();
  await db.insertInto('baseRole').values({ id: roleId, fullName: `${account} role`, enCode: `${account}Role`, type: null, globalMark: 1, sortCode: 0, enabledMark: 1, description: null, createdAt: now }).execute();
  await db.insertInto('baseUser').values({
    id: userId, account, realName: account, passwordHash: 'x', mobile: null, email: null, gender: null, headIcon: null, signImg: null,
    organizeId: org?.id ?? null, positionId: null, managerId: null, isAdministrator: 0, userKind: 'staff', enabledMark: 1, theme: null, language: null,
    portalId: null, changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
  }).execute();
  await db.insertInto('baseUserRelation').values({ id: newId(), userId, objectType: 'Role', objectId: roleId, sortCode: 0 }).execute();
  await bumpAccessVersion(db);
  const { token } = await createSession(db, userId, { idleSeconds: 3600 });
  return { userId, roleId, token };
}

/**
 * A menu entry (type 3) opening a model, its permission items, and a role's grants on it:
 * the menu itself and the listed item codes.
 */
export async function grantModelMenu(
  db: Db,
  roleId: string,
  modelId: string,
  items: { kind: ModuleItemRow['kind']; enCode: string; granted: boolean }[],
): Promise<string> {
  const system = await db.selectFrom('baseSystem').select('id').executeTakeFirst();
  const moduleId = newId();
  await db.insertInto('baseModule').values({
    id: moduleId, parentId: '-1', systemId: system?.id ?? 'main', type: 3, fullName: `model ${modelId}`, enCode: `m${moduleId}`, icon: null,
    urlAddress: `test/${moduleId}`, linkTarget: null, propertyJson: JSON.stringify({ moduleId: modelId, isTree: 0 }), sortCode: 0, enabledMark: 1,
    isHidden: 0, description: null, createdAt: Date.now(),
  }).execute();
  await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: roleId, itemType: 'module', itemId: moduleId }).execute();
  for (const [i, item] of items.entries()) {
    const itemId = newId();
    await db.insertInto('baseModuleItem').values({ id: itemId, moduleId, kind: item.kind, fullName: item.enCode, enCode: item.enCode, sortCode: i }).execute();
    if (item.granted) await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: roleId, itemType: item.kind, itemId }).execute();
  }
  // cached principals hold grants until the access version moves (server/auth/principal.ts)
  await bumpAccessVersion(db);
  return moduleId;
}

export interface Reply<T = any> {
  status: number;
  body: { code: number; msg: string; data?: T };
}

/** A tiny JSON client bound to a server URL, a token and optionally the UI's language (X-Language). */
export function client(baseUrl: string, token: string | null, language?: string) {
  const call = async <T = any>(method: string, path: string, body?: unknown, raw?: string): Promise<Reply<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (language) headers['x-language'] = language;
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
  };
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body: unknown = {}) => call<T>('POST', path, body),
    put: <T = any>(path: string, body: unknown = {}) => call<T>('PUT', path, body),
    del: <T = any>(path: string) => call<T>('DELETE', path),
    raw: <T = any>(method: string, path: string, text: string) => call<T>(method, path, undefined, text),
  };
}
