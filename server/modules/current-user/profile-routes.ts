import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { acceptNewPassword } from '../../auth/password-policy';
import { storePassword, verifyPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { AVATAR_NAME_PATTERN, AVATAR_URL_PREFIX, avatarPath, isAvatarOf } from '../file/avatar-store';
import { consumeCaptcha } from '../file/captcha-store';
import { accountKey, clearFailures } from '../oauth/accounts-repo';
import { assertNotLocked, failAttempt } from '../oauth/sign-in';
import { readSysConfig } from '../system/config-store';
import { preferencesOf, readProfile, savePreferences } from './profile-repo';
import { profileChange } from './profile-audit';
import { ModifyPasswordBody, Preferences, SystemLanguageBody, SystemThemeBody } from './schemas';

export interface CurrentUserOptions {
  db: Db;
  dataDir: string;
}

export const tags = ['current-user'];

/** Avatar, password, theme and language of the signed-in user (the profile itself: base-info.ts). */
export const profileRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, opts) => {
  const { db } = opts;

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
      // Another user's upload answers as a missing file: whose files exist is not told.
      if (!new RegExp(AVATAR_NAME_PATTERN).test(name) || !isAvatarOf(name, user.id) || !(await avatarPath(opts.dataDir, name))) throw refuse('profile.avatarNotFound');
      const headIcon = `${AVATAR_URL_PREFIX}${name}`;
      await profileChange(db, request, user.id, (trx) => trx.updateTable('baseUser').set({ headIcon, updatedAt: Date.now() }).where('id', '=', user.id).execute());
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
      // A wrong old password counts toward the sign-in lock-out: a session left open must not
      // become a way to guess the password without limit.
      const key = accountKey(user.account);
      await assertNotLocked(db, key, config);
      if (!(await verifyPassword(user.passwordHash, b.oldPassword))) await failAttempt(db, key, config, 'profile.oldPasswordWrong');
      await storePassword(db, user.id, digest, request);
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
      await profileChange(db, request, user.id, async (trx) => {
        if (theme) await trx.updateTable('baseUser').set({ theme, updatedAt: Date.now() }).where('id', '=', user.id).execute();
        if (themeColor || slideClass || size) await savePreferences(trx, user.id, { themeColor, slideClass, size });
      });
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
      await profileChange(db, request, user.id, (trx) => trx.updateTable('baseUser').set({ language: request.body.language, updatedAt: Date.now() }).where('id', '=', user.id).execute());
      return ok(await preferencesNow(user.id), request.t('profile.saved'));
    },
  );

  async function preferencesNow(userId: string) {
    const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return preferencesOf(user, await readProfile(db, userId), await readSysConfig(db));
  }
};
