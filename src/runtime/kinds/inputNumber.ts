import { boundsFromProps, defineKind, numberValue } from './shared/define';
import { numberCell, numberText } from './shared/format';

/** 数字输入: a number, shown with its precision and thousands separators. */
export const inputNumber = defineKind({
  group: 'input',
  aliases: ['numInput'],
  stores: true,
  doc: { stores: 'number (min/max → minimum/maximum)', default: 'null' },
  value: numberValue,
  constrain: boundsFromProps,
  index: 'number',
  search: { mode: 'range', input: 'number' },
  format: (value, field) => numberText(value, field.props),
  exportValue: (value, field) => numberCell(value, field.props),
});
