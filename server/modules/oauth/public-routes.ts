import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { acceptNewPassword } from '../../auth/password-policy';
import { hashPassword, storePassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import { audit } from '../../audit/record';
import { newId } from '../../db/ids';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { bodyField } from '../../http/rate-limits';
import { pickPasswordPolicy } from '../../../src/runtime/password-policy';
import { readSysConfig } from '../system/config-store';
import { accountKey, clearFailures, findUserByMobile } from './accounts-repo';
import type { OauthOptions } from './routes';
import { ForgetPwdBody, PasswordPolicyData, RegisterBody } from './schemas';
import { consumeSmsCode, PHONE_PATTERN } from './sms';

export const SMS_REGISTER = 'register';
export const SMS_FORGET_PASSWORD = 'forgetPwd';

const tags = ['oauth'];

/** Is there an account (any state) with this mobile, or with it as its account name? */
async function mobileTaken(db: OauthOptions['db'], mobile: string): Promise<boolean> {
  const row = await db
    .selectFrom('baseUser')
    .select('id')
    .where((eb) => eb.or([eb('mobile', '=', mobile), eb(sql<string>`lower(account)`, '=', mobile)]))
    .executeTakeFirst();
  return Boolean(row);
}
export { mobileTaken };

/** Public account flows beside sign-in: the password policy, self-registration and password reset. */
export const publicAccountRoutes: FastifyPluginAsyncTypebox<OauthOptions> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/getPasswordPolicy',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The password policy (the register, reset and change forms explain it; the server enforces it)', response: { 200: Envelope(PasswordPolicyData) } },
    },
    async () => ok(pickPasswordPolicy(await readSysConfig(db))),
  );

  app.post(
    '/register',
    {
      config: { access: 'public', limit: { family: 'register', account: bodyField('mobile') } },
      schema: {
        tags,
        summary: "A business customer registers (SMS code purpose 'register'); the account waits for approval and cannot sign in before",
        description: 'newPassword is the PLAIN password (the policy is checked on the server); the account name is the mobile number.',
        body: RegisterBody,
        response: { 200: Envelope(Type.Object({ account: Type.String(), state: Type.Literal('pending') })) },
      },
    },
    async (request) => {
      const b = request.body;
      const mobile = b.mobile.trim();
      if (!PHONE_PATTERN.test(mobile)) throw refuse('oauth.phoneInvalid');
      if (!b.smsCode?.trim()) throw refuse('oauth.smsCodeRequired');
      const companyName = b.companyName?.trim() ?? '';
      const contactName = b.contactName?.trim() ?? '';
      if (!companyName) throw refuse('profile.companyNameRequired');
      if ([...companyName].length > 100) throw refuse('profile.textTooLong', { field: request.t('profile.fieldCompanyName'), max: 100 });
      if (!contactName) throw refuse('profile.contactNameRequired');
      if ([...contactName].length > 50) throw refuse('profile.textTooLong', { field: request.t('profile.fieldContact'), max: 50 });
      const digest = acceptNewPassword(b, await readSysConfig(db), false);
      if (await mobileTaken(db, mobile)) throw refuse('profile.mobileRegistered');
      await consumeSmsCode(db, mobile, SMS_REGISTER, b.smsCode);
      const passwordHash = await hashPassword(digest);
      const now = Date.now();
      const userId = newId();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('baseUser')
            .values({
              id: userId, account: mobile, realName: contactName, passwordHash, mobile, email: null, gender: null, headIcon: null, signImg: null,
              organizeId: null, positionId: null, managerId: null, isAdministrator: 0, userKind: 'customer', enabledMark: 0, theme: null, language: null,
              // They chose this password themselves (under the policy): no forced reset after approval.
              portalId: null, changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null,
              description: null, createdAt: now, updatedAt: null,
            })
            .execute();
          await trx
            .insertInto('baseRegistration')
            .values({ id: newId(), userId, mobile, companyName, contactName, state: 'pending', createdAt: now, decidedAt: null, decidedBy: null })
            .execute();
          await audit(trx, { id: userId, account: mobile, ip: request.ip ?? null }, { entity: 'user', entityId: userId, action: 'create', after: { account: mobile, realName: contactName, mobile, userKind: 'customer', enabledMark: 0 } });
        });
      } catch (error) {
        // Two registrations of one number racing: the unique account index lets one through.
        if (await mobileTaken(db, mobile)) throw refuse('profile.mobileRegistered');
        throw error;
      }
      return ok({ account: mobile, state: 'pending' as const }, request.t('profile.registered'));
    },
  );

  app.post(
    '/forgetPwd',
    {
      config: { access: 'public', limit: { family: 'forgetPassword', account: bodyField('mobile') } },
      schema: {
        tags,
        summary: "Reset a forgotten password with the mobile and an SMS code (purpose 'forgetPwd'); ends every session of the account",
        description: 'newPassword is the PLAIN password (the policy is checked on the server).',
        body: ForgetPwdBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      const mobile = b.mobile.trim();
      if (!PHONE_PATTERN.test(mobile)) throw refuse('oauth.phoneInvalid');
      if (!b.smsCode?.trim()) throw refuse('oauth.smsCodeRequired');
      const digest = acceptNewPassword(b, await readSysConfig(db), false);
      // The code is checked first: a number without an account never received one, so nothing is revealed.
      await consumeSmsCode(db, mobile, SMS_FORGET_PASSWORD, b.smsCode);
      const user = await findUserByMobile(db, mobile);
      if (!user || user.enabledMark !== 1) throw refuse('oauth.smsCodeWrong');
      await storePassword(db, user.id, digest, { id: user.id, account: user.account, ip: request.ip ?? null });
      await revokeUserSessions(db, user.id);
      await clearFailures(db, accountKey(user.account));
      return done(request.t('profile.passwordReset'));
    },
  );
};
