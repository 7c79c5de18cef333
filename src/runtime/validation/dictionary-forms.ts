import type { MessageKey } from '../i18n';
import { matchesShared } from './patterns';

/**
 * The rules of the dictionary category and entry forms (spec 5.3, 5.4), written once: the
 * dictionary screen shows them under each field as the user types, and the server
 * (server/modules/dictionary/validation.ts) refuses a save with the first of them, so both
 * say the same words. Each field gets at most one problem, the first rule it fails, in the
 * order the form shows its fields.
 */

export const DICTIONARY_TEXT_MAX = 50;
export const DICTIONARY_SORT_MAX = 999999;

export interface FormProblem<F extends string> {
  field: F;
  key: MessageKey;
}

export interface CategoryFormValues {
  parentId?: string | null;
  fullName?: string | null;
  enCode?: string | null;
  sortCode?: number | null;
}

export interface EntryFormValues {
  parentId?: string | null;
  fullName?: string | null;
  enCode?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
}

export type CategoryField = 'parentId' | 'fullName' | 'enCode' | 'sortCode';
export type EntryField = 'parentId' | 'fullName' | 'enCode' | 'sortCode' | 'enabledMark';

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** Sort 0–999999, whole numbers; empty means 0. */
export function sortProblem(sort: number | null | undefined): MessageKey | null {
  if (sort === undefined || sort === null) return null;
  return Number.isInteger(sort) && sort >= 0 && sort <= DICTIONARY_SORT_MAX ? null : 'dictionary.sortRange';
}

/** Code: required, at most 50, letters, digits and dots without a dot at either end (spec 5.1). */
function codeProblem(code: string | null | undefined, tooLong: MessageKey): MessageKey | null {
  if (blank(code)) return 'dictionary.codeRequired';
  const value = code!.trim();
  if (value.length > DICTIONARY_TEXT_MAX) return tooLong;
  return matchesShared('code', value) ? null : 'dictionary.codePattern';
}

function collect<F extends string>(checks: [F, MessageKey | null][]): FormProblem<F>[] {
  return checks.filter((c): c is [F, MessageKey] => c[1] !== null).map(([field, key]) => ({ field, key }));
}

/** Category form (spec 5.3): parent, name (no special characters), code, sort. */
export function categoryFormProblems(input: CategoryFormValues): FormProblem<CategoryField>[] {
  const name = input.fullName?.trim() ?? '';
  const nameKey: MessageKey | null = !name
    ? 'dictionary.nameRequired'
    : name.length > DICTIONARY_TEXT_MAX
      ? 'dictionary.nameTooLong'
      : matchesShared('fullName', name)
        ? null
        : 'dictionary.nameSpecial';
  return collect<CategoryField>([
    ['parentId', blank(input.parentId) ? 'dictionary.parentRequired' : null],
    ['fullName', nameKey],
    ['enCode', codeProblem(input.enCode, 'dictionary.codeTooLong')],
    ['sortCode', sortProblem(input.sortCode)],
  ]);
}

/** Entry form (spec 5.4): parent ('请选择'), name, code, sort, status 1 or 0. */
export function entryFormProblems(input: EntryFormValues): FormProblem<EntryField>[] {
  const name = input.fullName?.trim() ?? '';
  const status = input.enabledMark ?? 1;
  return collect<EntryField>([
    ['parentId', blank(input.parentId) ? 'dictionary.entryParentRequired' : null],
    ['fullName', !name ? 'dictionary.nameRequired' : name.length > DICTIONARY_TEXT_MAX ? 'dictionary.entryNameTooLong' : null],
    ['enCode', codeProblem(input.enCode, 'dictionary.entryCodeTooLong')],
    ['sortCode', sortProblem(input.sortCode)],
    ['enabledMark', status === 0 || status === 1 ? null : 'dictionary.statusInvalid'],
  ]);
}
