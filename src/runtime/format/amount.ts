/**
 * Amounts in Chinese capitals (大写金额) with 角 and 分, and number display with thousands
 * separators. Pure: no locale APIs, no DOM.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL = ['', '拾', '佰', '仟'];
const BIG = ['', '万', '亿'];
/** At most 12 integer digits (up to 仟亿); beyond that the amount is refused. */
export const MAX_AMOUNT_INTEGER_DIGITS = 12;

export type ChineseAmount = { ok: true; text: string } | { ok: false; reason: 'invalid' | 'tooLarge' };

export function toChineseAmount(input: unknown): ChineseAmount {
  if (input === null || input === undefined || input === '') return { ok: false, reason: 'invalid' };
  const n = typeof input === 'number' ? input : Number(String(input).replace(/,/g, ''));
  if (!Number.isFinite(n)) return { ok: false, reason: 'invalid' };
  const negative = n < 0;
  const [int, dec] = Math.abs(n).toFixed(2).split('.') as [string, string];
  if (int.length > MAX_AMOUNT_INTEGER_DIGITS) return { ok: false, reason: 'tooLarge' };
  let text = '';
  let pendingZero = false;
  for (let i = 0; i < int.length; i++) {
    const d = int.charCodeAt(i) - 48;
    const pos = int.length - 1 - i;
    if (d === 0) pendingZero = text !== '';
    else {
      if (pendingZero) text += '零';
      pendingZero = false;
      text += DIGITS[d]! + SMALL[pos % 4]!;
    }
    if (pos % 4 === 0 && pos > 0) {
      const group = int.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(group)) text += BIG[pos / 4]!;
    }
  }
  const jiao = dec.charCodeAt(0) - 48;
  const fen = dec.charCodeAt(1) - 48;
  if (text) text += '元';
  if (!jiao && !fen) text = (text || '零元') + '整';
  else {
    if (jiao) text += DIGITS[jiao]! + '角';
    if (fen) text += (!jiao && text ? '零' : '') + DIGITS[fen]! + '分';
  }
  return { ok: true, text: (negative ? '负' : '') + text };
}

/** `1234567.891` → `1,234,567.89` (precision 2, thousands on). Non-numbers give ''. */
export function formatNumber(value: unknown, options: { precision?: number | null; thousands?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const fixed = options.precision !== undefined && options.precision !== null ? n.toFixed(options.precision) : String(n);
  if (!options.thousands) return fixed;
  const [int, dec] = fixed.split('.') as [string, string | undefined];
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (dec !== undefined ? `.${dec}` : '');
}

const ABBREVIATIONS = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/**
 * `1234` → `1.23k`, `2500000` → `2.5M` … up to E (10^18); below 1000 the number itself.
 * Decimals are trimmed of trailing zeros. Non-numbers give ''.
 */
export function abbreviateNumber(value: unknown, digits = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  let unit = 0;
  let scaled = Math.abs(n);
  while (scaled >= 1000 && unit < ABBREVIATIONS.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  const text = scaled.toFixed(digits).replace(/\.?0+$/, '');
  return (n < 0 ? '-' : '') + text + ABBREVIATIONS[unit]!;
}
