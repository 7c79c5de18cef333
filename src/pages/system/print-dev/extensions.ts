import { mergeAttributes, Node } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';

/**
 * The print template's own nodes for tiptap, written as the renderer reads them
 * (src/runtime/print-template.ts): a sub-table rows block, barcode/QR tags, an image and a page
 * break. Without them tiptap would drop these elements and attributes when it loads a template.
 * Labels shown inside the editor come from the page (they are in the user's language).
 */
export interface PrintNodeLabels {
  rows(table: string): string;
  barcode(field: string): string;
  qrcode(field: string): string;
  pageBreak: string;
}

const box = (text: string, block = false) => {
  const dom = document.createElement(block ? 'div' : 'span');
  dom.textContent = text;
  dom.className = block ? 'print-editor-break' : 'print-editor-code';
  dom.contentEditable = 'false';
  return dom;
};

/** `<div data-print-rows="table">`: its content repeats once per row of that sub-table. */
export const PrintRows = Node.create<{ labels: PrintNodeLabels | null }>({
  name: 'printRows',
  group: 'block',
  content: 'block+',
  defining: true,
  addOptions: () => ({ labels: null }),
  addAttributes: () => ({
    table: { default: '', parseHTML: (el) => el.getAttribute('data-print-rows') ?? '', renderHTML: (a) => ({ 'data-print-rows': a.table }) },
  }),
  parseHTML: () => [{ tag: 'div[data-print-rows]' }],
  renderHTML: ({ HTMLAttributes }) => ['div', mergeAttributes(HTMLAttributes, { class: 'print-rows' }), 0],
  addNodeView() {
    const labels = this.options.labels;
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'print-rows';
      dom.setAttribute('data-print-rows', String(node.attrs.table));
      const caption = box(labels ? labels.rows(String(node.attrs.table)) : String(node.attrs.table), true);
      caption.className = 'print-rows-caption';
      const contentDOM = document.createElement('div');
      dom.append(caption, contentDOM);
      return { dom, contentDOM };
    };
  },
});

/** `<img data-print-barcode|qrcode="field">`: the field's value drawn as a code when printed. */
export const PrintCode = Node.create<{ labels: PrintNodeLabels | null }>({
  name: 'printCode',
  group: 'inline',
  inline: true,
  atom: true,
  addOptions: () => ({ labels: null }),
  addAttributes: () => ({ kind: { default: 'barcode', rendered: false }, field: { default: '', rendered: false } }),
  parseHTML: () => [
    { tag: 'img[data-print-barcode]', getAttrs: (el) => ({ kind: 'barcode', field: el.getAttribute('data-print-barcode') ?? '' }) },
    { tag: 'img[data-print-qrcode]', getAttrs: (el) => ({ kind: 'qrcode', field: el.getAttribute('data-print-qrcode') ?? '' }) },
  ],
  renderHTML: ({ node }) => ['img', { [`data-print-${node.attrs.kind === 'qrcode' ? 'qrcode' : 'barcode'}`]: node.attrs.field, alt: node.attrs.field }],
  addNodeView() {
    const labels = this.options.labels;
    return ({ node }) => {
      const field = String(node.attrs.field);
      const text = labels ? (node.attrs.kind === 'qrcode' ? labels.qrcode(field) : labels.barcode(field)) : field;
      return { dom: box(text) };
    };
  },
});

/** An image by address (http(s), in-site or a data image: the server's allow-list). */
export const PrintImage = Node.create({
  name: 'printImage',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: '' }, alt: { default: null }, width: { default: null } }),
  parseHTML: () => [{ tag: 'img[src]', getAttrs: (el) => (el.hasAttribute('data-print-barcode') || el.hasAttribute('data-print-qrcode') ? false : null) }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
});

/** `<div data-print-page-break>`: the next content starts a new page. */
export const PrintPageBreak = Node.create<{ labels: PrintNodeLabels | null }>({
  name: 'printPageBreak',
  group: 'block',
  atom: true,
  addOptions: () => ({ labels: null }),
  parseHTML: () => [{ tag: 'div[data-print-page-break]' }],
  renderHTML: () => ['div', { 'data-print-page-break': '' }],
  addNodeView() {
    const labels = this.options.labels;
    return () => ({ dom: box(labels?.pageBreak ?? '---', true) });
  },
});

/**
 * A table row that may carry `data-print-rows="table"`: the row is printed once per row of that
 * sub-table (a header row above it stays single). Tables are what a printed order is made of, so
 * the sub-table's rows block is normally such a row rather than the `<div>` block above.
 */
export const PrintTableRow = TableRow.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      printRows: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-print-rows'),
        renderHTML: (a: { printRows?: string | null }) => (a.printRows ? { 'data-print-rows': a.printRows } : {}),
      },
    };
  },
});

/** The table nodes of the editor: cells keep their paragraphs, columns are not dragged wider. */
export const printTableExtensions = [Table.configure({ resizable: false }), PrintTableRow, TableHeader, TableCell];
