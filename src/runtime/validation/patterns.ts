import type { MessageKey } from '../i18n';

/**
 * The shared patterns of spec 5.1, defined once. A descriptor uses one by writing
 * `{ "pattern": "@mobile" }` in a regList (its own message wins when it gives one); the
 * hand-written forms (password change, dictionary, serial-number rule …) import them.
 * `check` adds what a regex cannot say (the ID card's check digit).
 */
export interface SharedPattern {
  pattern: string;
  flags: string;
  messageKey: MessageKey;
  check?: (value: string) => boolean;
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
const PLATE_LETTER = 'A-HJ-NP-Z';

export const SHARED_PATTERNS = {
  /** 11 digits starting 1[3-9]. */
  mobile: { pattern: '^1[3-9]\\d{9}$', flags: '', messageKey: 'validation.mobile' },
  /** 6-16 letters and digits, containing both. */
  password: { pattern: '^(?=.*\\d)(?=.*[A-Za-z])[A-Za-z\\d]{6,16}$', flags: '', messageKey: 'validation.password' },
  /** 18-digit national ID card (birth date plausible, last character a digit or X) with its ISO 7064 check digit. */
  idCard: {
    pattern: '^[1-9]\\d{5}(18|19|20)\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])\\d{3}[\\dXx]$',
    flags: '',
    messageKey: 'validation.idCard',
    check: idCardChecksumOk,
  },
  email: { pattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$', flags: '', messageKey: 'validation.email' },
  /** Chinese plates: province, letter, then 5 characters (classic) or 6 (new energy: D/F… + 5, or 5 digits + D/F). */
  licencePlate: {
    pattern: `^[${PROVINCES}][${PLATE_LETTER}](?:[${PLATE_LETTER}0-9]{4}[${PLATE_LETTER}0-9挂学警港澳]|[DABCEFGHJK][${PLATE_LETTER}0-9]\\d{4}|\\d{5}[DABCEFGHJK])$`,
    flags: '',
    messageKey: 'validation.licencePlate',
  },
  chinese: { pattern: '^[\\u4e00-\\u9fa5]+$', flags: '', messageKey: 'validation.chinese' },
  /** Letters, digits and dots; no dot at the start or the end. */
  code: { pattern: '^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$', flags: '', messageKey: 'validation.code' },
  account: { pattern: '^[A-Za-z0-9]+$', flags: '', messageKey: 'validation.account' },
  /** Chinese, letters and digits only. */
  fullName: { pattern: '^[\\u4e00-\\u9fa5A-Za-z0-9]+$', flags: '', messageKey: 'validation.fullName' },
  numericCode: { pattern: '^\\d+$', flags: '', messageKey: 'validation.numericCode' },
  /** Hours in whole numbers or halves: 1, 1.5, 0.5, 2.0. */
  halfHour: { pattern: '^(0|[1-9]\\d*)(\\.[05])?$', flags: '', messageKey: 'validation.halfHour' },
  positiveInteger: { pattern: '^[1-9]\\d*$', flags: '', messageKey: 'validation.positiveInteger' },
  /** Starts with a letter, then letters, digits, underscore. */
  fieldName: { pattern: '^[A-Za-z][A-Za-z0-9_]*$', flags: '', messageKey: 'validation.fieldName' },
  /** Optional sign, an integer without leading zeros, optional decimals. */
  numberString: { pattern: '^[+-]?(0|[1-9]\\d*)(\\.\\d+)?$', flags: '', messageKey: 'validation.numberString' },
} as const satisfies Record<string, SharedPattern>;

export type SharedPatternName = keyof typeof SHARED_PATTERNS;

export function isSharedPatternName(name: string): name is SharedPatternName {
  return Object.prototype.hasOwnProperty.call(SHARED_PATTERNS, name);
}

/** Whether a value passes a shared pattern (regex and, where defined, its extra check). */
export function matchesShared(name: SharedPatternName, value: string): boolean {
  const shared: SharedPattern = SHARED_PATTERNS[name];
  if (!new RegExp(shared.pattern, shared.flags).test(value)) return false;
  return shared.check ? shared.check(value) : true;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function idCardChecksumOk(value: string): boolean {
  if (value.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === value[17]!.toUpperCase();
}
