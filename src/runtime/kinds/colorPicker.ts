import { defineKind, stringValue } from './shared/define';

/** 颜色选择: a CSS colour text (#rrggbb, rgb(), rgba()). */
export const colorPicker = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'string (colour)', default: 'null' },
  value: stringValue,
});
