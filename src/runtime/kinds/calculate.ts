import { defineKind, numberValue } from './shared/define';
import { numberCell, numberText } from './shared/format';

const withPrecision = (props: Record<string, unknown>) => ({ ...props, precision: typeof props.precision === 'number' ? props.precision : 2 });

/** 计算公式: a number calculated from other fields, rounded to 2 decimals. */
export const calculate = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'number', default: 'null' },
  value: numberValue,
  index: 'number',
  search: { mode: 'range', input: 'number' },
  format: (value, field) => numberText(value, withPrecision(field.props)),
  exportValue: (value, field) => numberCell(value, withPrecision(field.props)),
});
