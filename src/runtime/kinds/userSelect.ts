import { pickerKind } from './shared/families';

/** 用户选择: a user, or several. */
export const userSelect = pickerKind('user');
