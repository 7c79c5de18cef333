import { defineKind, maxLengthFromProps, stringValue } from './shared/define';

/** 单行输入: one line of text. */
export const input = defineKind({
  group: 'input',
  aliases: ['comInput'],
  stores: true,
  doc: { stores: 'string (maxlength → maxLength)', default: 'null' },
  value: stringValue,
  constrain: maxLengthFromProps,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
});
