import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { acceptNewPassword } from '../../auth/password-policy';
import { storePassword, verifyPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { AVATAR_NAME_PATTERN, AVATAR_URL_PREFIX, avatarPath } from '../file/avatar-store';
import { consumeCaptcha } from '../file/captcha-store';
import { accountKey, clearFailures } from '../oauth/accounts-repo';
import { organisationOf } from '../oauth/current-user';
import { PHONE_PATTERN } from '../oauth/sms';
import { readSysConfig } from '../system/config-store';
import { preferencesOf, readProfile, saveProfile, savePreferences } from './profile-repo';
import { BaseInfoBody, BaseInfoData, ModifyPasswordBody, Preferences, SystemLanguageBody, SystemThemeBody } from './schemas';

export interface CurrentUserOptions {
  db: Db;
  dataDir: string;
}

export const tags = ['current-user'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BIRTHDAY_MIN = Date.UTC(1900, 0, 1);

/** Trims optional text: undefined stays (no change), blank becomes null, too long is refused. */
function text(value: string | null | undefined, max: number, field: string) {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if ([...trimmed].length > max) throw refuse('profile.textTooLong', { field, max });
  return trimmed === '' ? null : trimmed;
}

/** Profile (BaseInfo), avatar, password, theme and language of the signed-in user. */
export const profileRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, opts) => {
  const { db } = opts;

  async function baseInfo(userId: string) {
    const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const profile = await readProfile(db, userId);
    const org = await organisationOf(db, user.organizeId);
    const position = user.positionId ? await db.selectFrom('basePosition').select('fullName').where('id', '=', user.positionId).executeTakeFirst() : undefined;
    const roles = await db
      .selectFrom('baseUserRelation')
      .innerJoin('baseRole', 'baseRole.id', 'baseUserRelation.objectId')
      .select('baseRole.fullName')
      .where('baseUserRelation.userId', '=', userId)
      .where('baseUserRelation.objectType', '=', 'Role')
      .orderBy('baseRole.sortCode')
      .execute();
    const manager = user.managerId ? await db.selectFrom('baseUser').select('realName').where('id', '=', user.managerId).executeTakeFirst() : undefined;
    return {
      id: user.id,
      account: user.account,
      realName: user.realName,
      gender: user.gender,
      mobile: user.mobile,
      email: user.email,
      birthday: profile?.birthday ?? null,
      landline: profile?.landline ?? null,
      postalAddress: profile?.postalAddress ?? null,
      urgentContacts: profile?.urgentContacts ?? null,
      urgentTelePhone: profile?.urgentTelephone ?? null,
      signature: profile?.signature ?? null,
      headIcon: user.headIcon,
      userKind: user.userKind,
      organizeName: org.organizeName,
      departmentName: org.departmentName,
      positionName: position?.fullName ?? null,
      roleName: roles.map((r) => r.fullName).join(','),
      managerName: manager?.realName ?? null,
      createdAt: user.createdAt,
      prevLoginTime: user.prevLoginTime,
      prevLoginIPAddress: user.prevLoginIp,
    };
  }

  app.get(
    '/Current/BaseInfo',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'My profile (account read-only)', response: { 200: Envelope(BaseInfoData) } } },
    async (request) => ok(await baseInfo(principalOf(request).user.id)),
  );

  app.put(
    '/Current/BaseInfo',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Change my profile; fields left out keep their value, null clears', body: BaseInfoBody, response: { 200: Envelope(BaseInfoData) } },
    },
    async (request) => {
      const { user } = principalOf(request);
      const b = request.body;
      const t = (key: 'profile.fieldRealName' | 'profile.fieldSignature' | 'profile.fieldAddress' | 'profile.fieldContact' | 'profile.fieldPhone') => request.t(key);
      const userChange: { realName?: string; gender?: number | null; mobile?: string | null; email?: string | null } = {};
      if (b.realName !== undefined) {
        const realName = text(b.realName, 50, t('profile.fieldRealName'));
        if (!realName) throw refuse('profile.realNameRequired');
        userChange.realName = realName;
      }
      if (b.gender !== undefined) userChange.gender = b.gender;
      if (b.mobile !== undefined) {
        const mobile = b.mobile?.trim() || null;
        if (mobile && !PHONE_PATTERN.test(mobile)) throw refuse('oauth.phoneInvalid');
        userChange.mobile = mobile;
      }
      if (b.email !== undefined) {
        const email = b.email?.trim() || null;
        if (email && (email.length > 100 || !EMAIL.test(email))) throw refuse('profile.emailInvalid');
        userChange.email = email;
      }
      if (b.birthday !== undefined && b.birthday !== null && (!Number.isFinite(b.birthday) || b.birthday < BIRTHDAY_MIN || b.birthday > Date.now())) {
        throw refuse('profile.birthdayInvalid');
      }
      const profileChange = Object.fromEntries(
        Object.entries({
          birthday: b.birthday,
          landline: text(b.landline, 30, t('profile.fieldPhone')),
          postalAddress: text(b.postalAddress, 200, t('profile.fieldAddress')),
          urgentContacts: text(b.urgentContacts, 50, t('profile.fieldContact')),
          urgentTelephone: text(b.urgentTelePhone, 30, t('profile.fieldPhone')),
          signature: text(b.signature, 200, t('profile.fieldSignature')),
        }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(userChange).length) await db.updateTable('baseUser').set({ ...userChange, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      if (Object.keys(profileChange).length) await saveProfile(db, user.id, profileChange);
      return ok(await baseInfo(user.id), request.t('profile.saved'));
    },
  );

  app.put(
    '/Current/Avatar/:name',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Use an uploaded image (POST /api/file/Uploader/userAvatar) as my avatar',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: Envelope(Type.Object({ headIcon: Type.String() })) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const name = request.params.name;
      if (!new RegExp(AVATAR_NAME_PATTERN).test(name) || !(await avatarPath(opts.dataDir, name))) throw refuse('profile.avatarNotFound');
      const headIcon = `${AVATAR_URL_PREFIX}${name}`;
      await db.updateTable('baseUser').set({ headIcon, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      return ok({ headIcon }, request.t('profile.avatarUpdated'));
    },
  );

  app.post(
    '/Current/Actions/ModifyPassword',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change my password (policy enforced here on the plain new password); ends my other sessions',
        body: ModifyPasswordBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const { user, session } = principalOf(request);
      const b = request.body;
      // The order of spec 5.2's messages.
      if (!b.oldPassword) throw refuse('profile.oldPasswordRequired');
      const config = await readSysConfig(db);
      const digest = acceptNewPassword(b, config, true);
      if (!b.code?.trim()) throw refuse('profile.captchaRequired');
      const check = b.timestamp ? await consumeCaptcha(db, b.timestamp, b.code) : 'expired';
      if (check !== 'ok') throw refuse(check === 'wrong' ? 'oauth.captchaWrong' : 'oauth.captchaExpired');
      if (!(await verifyPassword(user.passwordHash, b.oldPassword))) throw refuse('profile.oldPasswordWrong');
      await storePassword(db, user.id, digest);
      await revokeUserSessions(db, user.id, session.id);
      await clearFailures(db, accountKey(user.account));
      return done(request.t('profile.passwordChanged'));
    },
  );

  app.put(
    '/Current/SystemTheme',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Save my layout (theme), colour theme, side colour and size; they come back in CurrentUser.userInfo.preferences',
        body: SystemThemeBody,
        response: { 200: Envelope(Preferences) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { theme, themeColor, slideClass, size } = request.body;
      if (theme) await db.updateTable('baseUser').set({ theme, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      if (themeColor || slideClass || size) await savePreferences(db, user.id, { themeColor, slideClass, size });
      return ok(await preferencesNow(user.id), request.t('profile.saved'));
    },
  );

  app.put(
    '/Current/SystemLanguage',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Save my language', body: SystemLanguageBody, response: { 200: Envelope(Preferences) } },
    },
    async (request) => {
      const { user } = principalOf(request);
      await db.updateTable('baseUser').set({ language: request.body.language, updatedAt: Date.now() }).where('id', '=', user.id).execute();
      return ok(await preferencesNow(user.id), request.t('profile.saved'));
    },
  );

  async function preferencesNow(userId: string) {
    const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return preferencesOf(user, await readProfile(db, userId), await readSysConfig(db));
  }
};
