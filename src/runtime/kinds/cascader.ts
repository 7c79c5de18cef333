import { arrayValue } from './shared/define';
import { optionKind } from './shared/families';

/** 级联选择: the path of values down an option tree (a list of paths when multiple). */
export const cascader = optionKind({ doc: { stores: 'array (path)', default: '[]' }, value: () => arrayValue(), defaultValue: () => [] }, 'none', true);
