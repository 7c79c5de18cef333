import { checkExpression } from '../calculate-rule';
import { defineKind, numberValue } from './shared/define';
import { numberCell, numberText } from './shared/format';

const withPrecision = (props: Record<string, unknown>) => ({ ...props, precision: typeof props.precision === 'number' ? props.precision : 2 });

/** isStorage (v3 __config__, v5 props): 0 / false keeps the result on screen only; absent or 1 stores it. */
export const calculationStored = (props: Record<string, unknown>) => !(props.isStorage === 0 || props.isStorage === false || props.isStorage === '0');

/**
 * 计算公式: a number calculated from other fields and sub-table columns (src/runtime/calculate.ts),
 * rounded to 2 decimals. A stored result is recomputed by the server on save; the client's
 * number is never taken.
 */
export const calculate = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'number (isStorage 0: —), recomputed on save', default: 'null' },
  value: numberValue,
  index: 'number',
  search: { mode: 'range', input: 'number' },
  compile: (field, _config, path, tools) => {
    if (!calculationStored(field.props)) field.stores = false;
    const compiled = checkExpression(field.props.expression);
    // no expression yet calculates nothing (a field just placed in the designer); a written one must pass
    if (!compiled.ok && compiled.reason !== 'empty') tools.error(`${path}.expression`, 'calc.invalidExpression', { label: field.label || field.key, reason: compiled.reason });
  },
  format: (value, field) => numberText(value, withPrecision(field.props)),
  exportValue: (value, field) => numberCell(value, withPrecision(field.props)),
});
