import type { Db } from '../../../db';
import type { CompiledField, CompiledModel } from '../../../../src/runtime/model/compiled';
import type { Locale } from '../../../../src/runtime/i18n';
import { kindOf } from '../../../../src/runtime/kinds';
import type { PrintRecord } from '../../../../src/runtime/print-template';
import { formatContextFor } from '../../visualdev/record-format';

/** A field a template may name: main-form fields, and sub-tables with their columns. */
export interface PrintField { field: string; label: string; kind: string }
export interface PrintTable { table: string; label: string; columns: PrintField[] }

const printable = (f: CompiledField) => f.stores && f.kind !== 'table';
const fieldOf = (f: CompiledField): PrintField => ({ field: f.key, label: f.label, kind: f.kind });

/** The placeholders a model offers (POST Fields): its stored fields and each sub-table's columns. */
export function printFieldsOf(model: CompiledModel): { fields: PrintField[]; tables: PrintTable[] } {
  const all = Object.values(model.form.fields);
  return {
    fields: all.filter(printable).map(fieldOf),
    tables: all.filter((f) => f.kind === 'table').map((t) => ({ table: t.key, label: t.label, columns: (t.columns ?? []).filter(printable).map(fieldOf) })),
  };
}

/** The sub-table as a model of its own columns, so the record formatting loads their options and names. */
const tableModel = (model: CompiledModel, table: CompiledField): CompiledModel => ({
  ...model, form: { ...model.form, fields: Object.fromEntries((table.columns ?? []).map((c) => [c.key, c])) },
});

const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r)) : [];

/**
 * A record as printed: each value as people read it (option labels, user and organisation names,
 * dates in the caller's language), through the same kind formatters as the record pages.
 */
export async function printRecordOf(db: Db, model: CompiledModel, data: Record<string, unknown>, locale: Locale): Promise<PrintRecord> {
  const ctx = await formatContextFor(db, model, [data], locale);
  const fields: Record<string, string> = {};
  const tables: Record<string, Record<string, string>[]> = {};
  for (const f of Object.values(model.form.fields)) {
    if (!f.stores) continue;
    if (f.kind !== 'table') {
      fields[f.key] = String(kindOf(f.kind).format(data[f.key], f, ctx) ?? '');
      continue;
    }
    const rows = rowsOf(data[f.key]);
    const sub = tableModel(model, f);
    const subCtx = await formatContextFor(db, sub, rows, locale);
    tables[f.key] = rows.map((row) => Object.fromEntries((f.columns ?? []).filter(printable).map((c) => [c.key, String(kindOf(c.kind).format(row[c.key], c, subCtx) ?? '')])));
  }
  return { fields, tables };
}
