import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { verifyPassword } from '../../auth/passwords';
import { revokeSession, setSessionLocked } from '../../auth/sessions';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { bodyField, paramField } from '../../http/rate-limits';
import { ReplyCode } from '../../../src/runtime/codes';
import { readSysConfig } from '../system/config-store';
import { accountKey, clearFailures, findUserByMobile, insertLoginLog } from './accounts-repo';
import { currentUser } from './current-user';
import { CurrentUserData, LockStateData, LoginBody, LoginConfigData, LoginData, NeedCaptchaNote, SmsLoginBody, SmsPurposeQuery, UnlockBody } from './schemas';
import { mobileTaken, publicAccountRoutes, SMS_REGISTER } from './public-routes';
import { scanLoginRoutes } from './scan-login';
import { assertLoginMethod, loginConfigRoutes } from './login-config';
import { assertNotLocked, failAttempt, needsCaptcha, passwordSignIn, SMS_LOGIN, smsSignIn, type Caller } from './sign-in';
import { issueSmsCode, PHONE_PATTERN, SMS_RULES } from './sms';

export interface OauthOptions {
  db: Db;
  idleSeconds: number;
}

const caller = (request: FastifyRequest): Caller => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
const tags = ['oauth'];
/** Password and SMS sign-in share one allowance per address and per account. */
const signInLimit = { family: 'signIn', account: bodyField('account') } as const;

/**
 * /api/oauth: sign-in (password, SMS code, scan), the current user, logout and the lock screen;
 * registration, password reset and the password policy (public-routes.ts).
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<OauthOptions> = async (app, opts) => {
  const { db } = opts;
  const deps = { db, idleSeconds: opts.idleSeconds };
  // Not `opts`: it carries the prefix, which would then be applied twice.
  await app.register(publicAccountRoutes, deps);
  await app.register(scanLoginRoutes, deps);
  await app.register(loginConfigRoutes, deps);

  /** Checks the session's own account and password and unlocks; wrong passwords count towards the account lock. */
  async function unlock(request: FastifyRequest, account: string, password: string) {
    const { session, user } = principalOf(request);
    const key = accountKey(account);
    if (!key) throw refuse('oauth.accountRequired');
    if (!password) throw refuse('oauth.passwordRequired');
    if (key !== user.account.toLowerCase()) throw refuse('oauth.unlockWrongAccount');
    const config = await readSysConfig(db);
    await assertNotLocked(db, key, config);
    if (!(await verifyPassword(user.passwordHash, password))) {
      // Once the account locks, this session ends too: an unattended locked screen gets a few tries only.
      await failAttempt(db, key, config, 'oauth.wrongCredentials').catch(async (error) => {
        if (error?.key === 'oauth.accountLocked') await revokeSession(db, session.id, ReplyCode.tokenInvalid);
        throw error;
      });
    }
    await clearFailures(db, key);
    await setSessionLocked(db, session.id, false);
    return done(request.t('oauth.unlockSuccess'));
  }

  app.post(
    '/Login',
    {
      config: { access: 'public', limit: signInLimit },
      schema: { tags, summary: 'Sign in with account and password', description: NeedCaptchaNote, body: LoginBody, response: { 200: Envelope(LoginData) } },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type && body.grant_type !== 'password') throw refuse('oauth.grantTypeUnsupported');
      const data = await passwordSignIn(deps, body, caller(request));
      return ok(data, request.t('oauth.loginSuccess'));
    },
  );

  app.post(
    '/smsCodeLogin',
    {
      config: { access: 'public', limit: signInLimit },
      schema: { tags, summary: 'Sign in with a mobile number and an SMS code', body: SmsLoginBody, response: { 200: Envelope(LoginData) } },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type && body.grant_type !== 'smsCode') throw refuse('oauth.grantTypeUnsupported');
      await assertLoginMethod(db, 'sms');
      const data = await smsSignIn(deps, { phone: body.account, smsCode: body.smsCode }, caller(request));
      return ok(data, request.t('oauth.loginSuccess'));
    },
  );

  app.get(
    '/getSmsCode/:phone',
    {
      config: { access: 'public', limit: { family: 'smsCode', account: paramField('phone') } },
      schema: {
        tags,
        summary: `Send an SMS code for sign-in, registration or password reset (one a minute, ${SMS_RULES.perHour} an hour per number and purpose; valid five minutes)`,
        description:
          "purpose=login and forgetPwd send only to a number with an enabled account, and answer the same either way; purpose=register refuses a number already registered.",
        params: Type.Object({ phone: Type.String({ maxLength: 30 }) }),
        querystring: SmsPurposeQuery,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const phone = request.params.phone.trim();
      const purpose = request.query.purpose ?? SMS_LOGIN;
      if (!PHONE_PATTERN.test(phone)) throw refuse('oauth.phoneInvalid');
      if (purpose === SMS_LOGIN) await assertLoginMethod(db, 'sms');
      let deliver: boolean;
      if (purpose === SMS_REGISTER) {
        if (await mobileTaken(db, phone)) throw refuse('profile.mobileRegistered');
        deliver = true;
      } else {
        const user = await findUserByMobile(db, phone);
        deliver = Boolean(user && user.enabledMark === 1);
      }
      const code = await issueSmsCode(db, phone, purpose, deliver);
      if (code) await app.sms.sender.send({ phone, code, purpose, ttlMinutes: SMS_RULES.ttlMs / 60_000 });
      return done(request.t('oauth.smsSent'));
    },
  );

  app.get(
    '/getConfig/:account',
    {
      // It tells whether an account needs a captcha, so it is limited like sign-in itself.
      config: { access: 'public', limit: { family: 'loginConfig', account: paramField('account') } },
      schema: {
        tags,
        summary: 'What the sign-in page needs for this account now: captcha or not, and the branding',
        params: Type.Object({ account: Type.String({ maxLength: 200 }) }),
        response: { 200: Envelope(LoginConfigData) },
      },
    },
    async (request) => {
      const config = await readSysConfig(db);
      return ok({
        enableVerificationCode: config.enableVerificationCode,
        verificationCodeNumber: config.verificationCodeNumber,
        needCaptcha: await needsCaptcha(db, request.params.account, config),
        sysName: config.sysName,
        logoIcon: config.logoIcon,
        copyright: config.copyright,
      });
    },
  );

  app.get(
    '/CurrentUser',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Menu, routes, permissions, user info and system config of the signed-in user', response: { 200: Envelope(CurrentUserData) } },
    },
    async (request) => ok(await currentUser(db, principalOf(request), await readSysConfig(db), request.locale)),
  );

  app.get(
    '/Logout',
    {
      config: { access: 'signedIn', allowWhenLocked: true },
      schema: { tags, summary: 'End this session (its token then answers 602)', response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const { session, user } = principalOf(request);
      await revokeSession(db, session.id, ReplyCode.tokenInvalid);
      await insertLoginLog(db, { userId: user.id, account: user.account, success: true, message: 'oauth.logoutSuccess', kind: 'logout', ...caller(request) });
      return done(request.t('oauth.logoutSuccess'));
    },
  );

  app.post(
    '/LockScreen',
    {
      config: { access: 'signedIn', allowWhenLocked: true },
      schema: {
        tags,
        summary: 'Lock this session (every call but unlock, logout and lock state then answers 603); with { account, password } it unlocks instead',
        description:
          "The product's own client locks its screen in the browser only and sends its unlock here as { account, password } (MD5 hex): with both, this checks them like UnlockScreen and unlocks.",
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { account?: unknown; password?: unknown };
      if (body.password !== undefined || body.account !== undefined) {
        const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
        return unlock(request, text(body.account), text(body.password));
      }
      const { session } = principalOf(request);
      await setSessionLocked(db, session.id, true);
      return done(request.t('oauth.screenLockedOk'));
    },
  );

  app.get(
    '/LockState',
    {
      config: { access: 'signedIn', allowWhenLocked: true },
      schema: { tags, summary: 'Whether this session is locked, and who to show on the lock screen', response: { 200: Envelope(LockStateData) } },
    },
    async (request) => {
      const { session, user } = principalOf(request);
      return ok({ locked: session.locked === 1, account: user.account, userName: user.realName, headIcon: user.headIcon });
    },
  );

  app.post(
    '/UnlockScreen',
    {
      config: { access: 'signedIn', allowWhenLocked: true },
      schema: {
        tags,
        summary: "Unlock with the session's own account and password; wrong passwords count towards the account lock",
        body: UnlockBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => unlock(request, request.body.account, request.body.password),
  );
};
