import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { AppError, refuse } from '../../http/errors';
import type { MessageKey } from '../../../src/runtime/i18n';
import { consumeCaptcha } from '../file/captcha-store';
import { readSysConfig, type SysConfig } from '../system/config-store';
import { accountKey, addFailure, clearFailures, currentFailures, findUserByAccount, findUserByMobile, insertLoginLog, minutesLeft, recordSuccessfulLogin } from './accounts-repo';
import { consumeSmsCode, PHONE_PATTERN } from './sms';

/** After this many failures an account always needs a captcha, whatever the configuration says. */
export const CAPTCHA_AFTER_FAILURES = 3;

export const LAYOUTS = ['classic', 'functional', 'plain', 'blend'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface Caller {
  ip: string | null;
  userAgent: string | null;
}

export interface SignInDeps {
  db: Db;
  idleSeconds: number;
}

export function captchaNeeded(config: SysConfig, failures: number): boolean {
  return config.enableVerificationCode === 1 || failures >= CAPTCHA_AFTER_FAILURES;
}

/** Whether the sign-in form for this account text should show a captcha right now. */
export async function needsCaptcha(db: Db, typedAccount: string, config?: SysConfig): Promise<boolean> {
  const cfg = config ?? (await readSysConfig(db));
  const key = accountKey(typedAccount);
  const failure = key ? await currentFailures(db, key) : null;
  return captchaNeeded(cfg, failure?.failures ?? 0);
}

/** The user's layout, else the system's; anything unknown becomes classic (spec 3, login response). */
export function layoutOf(user: UserRow, config: SysConfig): Layout {
  const chosen = user.theme ?? config.layoutType;
  return (LAYOUTS as readonly string[]).includes(chosen) ? (chosen as Layout) : 'classic';
}

/** Refuses while the key is locked out. */
export async function assertNotLocked(db: Db, key: string, config: SysConfig): Promise<number> {
  const failure = await currentFailures(db, key);
  if (failure?.lockedUntil) {
    throw refuse('oauth.accountLocked', { minutes: minutesLeft(failure.lockedUntil) }, { needCaptcha: captchaNeeded(config, failure.failures) });
  }
  return failure?.failures ?? 0;
}

/**
 * Counts a failure for the key and refuses: with the lock message when this failure locked it,
 * else with `key`. The reply tells the page whether to show the captcha from now on.
 */
export async function failAttempt(db: Db, accountKeyText: string, config: SysConfig, message: MessageKey): Promise<never> {
  const failure = await addFailure(db, accountKeyText, config);
  const needCaptcha = captchaNeeded(config, failure.failures);
  if (failure.lockedUntil) throw refuse('oauth.accountLocked', { minutes: minutesLeft(failure.lockedUntil) }, { needCaptcha });
  throw refuse(message, undefined, { needCaptcha });
}

export interface PasswordSignIn {
  account: string;
  password: string;
  code?: string;
  timestamp?: string;
}

/** Account + password (+ captcha) sign-in; see the order of checks below. */
export async function passwordSignIn(deps: SignInDeps, input: PasswordSignIn, caller: Caller) {
  const { db } = deps;
  const key = accountKey(input.account);
  if (!key) throw refuse('oauth.accountRequired');
  if (!input.password) throw refuse('oauth.passwordRequired');
  const config = await readSysConfig(db);
  const log = (user: UserRow | undefined, success: boolean, message: string) =>
    insertLoginLog(db, { userId: user?.id ?? null, account: input.account, success, message, ...caller });

  // 1. A locked account is refused before anything else is checked.
  const failures = await assertNotLocked(db, key, config).catch(async (error) => {
    await log(undefined, false, 'oauth.accountLocked');
    throw error;
  });
  // 2. The captcha, when required; a wrong captcha is not a password failure.
  if (captchaNeeded(config, failures)) {
    const check = !input.code?.trim() ? 'required' : input.timestamp ? await consumeCaptcha(db, input.timestamp, input.code) : 'expired';
    if (check !== 'ok') {
      const reason = check === 'required' ? 'oauth.captchaRequired' : check === 'wrong' ? 'oauth.captchaWrong' : 'oauth.captchaExpired';
      await log(undefined, false, reason);
      throw refuse(reason, undefined, { needCaptcha: true });
    }
  }
  // 3. The password; an unknown account and a wrong password look the same.
  const user = await findUserByAccount(db, key);
  if (!(await verifyPassword(user?.passwordHash, input.password))) {
    await log(user, false, 'oauth.wrongCredentials');
    return failAttempt(db, key, config, 'oauth.wrongCredentials');
  }
  // 4. Only someone who knows the password learns that the account is disabled (or awaits approval).
  if (user!.enabledMark !== 1) {
    const reason = await disabledReason(db, user!);
    await log(user, false, reason);
    throw refuse(reason);
  }
  await clearFailures(db, key);
  return finishSignIn(deps, user!, config, caller);
}

/** Opens the session (ending the others when single login is on) and records the sign-in. */
export async function finishSignIn(deps: SignInDeps, user: UserRow, config: SysConfig, caller: Caller) {
  const { token } = await createSession(deps.db, user.id, {
    idleSeconds: deps.idleSeconds,
    single: config.singleLogin === 1,
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  await recordSuccessfulLogin(deps.db, user, caller.ip);
  await insertLoginLog(deps.db, { userId: user.id, account: user.account, success: true, message: null, ...caller });
  return { token, theme: layoutOf(user, config) };
}

/** Phone + SMS code sign-in. The code is checked before the account, so nothing reveals numbers. */
export async function smsSignIn(deps: SignInDeps, input: { phone: string; smsCode: string }, caller: Caller) {
  const { db } = deps;
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) throw refuse('oauth.phoneInvalid');
  if (!input.smsCode.trim()) throw refuse('oauth.smsCodeRequired');
  const config = await readSysConfig(db);
  const user = await findUserByMobile(db, phone);
  // A locked account stays locked whichever way one signs in.
  if (user) await assertNotLocked(db, accountKey(user.account), config);
  await consumeSmsCode(db, phone, SMS_LOGIN, input.smsCode).catch(async (error) => {
    const reason = error instanceof AppError ? error.key : 'oauth.smsCodeWrong';
    await insertLoginLog(db, { userId: user?.id ?? null, account: phone, success: false, message: reason, ...caller });
    throw error;
  });
  if (!user) {
    await insertLoginLog(db, { userId: null, account: phone, success: false, message: 'oauth.smsCodeWrong', ...caller });
    throw refuse('oauth.smsCodeWrong');
  }
  if (user.enabledMark !== 1) {
    const reason = await disabledReason(db, user);
    await insertLoginLog(db, { userId: user.id, account: phone, success: false, message: reason, ...caller });
    throw refuse(reason);
  }
  return finishSignIn(deps, user, config, caller);
}

export const SMS_LOGIN = 'login';

/** Why a disabled account cannot sign in: a self-registration awaiting approval, or disabled. */
export async function disabledReason(db: Db, user: UserRow): Promise<'profile.accountPending' | 'oauth.accountDisabled'> {
  const pending = await db.selectFrom('baseRegistration').select('id').where('userId', '=', user.id).where('state', '=', 'pending').executeTakeFirst();
  return pending ? 'profile.accountPending' : 'oauth.accountDisabled';
}
