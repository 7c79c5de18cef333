import { refuse } from '../http/errors';
import { firstPasswordIssue, pickPasswordPolicy, type PasswordPolicy } from '../../src/runtime/password-policy';
import { md5Hex } from './passwords';

/**
 * Server-side enforcement of the password policy. Routes that SET a password (change, register,
 * reset) receive the plain new password (over TLS, like any sign-in form on the web) next to the
 * usual MD5: the policy can only be judged on the plain text, and judging it in the browser alone
 * is advice, not enforcement. The plain text is checked, reduced to the same MD5 the sign-in
 * form sends, and never stored or logged; argon2id of that MD5 is what is kept.
 */
export interface NewPasswordInput {
  /** The plain new password. */
  newPassword?: string;
  /** The plain repetition, when the form has one (spec 5.2). */
  repeatPassword?: string;
  /** Optional MD5 hex of the new password as the browser would send it; must agree with newPassword. */
  password?: string;
}

/**
 * Checks the new password against the policy, in the order of the form's messages, and answers
 * the MD5 to hash. `requireRepeat` is true for forms that show a repeat field.
 */
export function acceptNewPassword(input: NewPasswordInput, policy: PasswordPolicy, requireRepeat: boolean): string {
  const plain = input.newPassword ?? '';
  const issue = firstPasswordIssue(plain, pickPasswordPolicy(policy));
  if (issue) throw refuse(issue.key, issue.params);
  if (requireRepeat || input.repeatPassword !== undefined) {
    if (!input.repeatPassword) throw refuse('profile.repeatPasswordRequired');
    if (input.repeatPassword !== plain) throw refuse('profile.passwordsDiffer');
  }
  const digest = md5Hex(plain);
  if (input.password && input.password.toLowerCase() !== digest) throw refuse('profile.passwordDigestMismatch');
  return digest;
}

const DAY_MS = 86_400_000;

export interface PasswordExpiry {
  /** When the current password expires (epoch ms), or null when passwords do not expire. */
  expiresAt: number | null;
  /** Whole days left (0 on the last day, negative once expired), or null when passwords do not expire. */
  daysLeft: number | null;
  expired: boolean;
  /** Within the reminder window (updateInAdvance days) or already expired. */
  remind: boolean;
}

/**
 * Password expiry under the regular-update settings (passwordIsUpdatedRegularly, updateCycle
 * and updateInAdvance, in days). A password that was never changed counts from the account's
 * creation.
 */
export function passwordExpiry(
  config: { passwordIsUpdatedRegularly: number; updateCycle: number; updateInAdvance: number },
  user: { changePasswordDate: number | null; createdAt: number },
  now: number,
): PasswordExpiry {
  if (config.passwordIsUpdatedRegularly !== 1 || !(config.updateCycle > 0)) return { expiresAt: null, daysLeft: null, expired: false, remind: false };
  const expiresAt = (user.changePasswordDate ?? user.createdAt) + config.updateCycle * DAY_MS;
  const daysLeft = Math.floor((expiresAt - now) / DAY_MS);
  const expired = now >= expiresAt;
  return { expiresAt, daysLeft, expired, remind: expired || daysLeft < Math.max(0, config.updateInAdvance) };
}
