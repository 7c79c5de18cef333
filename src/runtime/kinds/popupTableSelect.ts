import { pickValue } from './shared/define';
import { textKind } from './shared/families';

/** 下拉表格: a row of a data interface chosen from a table in a dropdown. */
export const popupTableSelect = textKind({ value: pickValue, defaultValue: '', doc: 'id; array when multiple' });
