import { defineKind, scalarValue } from './shared/define';
import { dateText } from './shared/format';

/** 日期选择: stored as epoch milliseconds (value-format timestamp); formatted text is accepted too. */
export const datePicker = defineKind({
  group: 'input',
  aliases: ['date'],
  stores: true,
  doc: { stores: 'epoch ms or text', default: 'null' },
  value: scalarValue,
  index: 'number',
  search: { mode: 'range', input: 'date' },
  format: (value, field) => dateText(value, field.props.format),
});
