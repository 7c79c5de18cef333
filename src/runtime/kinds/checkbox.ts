import { arrayValue } from './shared/define';
import { optionKind } from './shared/families';

/** 多选框组: a list of option values. */
export const checkbox = optionKind({ doc: { stores: 'array (static options → items enum)', default: '[]' }, value: () => arrayValue(), defaultValue: () => [] }, 'items');
