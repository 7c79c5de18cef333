import { expect } from 'vitest';
import type { Db } from '../../server/db';
import { newId } from '../../server/db/ids';
import { tokenFor } from '../helpers/access';
import type { TestServer } from '../helpers/server';

/**
 * Shared ground of the /api/permission/Users tests: a client whose every JSON reply is walked
 * for keys that would carry a secret (no reply of these routes may have one), and look-ups of
 * the demo organisation's ids.
 */
export interface Reply<T = any> {
  status: number;
  body: { code: number; msg: string; data?: T };
}

const SECRET_KEY = /hash|secret|password/i;

/** Every key of a reply, at any depth, that looks like it holds a secret. */
export function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(SECRET_KEY.test(k) ? [`${path}.${k}`] : []), ...secretKeys(v, `${path}.${k}`)]);
  }
  return [];
}

export function usersClient(server: TestServer, token: string | null, language?: string) {
  const call = async <T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (language) headers['x-language'] = language;
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}/api/permission/Users${path}`, { method, headers, body: isForm ? body : body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as Reply<T>['body'];
    expect(secretKeys(json), `${method} ${path}`).toEqual([]);
    return { status: res.status, body: json };
  };
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body: unknown = {}) => call<T>('POST', path, body),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
    del: <T = any>(path: string) => call<T>('DELETE', path),
  };
}

export type UsersClient = ReturnType<typeof usersClient>;

export async function idOf(db: Db, table: 'baseOrganize' | 'basePosition' | 'baseRole' | 'baseGroup', enCode: string): Promise<string> {
  return (await db.selectFrom(table).select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
}

export async function userId(db: Db, account: string): Promise<string> {
  return (await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

export async function accessVersion(db: Db): Promise<number> {
  return Number((await db.selectFrom('baseAccessVersion').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version);
}

/** A staff member whose role grants permission.user:manage (and nothing else), with a session. */
export async function userManager(db: Db, account: string): Promise<{ id: string; token: string; roleId: string }> {
  const roleId = newId();
  await db.insertInto('baseRole').values({ id: roleId, fullName: '用户管理员', enCode: `${account}Role`, type: null, globalMark: 1, sortCode: 0, enabledMark: 1, description: null, createdAt: Date.now() }).execute();
  await db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: roleId, itemType: 'api', itemId: 'permission.user:manage' }).execute();
  const staff = await db.selectFrom('baseUser').selectAll().where('account', '=', 'staff').executeTakeFirstOrThrow();
  const id = newId();
  await db.insertInto('baseUser').values({ ...staff, id, account, realName: account, mobile: null, email: null, isAdministrator: 0 }).execute();
  await db.insertInto('baseUserRelation').values({ id: newId(), userId: id, objectType: 'Role', objectId: roleId, sortCode: 0 }).execute();
  return { id, token: await tokenFor(db, account), roleId };
}

/** Counts that a refused call must leave as they were. */
export async function snapshot(db: Db) {
  const count = async (table: 'baseUser' | 'baseUserRelation' | 'baseSession') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const revoked = Number((await db.selectFrom('baseSession').select((eb) => eb.fn.countAll().as('n')).where('revokedAt', 'is not', null).executeTakeFirstOrThrow()).n);
  const users = await db.selectFrom('baseUser').select(['id', 'account', 'realName', 'enabledMark', 'organizeId', 'positionId', 'managerId', 'passwordHash', 'updatedAt']).orderBy('id').execute();
  return { users: await count('baseUser'), relations: await count('baseUserRelation'), revoked, version: await accessVersion(db), rows: users };
}
