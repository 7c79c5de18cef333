import { refuse } from '../../../http/errors';
import { blank, type NamedMessages, validateNamed } from '../entity-form';

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

const ROLE_WORDING: NamedMessages = { nameRequired: 'role.nameRequired', nameTooLong: 'role.nameTooLong', codeRequired: 'role.codeRequired', codeTooLong: 'role.codeTooLong' };

/** The role form; an organisation role needs at least one organisation, a global role has none. */
export function validateRole(input: RoleInput) {
  const { fullName, enCode, sortCode, enabledMark, description } = validateNamed(input, ROLE_WORDING);
  const globalMark = input.globalMark ?? 1;
  if (globalMark !== 0 && globalMark !== 1) throw refuse('role.globalMarkInvalid');
  const fromTree = (input.organizeIdsTree ?? []).map((path) => path[path.length - 1]).filter((id): id is string => Boolean(id));
  const organizeIds = globalMark === 1 ? [] : [...new Set([...(input.organizeIds ?? []), ...fromTree].map((id) => id.trim()).filter(Boolean))];
  if (globalMark === 0 && organizeIds.length === 0) throw refuse('role.organizeRequired');
  return {
    role: { fullName, enCode, type: blank(input.type) ? null : input.type!.trim(), globalMark, sortCode, enabledMark, description },
    organizeIds,
  };
}
