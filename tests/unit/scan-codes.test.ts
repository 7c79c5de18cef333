import { describe, expect, it } from 'vitest';
import { barcodeBars, barcodeSvg, codeText, dynamicQrPayload, isBarcodeText, qrSvg } from '../../src/runtime/scan-codes';

/** The x positions and widths of the bars of an SVG barcode (our own path syntax: M x y h w v h h -w z). */
const bars = (svg: string) => [...svg.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)/g)].map((m) => ({ x: Number(m[1]), w: Number(m[3]), h: Number(m[4]) }));

describe('barcodeSvg (code128 by jsbarcode, drawn without a DOM)', () => {
  it('draws code128 with the defaults: bar unit 4, height 40, margin 5, the text under the bars', () => {
    const svg = barcodeSvg('ABC123');
    const pattern = barcodeBars('ABC123')!;
    // code128 starts with Start B (11010010000) or Start C and ends with the stop pattern 1100011101011
    expect(pattern.startsWith('11010010000')).toBe(true);
    expect(pattern.endsWith('1100011101011')).toBe(true);
    expect(svg).toMatch(new RegExp(`viewBox="0 0 ${pattern.length * 4 + 10} ${40 + 10 + 22}"`));
    const drawn = bars(svg);
    expect(drawn[0]).toEqual({ x: 5, w: 8, h: 40 }); // "11" at the start: one bar two units wide
    // every '1' of the pattern is covered by exactly one bar, no '0' is
    const covered = new Set<number>();
    for (const b of drawn) for (let u = 0; u < b.w / 4; u++) covered.add((b.x - 5) / 4 + u);
    expect([...pattern].map((c, i) => (c === '1') === covered.has(i)).every(Boolean)).toBe(true);
    expect(svg).toContain('>ABC123</text>');
  });

  it('takes the width, height and format from the field', () => {
    const svg = barcodeSvg('12345670', { format: 'EAN8', width: 2, height: 30 });
    expect(bars(svg)[0]).toMatchObject({ w: 2, h: 30 });
    expect(barcodeSvg('1234', { format: 'EAN13' })).toBe(''); // a format that refuses the text draws nothing
  });

  it('draws only letters and digits', () => {
    expect(isBarcodeText('SO0001')).toBe(true);
    for (const text of ['SO-0001', 'a b', '条码1', '', '<svg>']) {
      expect(isBarcodeText(text)).toBe(false);
      expect(barcodeSvg(text)).toBe('');
    }
  });

  it('a colour from a descriptor cannot break out of its attribute', () => {
    const svg = barcodeSvg('A1', { lineColor: '"/><script>alert(1)</script>', background: 'red' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('fill="red"');
    expect(svg).toContain('fill="#000000"');
  });
});

describe('QR codes', () => {
  it('size 40 and error correction low by default; a higher level needs more modules', () => {
    const low = qrSvg('https://example.com/a-fairly-long-address/0123456789');
    const high = qrSvg('https://example.com/a-fairly-long-address/0123456789', { level: 'H' });
    expect(low).toMatch(/width="40" height="40"/);
    const modules = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    expect(modules(high)).toBeGreaterThan(modules(low));
  });

  it('the dynamic form-data payload carries the DFD marker and the record, model, flow, process, task ids and operation type', () => {
    const payload = JSON.parse(dynamicQrPayload({ recordId: 'r1', modelId: 'm1', modelType: 1, flowId: 'f1', processId: 'p1', taskId: 't1', opType: '-1' })) as Record<string, unknown>;
    expect(payload).toEqual({ t: 'DFD', id: 'r1', mid: 'm1', mt: 1, fid: 'f1', pid: 'p1', ftid: 't1', opt: '-1' });
    expect(JSON.parse(dynamicQrPayload({ recordId: 'r2', modelId: 'm2' }))).toMatchObject({ t: 'DFD', id: 'r2', fid: '', ftid: '' });
  });

  it('the text of a code: static, related field, or the dynamic payload (none before the record exists)', () => {
    const read = (key: string) => ({ orderNo: 'SO1', qty: 12, items: [1] })[key];
    expect(codeText({ dataType: 'static', staticText: 'hello' }, read, null)).toBe('hello');
    expect(codeText({ dataType: 'relation', relationField: 'orderNo' }, read, null)).toBe('SO1');
    expect(codeText({ dataType: 'relation', relationField: 'qty' }, read, null)).toBe('12');
    expect(codeText({ dataType: 'relation', relationField: 'items' }, read, null)).toBe('');
    expect(codeText({ dataType: 'form' }, read, null)).toBe('');
    expect(JSON.parse(codeText({ dataType: 'form' }, read, { recordId: 'r', modelId: 'm' })).t).toBe('DFD');
  });
});
