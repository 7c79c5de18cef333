import type { CSSProperties } from 'react';
import { kindOf } from '../../runtime/kinds';
import type { CompiledColumn, CompiledModel } from '../../runtime/model/compiled';

/** 序号: wide enough for four digits, never wrapped. */
export const INDEX_STYLE: CSSProperties = { width: 60, whiteSpace: 'nowrap' };

/** 操作: as narrow as its buttons (width 1% shrinks a table column to its content), never wrapped. */
export const ACTIONS_STYLE: CSSProperties = { width: '1%', whiteSpace: 'nowrap' };

/**
 * Whether a column's cells stay on one line: dates and times read as one unit
 * (2026-11-23 10:30:15 must not break after the date). The kind's definition says what its
 * values are: a kind the list searches as a date or time range formats as a date or time.
 */
export function keepsOneLine(model: CompiledModel, column: CompiledColumn): boolean {
  const kind = model.form.fields[column.prop]?.kind ?? column.kind;
  const input = kind ? kindOf(kind).search?.input : undefined;
  return input === 'date' || input === 'time';
}

/** Style of a data cell: the column's alignment, one line for dates and times. */
export function cellStyle(model: CompiledModel, column: CompiledColumn): CSSProperties {
  return { textAlign: column.align, whiteSpace: keepsOneLine(model, column) ? 'nowrap' : undefined };
}
