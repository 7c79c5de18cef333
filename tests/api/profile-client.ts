import type { TestServer } from '../helpers/server';
import { call, md5, solveCaptcha } from './oauth-client';

/** Helpers shared by the profile, register and scan-login API tests. */
export const CURRENT = '/api/permission/Users/Current';

/** Writes system configuration keys straight into the store (there is no PUT SysConfig yet). */
export async function setConfig(server: TestServer, values: Record<string, string | number>): Promise<void> {
  const db = server.database.db;
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('baseSysConfig')
      .values({ key, value: String(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value) }))
      .execute();
  }
}

export const STRICT_POLICY = {
  passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 8, containsNumbers: 1,
  includeLowercaseLetters: 1, includeUppercaseLetters: 1, containsCharacters: 1,
};
export const POLICY_OFF = {
  passwordStrengthLimit: 0, passwordLengthMin: 0, passwordLengthMinNumber: 6, containsNumbers: 0,
  includeLowercaseLetters: 0, includeUppercaseLetters: 0, containsCharacters: 0, mandatoryModificationOfInitialPassword: 0,
};

/** ModifyPassword with a solved captcha; fields can be overridden or removed (undefined). */
export async function modifyPassword(server: TestServer, token: string, oldPlain: string, newPlain: string, override: Record<string, unknown> = {}) {
  const captcha = await solveCaptcha(server);
  const body: Record<string, unknown> = {
    oldPassword: md5(oldPlain), newPassword: newPlain, repeatPassword: newPlain, password: md5(newPlain), code: captcha.code, timestamp: captcha.timestamp, ...override,
  };
  return call(server, `${CURRENT}/Actions/ModifyPassword`, { token, json: body });
}

export async function userId(server: TestServer, account: string): Promise<string> {
  const row = await server.database.db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}
