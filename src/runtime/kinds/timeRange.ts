import { arrayValue, defineKind } from './shared/define';
import { listOf, plainText } from './shared/format';

/** 时间范围: ['HH:mm:ss', 'HH:mm:ss']. */
export const timeRange = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'array [from, to] of times', default: '[]' },
  value: () => arrayValue(),
  defaultValue: () => [],
  search: { mode: 'equals', input: 'time' },
  relatable: false,
  format: (value) => listOf(value).map(plainText).filter(Boolean).join(' ~ '),
});
