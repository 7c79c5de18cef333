import { defineKind, maxLengthFromProps, stringValue } from './shared/define';

/** 多行输入: several lines of text. */
export const textarea = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'string (maxlength → maxLength)', default: 'null' },
  value: stringValue,
  constrain: maxLengthFromProps,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
});
