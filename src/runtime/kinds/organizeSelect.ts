import { arrayValue } from './shared/define';
import { pickerKind } from './shared/families';

/** 组织选择: organisation paths (each a list of ids from the top), shown as names joined by '/'. */
export const organizeSelect = pickerKind('organize', { aliases: ['comSelect'], value: () => arrayValue(), defaultValue: [], doc: 'array (an id path; a list of paths when multiple)', paths: true });
