import { defineKind, maxLengthFromProps, stringValue } from './shared/define';

/** 下拉补全: text with suggestions from a data interface. */
export const autoComplete = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string', default: '""' },
  value: stringValue,
  defaultValue: () => '',
  constrain: maxLengthFromProps,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
});
