import { blank, type NamedMessages, validateNamed } from '../../permission/entity-form';

export interface AreaInput {
  parentId?: string | null;
  fullName?: string | null;
  enCode?: string | null;
  quickQuery?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const AREA_WORDING: NamedMessages = { nameRequired: 'area.nameRequired', nameTooLong: 'area.nameTooLong', codeRequired: 'area.codeRequired', codeTooLong: 'area.codeTooLong' };

/** The area form: name and code required (50 characters at most), sort 0–999999, status 1/0. */
export function validateArea(input: AreaInput) {
  const { fullName, enCode, sortCode, enabledMark, description } = validateNamed(input, AREA_WORDING);
  const quickQuery = blank(input.quickQuery) ? null : input.quickQuery!.trim().slice(0, 100);
  return {
    parentId: blank(input.parentId) || input.parentId === '0' ? '-1' : input.parentId!.trim(),
    fullName, enCode, quickQuery, sortCode, enabledMark, description,
  };
}
