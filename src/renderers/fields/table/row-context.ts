import { createContext } from 'react';

/** The sub-table row a cell is drawn in: a calculated column reads its dotted references from it. */
export interface SubTableRow {
  table: string;
  index: number;
  values: Record<string, unknown>;
}

export const SubTableRowContext = createContext<SubTableRow | null>(null);

/** The form store key of one cell's message: `table.rowIndex.column`, as the validator names it. */
export const cellKey = (table: string, index: number, column: string) => `${table}.${index}.${column}`;
