import { arrayValue, boundsFromProps, defineKind, numberValue } from './shared/define';
import { listOf, numberText } from './shared/format';

/** 滑块: a number, or [from, to] with range. */
export const slider = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'number; array when range', default: '0 ([] range)' },
  value: (p) => (p.range === true ? arrayValue({ type: 'number' }) : numberValue()),
  defaultValue: (p) => (p.range === true ? [] : 0),
  constrain: (schema, field) => {
    if (field.props.range !== true) boundsFromProps(schema, field);
  },
  index: 'number',
  search: { mode: 'range', input: 'number' },
  format: (value, field) => listOf(value).map((v) => numberText(v, field.props)).join(' ~ '),
});
