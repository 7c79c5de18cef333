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
