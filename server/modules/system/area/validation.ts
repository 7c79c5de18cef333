import { refuse } from '../../../http/errors';
import { checkSort, CODE_PATTERN } from '../../dictionary/validation';

export interface AreaInput {
  parentId?: string | null;
  fullName?: string | null;
  enCode?: string | null;
  quickQuery?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** The area form: name and code required (50 characters at most), sort 0–999999, status 1/0. */
export function validateArea(input: AreaInput) {
  if (blank(input.fullName)) throw refuse('area.nameRequired');
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse('area.nameTooLong');
  if (blank(input.enCode)) throw refuse('area.codeRequired');
  const enCode = input.enCode!.trim();
  if (enCode.length > 50) throw refuse('area.codeTooLong');
  if (!CODE_PATTERN.test(enCode)) throw refuse('dictionary.codePattern');
  const sortCode = checkSort(input.sortCode);
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  const quickQuery = blank(input.quickQuery) ? null : input.quickQuery!.trim().slice(0, 100);
  return {
    parentId: blank(input.parentId) || input.parentId === '0' ? '-1' : input.parentId!.trim(),
    fullName, enCode, quickQuery, sortCode, enabledMark,
    description: blank(input.description) ? null : input.description!,
  };
}
