import { defineKind, stringValue } from './shared/define';

/** 时间选择: stored as 'HH:mm:ss' (or 'HH:mm') text, 24-hour. */
export const timePicker = defineKind({
  group: 'input',
  aliases: ['time'],
  stores: true,
  doc: { stores: "string 'HH:mm:ss'", default: 'null' },
  value: stringValue,
  search: { mode: 'range', input: 'time' },
});
