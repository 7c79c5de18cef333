import { describe, expect, it } from 'vitest';
import { firstPasswordIssue, passwordIssues, pickPasswordPolicy, type PasswordPolicy } from '../../src/runtime/password-policy';
import { translate } from '../../src/runtime/i18n';

const off: PasswordPolicy = {
  passwordStrengthLimit: 0, passwordLengthMin: 0, passwordLengthMinNumber: 6, containsNumbers: 0,
  includeLowercaseLetters: 0, includeUppercaseLetters: 0, containsCharacters: 0, mandatoryModificationOfInitialPassword: 0,
};
const strict: PasswordPolicy = { ...off, passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 8, containsNumbers: 1, includeLowercaseLetters: 1, includeUppercaseLetters: 1, containsCharacters: 1 };
const message = (plain: string, policy: PasswordPolicy) => {
  const issue = firstPasswordIssue(plain, policy);
  return issue ? translate('zh-CN', issue.key, issue.params) : null;
};

describe('password policy (shared by browser and server)', () => {
  it('with the strength limit off (the default), holds the spec 5.1 pattern: 6–16 letters and digits, both', () => {
    expect(message('', off)).toBe('新密码不能为空');
    for (const weak of ['a', '111111', 'abcdef', 'ab1', 'abc12345678901234', 'abc 123', 'abc12!', '密码密码12']) {
      expect(message(weak, off), weak).toBe('新密码须为6-16位字符的密码（数字和字母组成）');
    }
    for (const fine of ['demo1234', 'A1b2c3', 'abcdefghijklmn12']) expect(message(fine, off), fine).toBeNull();
    expect(message('x'.repeat(65), off)).toBe('新密码长度不能大于64位');
    expect(translate('en', 'profile.newPasswordPattern')).toBe('The new password must be 6 to 16 letters and digits, with at least one of each');
  });

  it('gives the spec 5.2 message of each rule in the form order', () => {
    expect(message('aB1!', strict)).toBe('新密码长度不能小于8位');
    expect(message('abcdefgH!', strict)).toBe('新密码必须包含数字');
    expect(message('ABCDEFG1!', strict)).toBe('新密码必须包含小写字母');
    expect(message('abcdefg1!', strict)).toBe('新密码必须包含大写字母');
    expect(message('abcdefG12', strict)).toBe('新密码必须包含字符');
    expect(message('abcdeF1!x', strict)).toBeNull();
    expect(passwordIssues('a', strict).map((i) => i.key)).toEqual(['profile.newPasswordTooShort', 'profile.newPasswordNeedsDigit', 'profile.newPasswordNeedsUppercase', 'profile.newPasswordNeedsSymbol']);
  });

  it('applies nothing but the length rules when only they are on, and only the spec pattern when the strength limit is off', () => {
    expect(message('aaaa', { ...off, passwordLengthMin: 1, passwordLengthMinNumber: 6 })).toBe('新密码须为6-16位字符的密码（数字和字母组成）');
    expect(message('abcd1234', { ...off, passwordLengthMin: 1, passwordLengthMinNumber: 20 })).toBeNull();
    expect(message('aaaa', { ...off, passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 6 })).toBe('新密码长度不能小于6位');
    expect(message('aaaaaa', { ...off, passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 6 })).toBeNull();
    // Length counts characters, not UTF-16 units.
    expect(message('密码密码密码', { ...off, passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 6 })).toBeNull();
  });

  it('translates into the three languages and picks only the policy fields out of a config', () => {
    const issue = firstPasswordIssue('a', strict)!;
    expect(translate('en', issue.key, issue.params)).toBe('The new password must be at least 8 characters long');
    expect(translate('zh-TW', issue.key, issue.params)).toBe('新密碼長度不能小於8位');
    expect(pickPasswordPolicy({ ...strict, sysName: 'x' } as PasswordPolicy)).toEqual(strict);
  });
});
