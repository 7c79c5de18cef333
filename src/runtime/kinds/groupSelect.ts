import { pickerKind } from './shared/families';

/** 分组选择: a permission group, or several. */
export const groupSelect = pickerKind('group', { defaultValue: '' });
