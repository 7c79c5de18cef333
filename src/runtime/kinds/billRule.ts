import { defineKind, stringValue } from './shared/define';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * 单据组件: a serial number from a numbering rule (prefix + date + running number), named by the
 * designer's `__config__.rule` (the rule's code). The server stores the rule's next number when a
 * record is created; the user never types it (read-only). A field with `preview` (the rule
 * form's example: `{ prefix, dateFormat, digit, startNumber }` naming sibling fields) draws no
 * number: it shows the number a rule with those values would start with.
 */
export const billRule = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string (the serial number)', default: 'null' },
  value: stringValue,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
  // the server fills it on create: the user neither types it nor can be asked for it
  compile(field) {
    field.readonly = true;
    field.required = false;
  },
  serialRule: (field) => (field.props.preview ? null : text(field.props.rule)),
});
