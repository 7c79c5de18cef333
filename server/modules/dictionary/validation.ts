import { categoryFormProblems, entryFormProblems, sortProblem } from '../../../src/runtime/validation/dictionary-forms';
import { SHARED_PATTERNS } from '../../../src/runtime/validation/patterns';
import { refuse } from '../../http/errors';
import { translationsColumn } from '../../http/translations';

/** Code: letters, digits and dots, no dot at the start or end (spec 5.1; the runtime's shared pattern). */
export const CODE_PATTERN = new RegExp(SHARED_PATTERNS.code.pattern);
/** Full name: Chinese characters, letters and digits only (spec 5.1; the runtime's shared pattern). */
export const FULL_NAME_PATTERN = new RegExp(SHARED_PATTERNS.fullName.pattern);

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
  const problem = sortProblem(sort);
  if (problem) throw refuse(problem);
  return sort ?? 0;
}

/** Dictionary category form (spec 5.3): the rules the screen shows (src/runtime/validation/dictionary-forms.ts), the first one failed refused. */
export function validateType(input: TypeInput) {
  const problem = categoryFormProblems(input)[0];
  if (problem) throw refuse(problem.key);
  return {
    parentId: input.parentId!.trim(),
    fullName: input.fullName!.trim(),
    ...translationsIn(input),
    enCode: input.enCode!.trim(),
    isTree: input.isTree === 1 ? 1 : 0,
    sortCode: input.sortCode ?? 0,
    description: blank(input.description) ? null : input.description!,
  };
}

/** Dictionary entry form (spec 5.4), with the same shared rules. */
export function validateEntry(input: EntryInput) {
  if (blank(input.dictionaryTypeId)) throw refuse('dictionary.typeNotFound');
  const problem = entryFormProblems(input)[0];
  if (problem) throw refuse(problem.key);
  const dictionaryTypeId = input.dictionaryTypeId!.trim();
  let parentId = input.parentId!.trim();
  // The entry parent selector's top node is the category itself: that means "no parent".
  if (parentId === dictionaryTypeId || parentId === '-1') parentId = '0';
  return {
    dictionaryTypeId, parentId, fullName: input.fullName!.trim(), ...translationsIn(input), enCode: input.enCode!.trim(),
    sortCode: input.sortCode ?? 0, enabledMark: input.enabledMark ?? 1, description: blank(input.description) ? null : input.description!,
  };
}
