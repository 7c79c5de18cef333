import type { CompiledField } from '../../../runtime/model/compiled';

/** Width of the 序号 column and of the 操作 column (the CSS of table.tsx says the same). */
const INDEX_WIDTH = 50;
const ACTIONS_WIDTH = 44;
/**
 * The narrowest a cell without its own width may be: a select with its clear button and the
 * dictionary add button beside it still leaves room to click and read. Below this the table
 * scrolls sideways instead of squeezing its cells (8 columns in a 600 px dialog made cells ~40 px,
 * and a dictionary cell's input disappeared under its add button).
 */
export const MIN_CELL_WIDTH = 140;

/** A column's own width in px (columnWidth: 120 or '120px'); null for percentages, 'auto' or none. */
function ownWidth(column: CompiledField): number | null {
  const raw = column.props.columnWidth;
  if (typeof raw === 'number' && raw > 0) return raw;
  const m = typeof raw === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(raw) : null;
  return m ? Number(m[1]) : null;
}

/** The sub-table's minimum width in px: below it the table scrolls sideways (.scp-subtable-scroll). */
export function subTableMinWidth(columns: readonly CompiledField[], locked: boolean): number {
  return INDEX_WIDTH + (locked ? 0 : ACTIONS_WIDTH) + columns.reduce((sum, c) => sum + (ownWidth(c) ?? MIN_CELL_WIDTH), 0);
}
