import { scalarValue } from './shared/define';
import { textKind } from './shared/families';

/** 数据字典 (version 3.1 dicSelect): a dictionary category chosen from the category tree. */
export const dicSelect = textKind({ value: scalarValue, defaultValue: null, doc: 'dictionary category id' });
