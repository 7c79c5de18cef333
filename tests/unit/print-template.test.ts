import { describe, expect, it } from 'vitest';
import { escapeHtml, pageCss, printPlaceholders, renderPrintTemplate, type PrintRecord } from '../../src/runtime/print-template';

const record = (over: Partial<PrintRecord> = {}): PrintRecord => ({
  fields: { orderNo: 'SO-0001', customer: '华东公司', note: '<b>急</b> & "快"' },
  tables: { items: [{ goods: '螺纹钢', qty: '12' }, { goods: '盘螺', qty: '3' }] },
  ...over,
});

describe('renderPrintTemplate', () => {
  it('fills main-form placeholders, every occurrence, spaces inside the braces allowed', () => {
    expect(renderPrintTemplate('<p>{{orderNo}} / {{ customer }} / {{orderNo}}</p>', record())).toBe('<p>SO-0001 / 华东公司 / SO-0001</p>');
  });

  it('escapes values: markup in a record never becomes markup in the page', () => {
    expect(renderPrintTemplate('<p>{{note}}</p>', record())).toBe('<p>&lt;b&gt;急&lt;/b&gt; &amp; &quot;快&quot;</p>');
    expect(escapeHtml("<img src=x onerror='a'>")).toBe('&lt;img src=x onerror=&#39;a&#39;&gt;');
  });

  it('a value holding a placeholder is printed as written, not filled again', () => {
    const out = renderPrintTemplate('<p>{{note}}</p>', record({ fields: { note: '{{orderNo}}', orderNo: 'SECRET' } }));
    expect(out).not.toContain('SECRET');
    expect(out).toBe('<p>&#123;&#123;orderNo&#125;&#125;</p>');
  });

  it('prints a placeholder the record lacks as empty, and ignores Object.prototype names', () => {
    expect(renderPrintTemplate('<p>[{{missing}}][{{constructor}}][{{items.goods}}]</p>', record())).toBe('<p>[][][]</p>');
  });

  it('repeats a rows block per sub-table row with the row\'s columns, keeps main fields inside it', () => {
    const html = '<table><tbody><tr data-print-rows="items"><td>{{items.goods}}</td><td>{{items.qty}}</td><td>{{orderNo}}</td></tr></tbody></table>';
    expect(renderPrintTemplate(html, record())).toBe(
      '<table><tbody><tr data-print-rows="items"><td>螺纹钢</td><td>12</td><td>SO-0001</td></tr><tr data-print-rows="items"><td>盘螺</td><td>3</td><td>SO-0001</td></tr></tbody></table>',
    );
  });

  it('a rows block with nested elements of its own tag ends at its own closing tag; no rows: the block disappears', () => {
    const html = '<div data-print-rows="items"><div>{{items.goods}}</div></div><p>{{orderNo}}</p>';
    expect(renderPrintTemplate(html, record())).toBe('<div data-print-rows="items"><div>螺纹钢</div></div><div data-print-rows="items"><div>盘螺</div></div><p>SO-0001</p>');
    expect(renderPrintTemplate(html, record({ tables: {} }))).toBe('<p>SO-0001</p>');
  });

  it('draws a QR code and a code128 barcode as SVG, and a page break as a CSS break', () => {
    const out = renderPrintTemplate('<p><img data-print-qrcode="orderNo"><img data-print-barcode="code"></p><div data-print-page-break=""></div>', record({ fields: { orderNo: 'SO-0001', code: 'SO0001' } }));
    expect(out).toMatch(/^<p><svg [^>]*class="print-qrcode"[^>]*aria-label="SO-0001"/);
    expect(out).toContain('<path d="M');
    expect(out).toMatch(/<svg [^>]*class="print-barcode"[^>]*aria-label="SO0001"/);
    expect(out).toContain('<div class="print-page-break" style="break-after:page;page-break-after:always"></div>');
    expect(out).not.toContain('data-print-qrcode');
  });

  it('reads the size from the tag: a QR code\'s width, a barcode\'s bar height (80 by default)', () => {
    const out = renderPrintTemplate('<img data-print-qrcode="code" width="150"><img data-print-barcode="code"><img data-print-barcode="code" height="30">', record({ fields: { code: 'A1' } }));
    expect(out).toMatch(/class="print-qrcode"[^>]*width="150" height="150"/);
    const heights = [...out.matchAll(/class="print-barcode"[^<]*<rect[^>]*><path d="M5 5h\d+v(\d+)/g)].map((m) => m[1]);
    expect(heights).toEqual(['80', '30']);
  });

  it('a value that is not letters and digits prints as text, no bars', () => {
    const out = renderPrintTemplate('<img data-print-barcode="orderNo">', record());
    expect(out).toBe('<span class="print-barcode-text">SO-0001</span>');
  });

  it('a code tag inside a rows block takes the row\'s column; outside one a column name prints an empty code', () => {
    const out = renderPrintTemplate('<div data-print-rows="items"><p><img data-print-barcode="items.goods"></p></div><img data-print-barcode="items.goods">', record({ tables: { items: [{ goods: 'G1' }, { goods: 'G2' }] } }));
    expect([...out.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1])).toEqual(['G1', 'G2']);
    expect(out.endsWith('<span class="print-barcode-text"></span>')).toBe(true);
  });

  it('escapes a code\'s value too', () => {
    expect(renderPrintTemplate('<img data-print-barcode="note">', record())).toContain('&lt;b&gt;急');
    expect(renderPrintTemplate('<img data-print-qrcode="note">', record())).toContain('aria-label="&lt;b&gt;急');
  });
});

describe('helpers', () => {
  it('lists the placeholders a template names, once each', () => {
    expect(printPlaceholders('{{a}} {{items.goods}} {{a}}')).toEqual(['a', 'items.goods']);
  });
  it('writes the page settings as @page', () => {
    expect(pageCss({ paperSize: 'A4', orientation: 'landscape', margins: [10, 12, 10, 12] })).toBe('@page { size: A4 landscape; margin: 10mm 12mm 10mm 12mm; }');
  });
});
