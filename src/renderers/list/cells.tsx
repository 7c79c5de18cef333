import type { CompiledColumn, CompiledField, CompiledModel } from '../../runtime/model/compiled';
import { plainText } from '../../runtime/kinds';
import { UnknownKind } from '../fields/shared/unknown';
import { lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';

/** The compiled field behind a column (its form field), or a plain stand-in. */
export function columnField(model: CompiledModel, column: CompiledColumn): CompiledField | null {
  return model.form.fields[column.prop] ?? null;
}

/** One list cell through the registry: the column's kind's Cell, or the value as text. */
export function ListCell({ model, column, row, registry }: { model: CompiledModel; column: CompiledColumn; row: Record<string, unknown>; registry: FieldRegistry }) {
  const value = row[column.prop];
  const field = columnField(model, column);
  const kind = field?.kind ?? column.kind;
  if (!kind || !field) return <span>{plainText(value)}</span>;
  const renderer = lookupRenderer(registry, kind);
  if (!renderer) return <UnknownKind kind={kind} />;
  return <renderer.Cell field={field} value={value} record={row} />;
}
