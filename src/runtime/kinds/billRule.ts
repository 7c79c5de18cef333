import { defineKind, stringValue } from './shared/define';

/** 单据组件: a serial number from a numbering rule (prefix + date + running number). */
export const billRule = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string (the serial number)', default: 'null' },
  value: stringValue,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
});
