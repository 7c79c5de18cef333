import { isMultiple, pickValue } from './shared/define';
import { optionKind } from './shared/families';

/** 下拉选择: one option value, or a list when multiple. */
export const select = optionKind(
  { doc: { stores: 'string or number; array when multiple (static options → enum)', default: '"" ([] multiple)' }, value: pickValue, defaultValue: (p) => (isMultiple(p) ? [] : '') },
  'byMultiple',
);
