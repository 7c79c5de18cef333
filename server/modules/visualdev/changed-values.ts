import type { CompiledField, CompiledModel } from '../../../src/runtime/model/compiled';

/** One stored value of a record being saved that is new or differs from what the record held. */
export interface ChangedValue {
  field: CompiledField;
  value: unknown;
  /** Where a refusal is shown: `field`, or `table.row.column` inside a sub-table. */
  path: string;
  /** Another field's value as this one sees it: its own sub-table row first, else the main form. */
  sibling(key: string): unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The storing values of a save that reference something (popup rows, related records, pickers)
 * and must be checked: only new or changed ones, so a record holding a value that later left the
 * caller's view can still be saved unchanged. A sub-table cell counts as unchanged when some row
 * stored before held the same value in that column (rows may be reordered).
 */
export function changedValues(model: CompiledModel, data: Record<string, unknown>, stored: Record<string, unknown> | null): ChangedValue[] {
  const out: ChangedValue[] = [];
  for (const field of Object.values(model.form.fields)) {
    if (field.columns?.length && Array.isArray(data[field.key])) {
      const before = Array.isArray(stored?.[field.key]) ? (stored![field.key] as unknown[]) : [];
      for (const [index, row] of (data[field.key] as unknown[]).entries()) {
        if (!row || typeof row !== 'object') continue;
        const r = row as Record<string, unknown>;
        for (const column of field.columns) {
          if (!column.stores || before.some((b) => b && typeof b === 'object' && same((b as Record<string, unknown>)[column.key], r[column.key]))) continue;
          out.push({ field: column, value: r[column.key], path: `${field.key}.${index}.${column.key}`, sibling: (key) => (key in r ? r[key] : data[key]) });
        }
      }
    } else if (field.stores && !(stored !== null && same(stored[field.key], data[field.key]))) {
      out.push({ field, value: data[field.key], path: field.key, sibling: (key) => data[key] });
    }
  }
  return out;
}
