import { refuse } from '../../../http/errors';
import { checkSort, CODE_PATTERN } from '../../dictionary/validation';

export interface RoleInput {
  fullName?: string | null;
  enCode?: string | null;
  type?: string | null;
  globalMark?: number | null;
  organizeIds?: string[] | null;
  organizeIdsTree?: string[][] | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** The role form; an organisation role needs at least one organisation, a global role has none. */
export function validateRole(input: RoleInput) {
  if (blank(input.fullName)) throw refuse('role.nameRequired');
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse('role.nameTooLong');
  if (blank(input.enCode)) throw refuse('role.codeRequired');
  const enCode = input.enCode!.trim();
  if (enCode.length > 50) throw refuse('role.codeTooLong');
  if (!CODE_PATTERN.test(enCode)) throw refuse('dictionary.codePattern');
  const globalMark = input.globalMark ?? 1;
  if (globalMark !== 0 && globalMark !== 1) throw refuse('role.globalMarkInvalid');
  const fromTree = (input.organizeIdsTree ?? []).map((path) => path[path.length - 1]).filter((id): id is string => Boolean(id));
  const organizeIds = globalMark === 1 ? [] : [...new Set([...(input.organizeIds ?? []), ...fromTree].map((id) => id.trim()).filter(Boolean))];
  if (globalMark === 0 && organizeIds.length === 0) throw refuse('role.organizeRequired');
  const sortCode = checkSort(input.sortCode);
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  return {
    role: { fullName, enCode, type: blank(input.type) ? null : input.type!.trim(), globalMark, sortCode, enabledMark, description: blank(input.description) ? null : input.description! },
    organizeIds,
  };
}
