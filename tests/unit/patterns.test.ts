import { describe, expect, it } from 'vitest';
import { translate } from '../../src/runtime/i18n';
import { matchesShared, SHARED_PATTERNS, type SharedPatternName } from '../../src/runtime/validation';

const cases: Record<SharedPatternName, { good: string[]; bad: string[] }> = {
  mobile: { good: ['13812345678', '19900000000'], bad: ['12812345678', '1381234567', '138123456789', 'abc'] },
  password: { good: ['abc123', 'A1b2C3d4E5f6G7h8'], bad: ['abcdef', '123456', 'ab12', 'abc123!', 'a1234567890123456'] },
  idCard: { good: ['11010519491231002X', '110105194912310029'.slice(0, 17) + '2'.replace('2', 'X')], bad: ['110105194912310021', '11010519491331002X', '1101051949123100'] },
  email: { good: ['a.b@example.com', 'x+y@mail.co.uk'], bad: ['a@b', '@x.com', 'a b@x.com'] },
  licencePlate: { good: ['京A12345', '粤B1234学', '沪AD12345', '苏E12345F'], bad: ['京I12345', 'A12345', '京A1234', '京AD123', '京AD1234567'] },
  chinese: { good: ['中文', '供应链'], bad: ['中a', 'abc', ''] },
  code: { good: ['abc', 'a.b.c', 'V1.2'], bad: ['.abc', 'abc.', 'a-b', ''] },
  account: { good: ['admin', 'user01'], bad: ['user_01', 'a b', '用户'] },
  fullName: { good: ['商品A1', 'Goods'], bad: ['商品!', 'a b', 'x-y'] },
  numericCode: { good: ['001', '123'], bad: ['12a', '1.2'] },
  halfHour: { good: ['1', '1.5', '0.5', '2.0'], bad: ['1.2', '-1', '01', '.5'] },
  positiveInteger: { good: ['1', '42'], bad: ['0', '-1', '01', '1.0'] },
  fieldName: { good: ['a', 'F_Name_1'], bad: ['1a', '_a', 'a-b'] },
  numberString: { good: ['0', '-1', '+3.14', '10.50'], bad: ['01', '1.', '.5', '--1', '1e5'] },
};

describe('shared patterns (spec 5.1)', () => {
  for (const name of Object.keys(SHARED_PATTERNS) as SharedPatternName[]) {
    it(`${name}: good values pass, bad values fail`, () => {
      for (const value of cases[name].good) expect(matchesShared(name, value), `${name} ${value}`).toBe(true);
      for (const value of cases[name].bad) expect(matchesShared(name, value), `${name} ${value}`).toBe(false);
    });
  }

  it('the spec texts are the zh-CN messages, translated in every language', () => {
    expect(translate('zh-CN', SHARED_PATTERNS.mobile.messageKey)).toBe('请正确输入您的手机号');
    expect(translate('zh-CN', SHARED_PATTERNS.password.messageKey)).toBe('6-16位字符的密码（数字和字母组成）');
    expect(translate('zh-CN', SHARED_PATTERNS.fullName.messageKey)).toBe('名称不能含有特殊符号');
    for (const shared of Object.values(SHARED_PATTERNS)) {
      expect(translate('en', shared.messageKey)).not.toBe(translate('zh-CN', shared.messageKey));
      expect(translate('zh-TW', shared.messageKey)).toBeTruthy();
    }
  });

  it('the ID card check digit is verified', () => {
    expect(matchesShared('idCard', '11010519491231002X')).toBe(true);
    expect(matchesShared('idCard', '11010519491231002x')).toBe(true);
    expect(matchesShared('idCard', '110105194912310028')).toBe(false);
  });
});
