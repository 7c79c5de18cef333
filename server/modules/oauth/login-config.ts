import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { passwordExpiry } from '../../auth/password-policy';
import { Envelope, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import type { MessageKey } from '../../../src/runtime/i18n';
import { readSysConfig, type SysConfig } from '../system/config-store';
import { LoginPageConfigData, PasswordReminderData } from './schemas';

const tags = ['oauth'];

export type LoginMethod = 'password' | 'sms' | 'scan';

/** The sign-in methods system config offers, in the order of the page's tabs; the password form always. */
export function loginMethods(config: SysConfig): LoginMethod[] {
  const methods: LoginMethod[] = ['password'];
  if (config.enableSmsLogin === 1) methods.push('sms');
  if (config.enableScanLogin === 1) methods.push('scan');
  return methods;
}

/** Refuses a sign-in method that system config turned off (the page hides it; the server decides). */
export async function assertLoginMethod(db: Db, method: Exclude<LoginMethod, 'password'>): Promise<void> {
  if (!loginMethods(await readSysConfig(db)).includes(method)) throw refuse('oauth.methodDisabled');
}

/**
 * The two calls the product's sign-in page and shell make on every load: the page's
 * configuration (public) and the password-expiry reminder (signed in).
 */
export const loginConfigRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/getLoginConfig',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The sign-in page: its methods, third-party logins (none), single sign-on redirect (none), captcha and branding',
        response: { 200: Envelope(LoginPageConfigData) },
      },
    },
    async () => {
      const config = await readSysConfig(db);
      return ok({
        redirect: false,
        url: '',
        ticketParams: '',
        socialsList: [],
        isTenant: false,
        loginMethods: loginMethods(config),
        enableVerificationCode: config.enableVerificationCode,
        verificationCodeNumber: config.verificationCodeNumber,
        sysName: config.sysName,
        title: config.title,
        logoIcon: config.logoIcon,
        copyright: config.copyright,
      });
    },
  );

  app.post(
    '/updatePasswordMessage',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The signed-in user's password-expiry reminder: msg holds the text to show when remind is true",
        description:
          'Passwords expire when system config sets passwordIsUpdatedRegularly = 1: updateCycle days after they were set, with a reminder in the last updateInAdvance days. An expired password also makes CurrentUser.userInfo.mustChangePassword true.',
        response: { 200: Envelope(PasswordReminderData) },
      },
    },
    async (request) => {
      const expiry = passwordExpiry(await readSysConfig(db), principalOf(request).user, Date.now());
      const { expiresAt, daysLeft, expired, remind } = expiry;
      let key: MessageKey = 'oauth.passwordNotExpiring';
      if (expired) key = 'oauth.passwordExpired';
      else if (remind) key = daysLeft === 0 ? 'oauth.passwordExpiresToday' : 'oauth.passwordExpiresSoon';
      return ok({ remind, expired, expiresAt, daysLeft }, request.t(key, { days: daysLeft ?? 0 }));
    },
  );
};
