import { calculate } from './calculate';
import type { CompiledField, CompiledModel } from './model/compiled';

/**
 * The stored calculated values of a record, recomputed from the record itself: what the server
 * stores on save (never the client's number) and what a detail or list shows for a calculated
 * field that is not stored. Calculated columns of sub-table rows come first, then the form's
 * own calculated fields; both again while a value changes, so a total over a calculated column
 * or a calculation over another calculation settles (bounded by the number of calculations).
 */
export function recomputeCalculations(model: CompiledModel, data: Record<string, unknown>, options: { all?: boolean } = {}): Record<string, unknown> {
  const wanted = (f: CompiledField) => f.kind === 'calculate' && (options.all || f.stores);
  const fields = Object.values(model.form.fields);
  const top = fields.filter(wanted);
  const tables = fields
    .filter((f) => f.kind === 'table' && f.stores)
    .map((table) => ({ table, calcs: (table.columns ?? []).filter(wanted) }))
    .filter((t) => t.calcs.length);
  if (!top.length && !tables.length) return data;
  const out = { ...data };
  for (const { table } of tables) if (Array.isArray(out[table.key])) out[table.key] = (out[table.key] as unknown[]).map((r) => (r && typeof r === 'object' ? { ...(r as object) } : r));
  const rounds = top.length + tables.reduce((n, t) => n + t.calcs.length, 0) + 1;
  for (let round = 0; round < rounds; round++) {
    let changed = false;
    for (const { table, calcs } of tables) {
      const rows = out[table.key];
      if (!Array.isArray(rows)) continue;
      for (const row of rows) {
        if (!row || typeof row !== 'object') continue;
        const values = row as Record<string, unknown>;
        for (const calc of calcs) {
          const next = calculate(calc.props.expression, { record: out, row: { table: table.key, values } });
          if (values[calc.key] !== next) {
            values[calc.key] = next;
            changed = true;
          }
        }
      }
    }
    for (const calc of top) {
      const next = calculate(calc.props.expression, { record: out });
      if (out[calc.key] !== next) {
        out[calc.key] = next;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return out;
}
