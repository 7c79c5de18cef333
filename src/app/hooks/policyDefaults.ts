import type { PasswordPolicy } from '../../runtime/password-policy';

/** No rules beyond 'required' until the server's policy arrives. */
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
