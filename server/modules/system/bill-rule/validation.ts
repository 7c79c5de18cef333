import { refuse } from '../../../http/errors';
import { isBillDateFormat } from '../../../../src/runtime/bill-number';
import type { Db } from '../../../db';

/**
 * A rule's code: it travels in URLs (BillNumber/{code}) and form definitions (`__config__.rule`),
 * so letters, digits, dots, underscores and hyphens (the product's own codes: OrderNumber, bxdj).
 */
export const RULE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The businessType dictionary: the rule's category is one of its entry codes. */
export const CATEGORY_DICTIONARY = 'businessType';

export interface RuleInput {
  fullName?: string | null;
  enCode?: string | null;
  category?: string | null;
  prefix?: string | null;
  dateFormat?: string | null;
  digit?: unknown;
  startNumber?: unknown;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v !== 'object' && String(v).trim() === '');

/** The rule form (spec 5.5), in the order the form shows its fields. Returns the row values. */
export function validateRule(input: RuleInput) {
  if (blank(input.fullName)) throw refuse('billRule.nameRequired');
  const fullName = String(input.fullName).trim();
  if (fullName.length > 50) throw refuse('billRule.nameTooLong');

  if (blank(input.enCode)) throw refuse('billRule.codeRequired');
  const enCode = String(input.enCode).trim();
  if (enCode.length > 50) throw refuse('billRule.codeTooLong');
  if (!RULE_CODE_PATTERN.test(enCode)) throw refuse('billRule.codePattern');

  if (blank(input.category)) throw refuse('billRule.categoryRequired');
  const category = String(input.category).trim();

  if (blank(input.prefix)) throw refuse('billRule.prefixRequired');
  const prefix = String(input.prefix).trim();
  if (prefix.length > 50) throw refuse('billRule.prefixTooLong');
  if (/\s/.test(prefix)) throw refuse('billRule.prefixSpace');

  if (blank(input.dateFormat)) throw refuse('billRule.dateFormatRequired');
  const dateFormat = String(input.dateFormat).trim();
  if (!isBillDateFormat(dateFormat)) throw refuse('billRule.dateFormatInvalid');

  // digit: a positive integer typed in one character (spec 5.5: input length 1), so 1 to 9
  if (blank(input.digit)) throw refuse('billRule.digitRequired');
  const digitText = String(input.digit).trim();
  if (!/^[1-9]$/.test(digitText)) throw refuse('billRule.digitInvalid');
  const digit = Number(digitText);

  if (blank(input.startNumber)) throw refuse('billRule.startRequired');
  const startNumber = String(input.startNumber).trim();
  if (!/^\d+$/.test(startNumber)) throw refuse('billRule.startDigits');
  if (/^0+$/.test(startNumber)) throw refuse('billRule.startZero');
  // what is left after leading zeros must fit the digit count: the first number has `digit` places
  if (startNumber.replace(/^0+/, '').length > digit) throw refuse('billRule.startTooLong');

  const sortCode = input.sortCode ?? 0;
  if (!Number.isInteger(sortCode) || sortCode < 0 || sortCode > 999999) throw refuse('dictionary.sortRange');
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  return { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode, enabledMark, description: blank(input.description) ? null : String(input.description) };
}

/** The category must be an entry code of the businessType dictionary. */
export async function checkCategory(db: Db, category: string): Promise<void> {
  const entry = await db
    .selectFrom('baseDictionaryData as d')
    .innerJoin('baseDictionaryType as t', 't.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('t.enCode', '=', CATEGORY_DICTIONARY)
    .where('d.enCode', '=', category)
    .executeTakeFirst();
  if (!entry) throw refuse('billRule.categoryNotFound');
}
