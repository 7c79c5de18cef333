import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

/**
 * Barcodes and QR codes as SVG strings (spec widgets 3 and 9): pure, so the form widget in the
 * browser and the print template on the server draw the same code. jsbarcode encodes into a
 * plain object (its "object renderer" fills `encodings` with bar strings, no DOM needed); the bars
 * and modules are written as SVG here.
 */

export const BARCODE_DEFAULTS = { format: 'CODE128', width: 4, height: 40, margin: 5 } as const;
export const QR_DEFAULT_SIZE = 40;
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export interface BarcodeOptions {
  format?: string;
  width?: number;
  height?: number;
  margin?: number;
  lineColor?: string;
  background?: string;
  /** The text under the bars (jsbarcode's displayValue); default shown. */
  displayValue?: boolean;
}

/** A barcode is drawn only for letters and digits (spec widgets 5 "Barcode"). */
export const isBarcodeText = (text: string): boolean => /^[A-Za-z0-9]+$/.test(text);

// a colour from a descriptor goes into an attribute: only plain colour syntax passes
const COLOUR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\))$/;
const colour = (value: string | undefined, fallback: string) => (value && COLOUR.test(value.trim()) ? value.trim() : fallback);
const positive = (value: number | undefined, fallback: number, max: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.min(value, max) : fallback);
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '{': '&#123;', '}': '&#125;' };
const esc = (text: string) => text.replace(/[&<>"'{}]/g, (c) => ESC[c]!);

/** jsbarcode's bar strings ('1' bar, '0' space) for the text, or null when the format cannot encode it. */
export function barcodeBars(text: string, format: string = BARCODE_DEFAULTS.format): string | null {
  const target: { encodings?: { data: string }[] } = {};
  let valid = true;
  try {
    JsBarcode(target, text, { format: format.toUpperCase(), valid: (ok: boolean) => (valid = ok) });
  } catch {
    return null;
  }
  if (!valid || !target.encodings?.length) return null;
  return target.encodings.map((e) => e.data).join('');
}

/** The barcode as inline SVG; '' when the text is not letters and digits or the format refuses it. */
export function barcodeSvg(text: string, options: BarcodeOptions = {}, className = 'scp-barcode'): string {
  if (!isBarcodeText(text)) return '';
  const bars = barcodeBars(text, options.format || BARCODE_DEFAULTS.format);
  if (bars === null) return '';
  const width = positive(options.width, BARCODE_DEFAULTS.width, 10);
  const height = positive(options.height, BARCODE_DEFAULTS.height, 400);
  const margin = typeof options.margin === 'number' && options.margin >= 0 ? Math.min(options.margin, 50) : BARCODE_DEFAULTS.margin;
  const showText = options.displayValue !== false;
  const fontSize = 20;
  const totalWidth = bars.length * width + 2 * margin;
  const totalHeight = height + 2 * margin + (showText ? fontSize + 2 : 0);
  let d = '';
  for (let i = 0; i < bars.length; ) {
    if (bars[i] !== '1') {
      i++;
      continue;
    }
    let run = 1;
    while (bars[i + run] === '1') run++;
    d += `M${margin + i * width} ${margin}h${run * width}v${height}h${-run * width}z`;
    i += run;
  }
  const line = colour(options.lineColor, '#000000');
  const label = showText ? `<text x="${totalWidth / 2}" y="${margin + height + fontSize}" text-anchor="middle" font-family="monospace" font-size="${fontSize}" fill="${line}">${esc(text)}</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" viewBox="0 0 ${totalWidth} ${totalHeight}" width="${totalWidth}" height="${totalHeight}" role="img" aria-label="${esc(text)}"><rect width="${totalWidth}" height="${totalHeight}" fill="${colour(options.background, '#ffffff')}"/><path d="${d}" fill="${line}"/>${label}</svg>`;
}

export interface QrOptions {
  size?: number;
  level?: QrLevel;
  dark?: string;
  light?: string;
}

/** A QR code as inline SVG (one path of dark modules, a quiet zone of 2). */
export function qrSvg(text: string, options: QrOptions = {}, className = 'scp-qrcode'): string {
  const { modules } = QRCode.create(text || ' ', { errorCorrectionLevel: options.level ?? 'L' });
  let d = '';
  for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) d += `M${c + 2} ${r + 2}h1v1h-1z`;
  const n = modules.size + 4;
  const size = positive(options.size, QR_DEFAULT_SIZE, 2000);
  return `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" viewBox="0 0 ${n} ${n}" width="${size}" height="${size}" role="img" aria-label="${esc(text)}"><rect width="${n}" height="${n}" fill="${colour(options.light, '#ffffff')}"/><path d="${d}" fill="${colour(options.dark, '#000000')}"/></svg>`;
}

/** What the dynamic form-data QR code identifies: the record and, in a flow, its flow, process and task. */
export interface DynamicQrContext {
  recordId: string;
  modelId: string;
  modelType?: string | number;
  flowId?: string;
  processId?: string;
  taskId?: string;
  opType?: string | number;
}

/**
 * The dynamic form-data payload (spec widgets 3 "QR props"): JSON with the marker t = 'DFD' and the
 * product's short keys (id record, mid model, mt model type, fid flow, pid process, ftid task,
 * opt operation type), so a scanner of the product's app opens the same record.
 */
export function dynamicQrPayload(c: DynamicQrContext): string {
  return JSON.stringify({ t: 'DFD', id: c.recordId, mid: c.modelId, mt: c.modelType ?? '', fid: c.flowId ?? '', pid: c.processId ?? '', ftid: c.taskId ?? '', opt: c.opType ?? '' });
}

/** Where a code's text comes from: static text, another field's value, or (QR only) the record itself. */
export type CodeSource = 'static' | 'relation' | 'form';

export function codeSource(props: Record<string, unknown>): CodeSource {
  const t = props.dataType;
  if (t === 'relation') return 'relation';
  if (t === 'form' || t === 'dynamic' || t === 'formData') return 'form';
  return 'static';
}

/** The text a code draws: static text, the related field's value as text, or the dynamic payload (null: no record yet). */
export function codeText(props: Record<string, unknown>, read: (key: string) => unknown, dynamic: DynamicQrContext | null): string {
  const source = codeSource(props);
  if (source === 'form') return dynamic ? dynamicQrPayload(dynamic) : '';
  if (source === 'relation') {
    const key = typeof props.relationField === 'string' ? props.relationField : '';
    const value = key ? read(key) : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return typeof props.staticText === 'string' ? props.staticText : '';
}
