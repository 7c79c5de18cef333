import { isMultiple, pickValue } from './shared/define';
import { optionKind } from './shared/families';

/** 下拉树形: one node of an option tree, or a list when multiple. */
export const treeSelect = optionKind({ doc: { stores: 'id; array when multiple', default: 'null ([] multiple)' }, value: pickValue, defaultValue: (p) => (isMultiple(p) ? [] : null) }, 'none');
