import { pickerRenderer } from './shared/pickers/Picker';
import { userLeft } from './shared/pickers/UserLeft';
import { approverVariant, prefetchUsers } from './userSelect';

/**
 * 用户组件: users, and in multiple mode also companies, departments, roles, positions and groups
 * (widgets spec 5); each stored as 'id--type' (widgets spec 3), so a chosen department is kept apart
 * from a user with the same id.
 */
export const usersSelectRenderer = pickerRenderer<'usersSelect'>({ titleKey: 'pickers.title.user', Left: userLeft(true), prefetch: prefetchUsers, ...approverVariant });
