/**
 * The password policy check, shared by the browser (to explain as the user types) and the
 * server (to enforce: it receives the plain new password and runs the very same function).
 * Pure: no I/O, no clock. Messages are i18n keys with their parameters (spec 5.2).
 */

/** The policy fields of the system configuration (spec 3, "Password policy"); flags are 0/1. */
export interface PasswordPolicy {
  /** 1 = the rules below apply. */
  passwordStrengthLimit: number;
  /** 1 = a minimum length applies. */
  passwordLengthMin: number;
  /** The minimum length when passwordLengthMin is 1. */
  passwordLengthMinNumber: number;
  containsNumbers: number;
  includeLowercaseLetters: number;
  includeUppercaseLetters: number;
  /** 1 = at least one symbol (anything but a letter or a digit). */
  containsCharacters: number;
  /** 1 = a user who never changed the initial password must change it on entry. */
  mandatoryModificationOfInitialPassword: number;
}

export const PASSWORD_POLICY_KEYS = [
  'passwordStrengthLimit',
  'passwordLengthMin',
  'passwordLengthMinNumber',
  'containsNumbers',
  'includeLowercaseLetters',
  'includeUppercaseLetters',
  'containsCharacters',
  'mandatoryModificationOfInitialPassword',
] as const satisfies readonly (keyof PasswordPolicy)[];

/**
 * The policy of a fresh installation: the strength limit is off, so the spec's pattern applies
 * (see passwordIssues); an administrator who turns the limit on sets the rules instead.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  passwordStrengthLimit: 0,
  passwordLengthMin: 0,
  passwordLengthMinNumber: 6,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 0,
};

/** Whatever the policy, a password is at most this long (argon2 input stays small). */
export const PASSWORD_MAX_LENGTH = 64;

export type PasswordIssueKey =
  | 'profile.newPasswordRequired'
  | 'profile.newPasswordTooShort'
  | 'profile.newPasswordTooLong'
  | 'profile.newPasswordNeedsDigit'
  | 'profile.newPasswordNeedsLowercase'
  | 'profile.newPasswordNeedsUppercase'
  | 'profile.newPasswordNeedsSymbol'
  | 'profile.newPasswordPattern';

/** Spec 5.1's password: 6 to 16 letters and digits, containing both. */
const SPEC_PASSWORD = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/;

export interface PasswordIssue {
  key: PasswordIssueKey;
  params?: Record<string, number>;
}

/** Every rule the plain password breaks, in the order the form shows them; [] = acceptable. */
export function passwordIssues(plain: string, policy: PasswordPolicy): PasswordIssue[] {
  if (plain.length === 0) return [{ key: 'profile.newPasswordRequired' }];
  const issues: PasswordIssue[] = [];
  if (plain.length > PASSWORD_MAX_LENGTH) issues.push({ key: 'profile.newPasswordTooLong', params: { max: PASSWORD_MAX_LENGTH } });
  // Without the administrator's rules the spec's pattern holds: "a" or "111111" is no password.
  if (policy.passwordStrengthLimit !== 1) return SPEC_PASSWORD.test(plain) ? issues : [...issues, { key: 'profile.newPasswordPattern' }];
  const min = Math.max(0, Math.floor(policy.passwordLengthMinNumber || 0));
  if (policy.passwordLengthMin === 1 && [...plain].length < min) issues.push({ key: 'profile.newPasswordTooShort', params: { min } });
  if (policy.containsNumbers === 1 && !/\d/.test(plain)) issues.push({ key: 'profile.newPasswordNeedsDigit' });
  if (policy.includeLowercaseLetters === 1 && !/[a-z]/.test(plain)) issues.push({ key: 'profile.newPasswordNeedsLowercase' });
  if (policy.includeUppercaseLetters === 1 && !/[A-Z]/.test(plain)) issues.push({ key: 'profile.newPasswordNeedsUppercase' });
  if (policy.containsCharacters === 1 && !/[^A-Za-z0-9]/.test(plain)) issues.push({ key: 'profile.newPasswordNeedsSymbol' });
  return issues;
}

/** The first broken rule, or null: what a form shows under the field. */
export function firstPasswordIssue(plain: string, policy: PasswordPolicy): PasswordIssue | null {
  return passwordIssues(plain, policy)[0] ?? null;
}

/** The policy fields out of a larger configuration object (the public config, the system config). */
export function pickPasswordPolicy(config: PasswordPolicy): PasswordPolicy {
  return Object.fromEntries(PASSWORD_POLICY_KEYS.map((k) => [k, Number(config[k]) || 0])) as unknown as PasswordPolicy;
}
