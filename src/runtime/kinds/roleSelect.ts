import { pickerKind } from './shared/families';

/** 角色选择: a role, or several. */
export const roleSelect = pickerKind('role');
