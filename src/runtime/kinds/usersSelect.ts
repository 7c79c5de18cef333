import { pickerKind } from './shared/families';

/** 用户组件: users chosen through organisations, roles, positions or groups. */
export const usersSelect = pickerKind('user');
