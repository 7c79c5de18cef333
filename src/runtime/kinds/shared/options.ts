import type { OptionItem } from '../../model/compiled';

/** Every value of a static option list, depth first (for enum checks). */
export function optionValues(options: readonly OptionItem[]): (string | number)[] {
  return options.flatMap((o) => [o.value, ...(o.children ? optionValues(o.children) : [])]);
}

/** Rows (dictionary entries, interface rows) to options, reading the source's label/value/children keys. */
export function rowsToOptions(rows: readonly Record<string, unknown>[], labelKey: string, valueKey: string, childrenKey: string): OptionItem[] {
  return rows.map((row) => {
    const children = row[childrenKey];
    const label = row[labelKey] ?? row.fullName ?? row.label;
    const value = row[valueKey] ?? row.id ?? row.value;
    const item: OptionItem = { label: String(label ?? ''), value: typeof value === 'number' ? value : String(value ?? '') };
    if (Array.isArray(children) && children.length) item.children = rowsToOptions(children as Record<string, unknown>[], labelKey, valueKey, childrenKey);
    return item;
  });
}
