import { kindOf } from '../kinds';
import type { CompiledField, CompiledModel } from '../model/compiled';

/**
 * The spreadsheet layout of a model's bulk import (spec widgets 2.8, 7): which fields a row
 * carries, the two header rows of the template (a sub-table's label over its columns), and how
 * the rows of a sheet become records with child rows. Pure: shared by the server's template,
 * parser and failed-rows export, and by the browser's preview.
 */

/** How a cell's text becomes a stored value, read from the kind's definition (never a list of kinds). */
export type CellReading = 'text' | 'number' | 'date' | 'choices' | 'options' | 'refs' | 'rows';

export interface ImportColumn {
  key: string;
  label: string;
  required: boolean;
  reading: CellReading;
  /** A sub-table: its importable columns, written under its label. */
  children?: ImportColumn[];
}

/** The cell reading of a field, or null when a spreadsheet cannot carry its value (files, images, objects). */
export function cellReading(field: CompiledField): CellReading | null {
  if (!field.stores || field.system) return null;
  if (field.columns) return 'rows';
  const kind = kindOf(field.kind);
  if (kind.serialRule(field)) return null; // the server draws the number
  if (kind.refs) return 'refs';
  if (kind.options) return 'options';
  if (kind.choices(field, 'zh-CN')) return 'choices';
  if (kind.search?.input === 'date') return 'date';
  const schema = kind.value(field.props) as { type?: string | string[]; items?: { type?: string } } | null;
  if (!schema) return null;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array') && schema.items?.type === 'object') return null;
  if (types.includes('number') && !types.includes('string')) return 'number';
  if (types.includes('object')) return null;
  return 'text';
}

function columnOf(field: CompiledField): ImportColumn | null {
  const reading = cellReading(field);
  if (!reading) return null;
  const column: ImportColumn = { key: field.key, label: field.label || field.key, required: field.required, reading };
  if (reading === 'rows') {
    column.children = (field.columns ?? []).map(columnOf).filter((c): c is ImportColumn => c !== null && c.reading !== 'rows');
    if (!column.children.length) return null;
  }
  return column;
}

/** The importable fields of a (permission-filtered) model, in form order. */
export function importColumns(model: CompiledModel): ImportColumn[] {
  return Object.values(model.form.fields).filter((f) => f.visiblePc !== false).map(columnOf).filter((c): c is ImportColumn => c !== null);
}

export const hasChildColumns = (columns: ImportColumn[]) => columns.some((c) => c.children);

/** A header label with the required marker, as the template writes it. */
export const headerLabel = (c: ImportColumn) => (c.required ? `*${c.label}` : c.label);
const bare = (text: unknown) => String(text ?? '').trim().replace(/^\*\s*/, '');

/** The template's header rows (two when there is a sub-table) and the cells to merge (row, first col, last row, last col). */
export function headerRows(columns: ImportColumn[], extra: string[] = []): { rows: string[][]; merges: [number, number, number, number][] } {
  const two = hasChildColumns(columns);
  const top: string[] = [];
  const sub: string[] = [];
  const merges: [number, number, number, number][] = [];
  for (const c of columns) {
    if (c.children) {
      merges.push([0, top.length, 0, top.length + c.children.length - 1]);
      c.children.forEach((child, i) => {
        top.push(i === 0 ? headerLabel(c) : '');
        sub.push(headerLabel(child));
      });
    } else {
      if (two) merges.push([0, top.length, 1, top.length]);
      top.push(headerLabel(c));
      sub.push('');
    }
  }
  for (const text of extra) {
    if (two) merges.push([0, top.length, 1, top.length]);
    top.push(text);
    sub.push('');
  }
  return { rows: two ? [top, sub] : [top], merges: merges.filter(([r0, c0, r1, c1]) => r0 !== r1 || c0 !== c1) };
}

/** One record of the preview: field texts, and a sub-table's rows as lists of column texts. */
export type ImportRow = Record<string, string | Record<string, string>[]>;

/** Where each sheet column goes: a field, a sub-table's column, or nowhere (unknown header). */
type Slot = { key: string; child?: string } | null;

function slotsOf(grid: string[][], columns: ImportColumn[]): { slots: Slot[]; headerCount: number } {
  const two = hasChildColumns(columns);
  const top = grid[0] ?? [];
  const sub = two ? (grid[1] ?? []) : [];
  const byLabel = (list: ImportColumn[], text: string) => list.find((c) => c.label === text || c.key === text);
  const slots: Slot[] = [];
  let table: ImportColumn | null = null;
  const width = Math.max(top.length, sub.length);
  for (let i = 0; i < width; i += 1) {
    const head = bare(top[i]);
    if (head) table = null;
    const found = head ? byLabel(columns, head) : null;
    if (found?.children) table = found;
    if (table && bare(sub[i])) {
      const child = byLabel(table.children!, bare(sub[i]));
      slots.push(child ? { key: table.key, child: child.key } : null);
    } else slots.push(found && !found.children ? { key: found.key } : null);
  }
  return { slots, headerCount: two ? 2 : 1 };
}

/**
 * The sheet's data rows as records. A row whose own fields are all empty but that has sub-table
 * cells continues the record above (its next child rows), as the template lays them out.
 */
export function rowsToRecords(grid: string[][], columns: ImportColumn[]): ImportRow[] {
  const { slots, headerCount } = slotsOf(grid, columns);
  const records: ImportRow[] = [];
  for (const line of grid.slice(headerCount)) {
    const own: Record<string, string> = {};
    const children = new Map<string, Record<string, string>>();
    slots.forEach((slot, i) => {
      const text = String(line[i] ?? '').trim();
      if (!slot || !text) return;
      if (slot.child) children.set(slot.key, { ...(children.get(slot.key) ?? {}), [slot.child]: text });
      else own[slot.key] = text;
    });
    if (!Object.keys(own).length && !children.size) continue;
    const previous = records[records.length - 1];
    const record: ImportRow = !Object.keys(own).length && previous ? previous : { ...own };
    if (record !== previous) {
      for (const c of columns) if (c.children) record[c.key] = [];
      records.push(record);
    }
    for (const [key, child] of children) (record[key] as Record<string, string>[]).push(child);
  }
  return records;
}

/** A record back as sheet lines (its first line carries its own fields; one line per child row), for the failed-rows export. */
export function recordToLines(record: ImportRow, columns: ImportColumn[], extra: string[] = []): string[][] {
  const height = Math.max(1, ...columns.filter((c) => c.children).map((c) => (Array.isArray(record[c.key]) ? (record[c.key] as unknown[]).length : 0)));
  const lines: string[][] = [];
  for (let n = 0; n < height; n += 1) {
    const line: string[] = [];
    for (const c of columns) {
      if (c.children) {
        const child = (Array.isArray(record[c.key]) ? (record[c.key] as Record<string, string>[]) : [])[n] ?? {};
        for (const cc of c.children) line.push(child[cc.key] ?? '');
      } else line.push(n === 0 ? String(record[c.key] ?? '') : '');
    }
    lines.push([...line, ...(n === 0 ? extra : extra.map(() => ''))]);
  }
  return lines;
}
