import type { PrintRecord } from '../../../runtime/print-template';
import type { PrintField, PrintTable } from './api';

const NUMBERS = new Set(['inputNumber', 'calculate', 'rate', 'slider']);
const DATES = new Set(['datePicker', 'createTime', 'modifyTime']);

/** A sample value of a field's kind: numbers and dates look like them, anything else shows its label. */
function sampleOf(field: PrintField, row = 0): string {
  if (NUMBERS.has(field.kind)) return String(100 + row);
  if (DATES.has(field.kind)) return '2026-01-01';
  if (field.kind === 'timePicker') return '09:00';
  return row ? `${field.label} ${row + 1}` : field.label;
}

/** A made-up record for the preview when the model has no record the user may read: two rows per sub-table. */
export function sampleRecordOf(fields: PrintField[], tables: PrintTable[]): PrintRecord {
  return {
    fields: Object.fromEntries(fields.map((f) => [f.field, sampleOf(f)])),
    tables: Object.fromEntries(tables.map((t) => [t.table, [0, 1].map((row) => Object.fromEntries(t.columns.map((c) => [c.field, sampleOf(c, row)])))])),
  };
}
