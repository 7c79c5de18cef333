import { barcodeSvg, qrSvg as drawQr } from './scan-codes';

/**
 * Print templates (打印模板, spec 7.14): HTML with placeholders that one record fills. This is
 * the ONE renderer: the editor's preview in the browser and GET /api/system/printDev/Data on
 * the server both call it, so a preview prints as the real thing does (docs/SCHEMAS.md "Print
 * templates").
 *
 * Syntax (the template is sanitised HTML, server/modules/system/print-dev/sanitize.ts):
 * - `{{field}}`: a main-form field's display text.
 * - an element with `data-print-rows="table"` (a `<tr>` or the editor's `<div>`) is repeated once
 *   per row of that sub-table; inside it `{{table.column}}` is the row's column.
 * - `<img data-print-barcode="field">` / `<img data-print-qrcode="field">`: the field's value (in a
 *   rows block also `table.column`) as a barcode / QR code, drawn as inline SVG by src/runtime/codes.ts
 *   (the same drawing as the form widgets): code128, bars 80 high, QR error correction high, the
 *   tag's width/height attributes giving the size (spec widgets 9). A value that is not letters and
 *   digits draws no barcode, only its text.
 * - `<div data-print-page-break>`: a page break.
 * Values are display texts (option labels, names: the server's record formatting) and are always
 * HTML-escaped; a placeholder naming nothing the record holds prints empty.
 */

/** A record as printed: display texts of the main fields and of each sub-table's rows. */
export interface PrintRecord {
  fields: Record<string, string>;
  tables: Record<string, Record<string, string>[]>;
}

export interface PrintPage {
  paperSize: PaperSize;
  orientation: 'portrait' | 'landscape';
  /** Millimetres: top, right, bottom, left. */
  margins: [number, number, number, number];
}

export const PAPER_SIZES = ['A4', 'A5', 'A3', 'B5', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** `{{name}}` or `{{table.column}}`: letters, digits, underscores, one optional dot. */
export const PRINT_PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})(?:\.([A-Za-z_][A-Za-z0-9_]{0,63}))?\s*\}\}/g;

// braces too: a value holding "{{other}}" must never be filled in by a later pass
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '{': '&#123;', '}': '&#125;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"'{}]/g, (c) => ESCAPES[c]!);

const CODE_TAG = /<img\b[^>]*\bdata-print-(barcode|qrcode)="([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?"[^>]*>/g;

/** A numeric width/height attribute of a tag (pixels), else undefined. */
function sizeAttr(tag: string, name: 'width' | 'height'): number | undefined {
  const m = new RegExp(`\\b${name}="?(\\d{1,4})(?:px)?"?`, 'i').exec(tag.replace(/data-print-[a-z]+="[^"]*"/g, ''));
  return m ? Number(m[1]) : undefined;
}

const own = <T>(map: Record<string, T>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);

/** A name's value: a main field, or within a rows block its row's column (else empty). */
function valueOf(record: PrintRecord, first: string, second: string | undefined, row?: { table: string; values: Record<string, string> }): string {
  if (second === undefined) return own(record.fields, first) ?? '';
  return row && row.table === first ? (own(row.values, second) ?? '') : '';
}

/** Code tags, then placeholders, of one stretch of the template (a rows block: with its row). */
function fill(html: string, record: PrintRecord, row?: { table: string; values: Record<string, string> }): string {
  // codes first: their output is escaped (braces too), so the placeholder pass cannot touch it
  const codes = html.replace(CODE_TAG, (whole: string, kind: string, first: string, second: string | undefined) => {
    const value = valueOf(record, first, second, row);
    return kind === 'qrcode' ? qrSvg(value, sizeAttr(whole, 'width') ?? sizeAttr(whole, 'height')) : printBarcode(value, sizeAttr(whole, 'height'));
  });
  return codes.replace(PRINT_PLACEHOLDER, (_whole, first: string, second: string | undefined) => escapeHtml(valueOf(record, first, second, row)));
}

const ROWS_OPEN = /<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*\bdata-print-rows="([A-Za-z_][A-Za-z0-9_]*)"[^>]*>/;

/** Index just past the element's closing tag, counting nested elements of the same name. */
function closingEnd(html: string, tag: string, from: number): number {
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : m[0].endsWith('/>') ? 0 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return html.length;
}

/** Each rows block repeated per row of its sub-table (none: the block disappears). */
function expandRows(html: string, record: PrintRecord): string {
  let out = '';
  let rest = html;
  for (let m = ROWS_OPEN.exec(rest); m; m = ROWS_OPEN.exec(rest)) {
    const end = closingEnd(rest, m[1]!, m.index + m[0].length);
    const block = rest.slice(m.index, end);
    const rows = own(record.tables, m[2]!) ?? [];
    out += fill(rest.slice(0, m.index), record) + rows.map((values) => fill(block, record, { table: m![2]!, values })).join('');
    rest = rest.slice(end);
  }
  return out + fill(rest, record);
}

/** A QR code for print: error correction high (spec widgets 9), 96 px unless the tag says. */
export const qrSvg = (value: string, sizePx = 96): string => drawQr(value, { size: sizePx, level: 'H' }, 'print-qrcode');

/** A barcode for print: bars 80 high unless the tag says; a value it cannot draw prints as text. */
const printBarcode = (value: string, height = 80): string =>
  barcodeSvg(value, { height }, 'print-barcode') || `<span class="print-barcode-text">${escapeHtml(value)}</span>`;

const PAGE_BREAK = /<div\b[^>]*\bdata-print-page-break\b[^>]*>\s*<\/div>/g;

/** The template filled with one record: rows blocks, codes, placeholders, page breaks. */
export function renderPrintTemplate(html: string, record: PrintRecord): string {
  return expandRows(html, record).replace(PAGE_BREAK, '<div class="print-page-break" style="break-after:page;page-break-after:always"></div>');
}

/** The placeholders a template names, in order of first use (the editor lists unknown ones). */
export function printPlaceholders(html: string): string[] {
  const seen = new Set<string>();
  for (const m of html.matchAll(PRINT_PLACEHOLDER)) seen.add(m[2] ? `${m[1]}.${m[2]}` : m[1]!);
  return [...seen];
}

/** CSS `@page` for the page settings, for the print window and the preview's paper. */
export function pageCss(page: PrintPage): string {
  const [t, r, b, l] = page.margins;
  return `@page { size: ${page.paperSize} ${page.orientation}; margin: ${t}mm ${r}mm ${b}mm ${l}mm; }`;
}
