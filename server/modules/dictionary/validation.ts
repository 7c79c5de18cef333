import type { MessageKey } from '../../../src/runtime/i18n';
import { refuse } from '../../http/errors';
import { translationsColumn } from '../../http/translations';

/** Code: letters, digits and dots, no dot at the start or end (spec 5.1). */
export const CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/;
/** Full name: Chinese characters, letters and digits only (spec 5.1). */
export const FULL_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]+$/;

export interface TypeInput {
  parentId?: string | null;
  fullName?: string | null;
  /** The name in other languages; absent on an update = unchanged. */
  fullName_i18n?: unknown;
  enCode?: string | null;
  isTree?: number | null;
  sortCode?: number | null;
  description?: string | null;
}

export interface EntryInput {
  dictionaryTypeId?: string | null;
  parentId?: string | null;
  fullName?: string | null;
  fullName_i18n?: unknown;
  enCode?: string | null;
  enabledMark?: number | null;
  sortCode?: number | null;
  description?: string | null;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** The translations column when the form sends translations (an update without them keeps the stored ones). */
const translationsIn = (input: { fullName_i18n?: unknown }) => (input.fullName_i18n === undefined ? {} : { fullNameI18n: translationsColumn(input.fullName_i18n) });

export function checkSort(sort: number | null | undefined): number {
  if (sort === undefined || sort === null) return 0;
  if (!Number.isInteger(sort) || sort < 0 || sort > 999999) throw refuse('dictionary.sortRange');
  return sort;
}

function checkCode(code: string | null | undefined, tooLong: MessageKey): string {
  if (blank(code)) throw refuse('dictionary.codeRequired');
  const value = code!.trim();
  if (value.length > 50) throw refuse(tooLong);
  if (!CODE_PATTERN.test(value)) throw refuse('dictionary.codePattern');
  return value;
}

/** Dictionary category form (spec 5.3), in the order the form shows its fields. */
export function validateType(input: TypeInput) {
  if (blank(input.parentId)) throw refuse('dictionary.parentRequired');
  if (blank(input.fullName)) throw refuse('dictionary.nameRequired');
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse('dictionary.nameTooLong');
  if (!FULL_NAME_PATTERN.test(fullName)) throw refuse('dictionary.nameSpecial');
  const enCode = checkCode(input.enCode, 'dictionary.codeTooLong');
  const sortCode = checkSort(input.sortCode);
  return {
    parentId: input.parentId!.trim(),
    fullName,
    ...translationsIn(input),
    enCode,
    isTree: input.isTree === 1 ? 1 : 0,
    sortCode,
    description: blank(input.description) ? null : input.description!,
  };
}

/** Dictionary entry form (spec 5.4). */
export function validateEntry(input: EntryInput) {
  if (blank(input.dictionaryTypeId)) throw refuse('dictionary.typeNotFound');
  if (blank(input.parentId)) throw refuse('dictionary.entryParentRequired');
  if (blank(input.fullName)) throw refuse('dictionary.nameRequired');
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse('dictionary.entryNameTooLong');
  const enCode = checkCode(input.enCode, 'dictionary.entryCodeTooLong');
  const sortCode = checkSort(input.sortCode);
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  const dictionaryTypeId = input.dictionaryTypeId!.trim();
  let parentId = input.parentId!.trim();
  // The entry parent selector's top node is the category itself: that means "no parent".
  if (parentId === dictionaryTypeId || parentId === '-1') parentId = '0';
  return { dictionaryTypeId, parentId, fullName, ...translationsIn(input), enCode, sortCode, enabledMark, description: blank(input.description) ? null : input.description! };
}
