import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../../audit/record';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { bumpAccessVersion } from '../../../auth/access-version';
import { acceptNewPassword } from '../../../auth/password-policy';
import { hashPassword } from '../../../auth/passwords';
import { revokeUserSessions } from '../../../auth/sessions';
import { EmptyEnvelope, done } from '../../../http/envelope';
import { refuse } from '../../../http/errors';
import { accountKey, clearFailures } from '../../oauth/accounts-repo';
import { readSysConfig } from '../../system/config-store';
import { assertMayChange, findUser, manage, tags } from './manage-routes';
import { IdParams, ResetPasswordBody, StateBody } from './schemas';

/** Reset password, enable/disable, unlock (spec 7.3 {id}/Actions/…). */
export const actionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/:id/Actions/ResetPassword',
    {
      config: manage,
      schema: {
        tags,
        summary: "Set a user's password (plain newPassword, checked against the password policy); ends every session of that user and asks for a change at the next sign-in",
        params: IdParams,
        body: ResetPasswordBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const user = await findUser(db, request.params.id);
      assertMayChange(caller, user);
      const digest = acceptNewPassword(request.body, await readSysConfig(db), false);
      const passwordHash = await hashPassword(digest);
      // changePasswordDate null: a password someone else chose counts as an initial one.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseUser').set({ passwordHash, changePasswordDate: null, updatedAt: Date.now() }).where('id', '=', user.id).execute();
        await audit(trx, request, { entity: 'user', entityId: user.id, action: 'update', before: {}, after: { passwordChanged: true }, name: user.account });
      });
      await revokeUserSessions(db, user.id);
      return done(request.t('users.passwordReset'));
    },
  );

  app.put(
    '/:id/Actions/State',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enable or disable a user (body enabledMark; without it the state flips); disabling ends their sessions',
        params: IdParams,
        body: StateBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const user = await findUser(db, request.params.id);
      assertMayChange(caller, user);
      const enabledMark = request.body?.enabledMark ?? (user.enabledMark === 1 ? 0 : 1);
      if (enabledMark === 0 && user.id === caller.user.id) throw refuse('users.disableSelf');
      if (enabledMark === 0 && user.isAdministrator === 1) throw refuse('users.disableAdministrator');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseUser').set({ enabledMark, updatedAt: Date.now() }).where('id', '=', user.id).execute();
        await audit(trx, request, { entity: 'user', entityId: user.id, action: 'update', before: user, after: { ...user, enabledMark } });
        await bumpAccessVersion(trx);
      });
      if (enabledMark === 0) await revokeUserSessions(db, user.id);
      return done(request.t(enabledMark === 1 ? 'users.enabled' : 'users.disabled'));
    },
  );

  app.put(
    '/:id/Actions/unlock',
    {
      config: manage,
      schema: { tags, summary: 'Clear the sign-in lock-out (and the failure count) of a user', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const user = await findUser(db, request.params.id);
      await clearFailures(db, accountKey(user.account));
      return done(request.t('users.unlocked'));
    },
  );
};
