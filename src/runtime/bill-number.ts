/**
 * Serial numbers of numbering rules (单据规则, spec 3 and 4): the prefix, the date in the rule's
 * format, then the running number left-padded with zeros to the digit count. One definition for
 * the rule form's live example (browser) and the numbers the server issues. Pure: the clock is
 * passed in, and dates read in the process's time zone (as exports do).
 */

/** The date formats a rule may use; 'no' puts no date in the number (and never resets it). */
export const BILL_DATE_FORMATS = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'no'] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];

export function isBillDateFormat(value: unknown): value is BillDateFormat {
  return typeof value === 'string' && (BILL_DATE_FORMATS as readonly string[]).includes(value);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The date keys of every format at one instant: the number's date part and its period. */
export function periodKeys(now: Date | number): { yyyyMMdd: string; yyyyMM: string; yyyy: string } {
  const d = typeof now === 'number' ? new Date(now) : now;
  const yyyy = String(d.getFullYear()).padStart(4, '0');
  const yyyyMM = `${yyyy}${two(d.getMonth() + 1)}`;
  return { yyyyMMdd: `${yyyyMM}${two(d.getDate())}`, yyyyMM, yyyy };
}

/**
 * The date part of a number for a format, which is also its counting period: yyyyMMdd restarts
 * every day, yyyyMM every month, yyyy every year, 'no' (or anything unknown) never.
 */
export function periodKey(format: unknown, now: Date | number): string {
  if (format === 'yyyyMMdd' || format === 'yyyyMM' || format === 'yyyy') return periodKeys(now)[format];
  return '';
}

/**
 * A running number as text: zero-padded to `digit` places. A running number past the digit count
 * keeps all its digits (9999 → 10000 at four places): a number is never cut, so never repeated.
 */
export function padSequence(sequence: number | string, digit: number): string {
  const text = String(sequence).replace(/^0+(?=\d)/, '');
  return text.padStart(Math.max(0, Math.trunc(digit) || 0), '0');
}

/** prefix + date part + padded running number. */
export function formatBillNumber(prefix: string, datePart: string, sequence: number | string, digit: number): string {
  return `${prefix}${datePart}${padSequence(sequence, digit)}`;
}

export interface BillRuleShape {
  prefix?: unknown;
  dateFormat?: unknown;
  digit?: unknown;
  startNumber?: unknown;
}

/**
 * The rule form's example (spec 4: recomputed whenever prefix, date format, digit count or start
 * number change): the first number the rule gives today. Missing parts count as empty, so the
 * example grows while the form is filled in.
 */
export function billRuleExample(rule: BillRuleShape, now: Date | number): string {
  const prefix = rule.prefix === undefined || rule.prefix === null ? '' : String(rule.prefix);
  const digitNumber = Number(rule.digit);
  const digit = Number.isFinite(digitNumber) && digitNumber > 0 ? Math.min(Math.trunc(digitNumber), 18) : 0;
  const start = rule.startNumber === undefined || rule.startNumber === null ? '' : String(rule.startNumber).trim();
  const sequence = /^\d+$/.test(start) ? padSequence(start, digit) : start;
  return `${prefix}${periodKey(rule.dateFormat, now)}${sequence}`;
}
