import { arrayValue, defineKind } from './shared/define';
import { dateText, listOf } from './shared/format';

/** 日期范围: [from, to] as epoch milliseconds. */
export const dateRange = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'array [from, to] of epoch ms', default: '[]' },
  value: () => arrayValue(),
  defaultValue: () => [],
  search: { mode: 'equals', input: 'date' },
  relatable: false,
  format: (value, field) => listOf(value).map((v) => dateText(v, field.props.format)).filter(Boolean).join(' ~ '),
});
