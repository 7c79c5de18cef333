import dayjs from 'dayjs';
import type { CompiledField, OptionItem } from '../../model/compiled';
import { formatNumber } from '../../format/amount';
import type { FormatContext, RefKind } from './define';

/**
 * The shared pieces of the kinds' formatters: a stored value to the text a person reads.
 * Pure (dayjs formats in the process's time zone; no DOM, no clock).
 */

/** Text of any stored value: arrays joined, objects by their name, else as written. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const name = o.fullName ?? o.name ?? o.label ?? o.fullAddress ?? o.address;
    return typeof name === 'string' || typeof name === 'number' ? String(name) : JSON.stringify(value);
  }
  return String(value);
}

/** A stored value that may hold one item or several (a JSON array text counts as several). */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* plain text */
    }
  }
  return [value];
}

/** value → label of an option tree, depth first. */
export function optionLabel(options: readonly OptionItem[], value: unknown): string | undefined {
  for (const o of options) {
    if (String(o.value) === String(value)) return o.label;
    const inner = o.children ? optionLabel(o.children, value) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Labels of the chosen options; a path (cascader) is joined with '/'. An unknown value shows as stored. */
export function optionsText(value: unknown, field: CompiledField, ctx: FormatContext, path = false): string {
  const options = ctx.options(field);
  const one = (v: unknown): string => (Array.isArray(v) ? v.map(one).join('/') : (optionLabel(options, v) ?? plainText(v)));
  const values = path && !field.props.multiple ? [listOf(value)] : listOf(value);
  return values.map(one).filter(Boolean).join(', ');
}

/** Names of referenced records; a path of ids (organisation, area) is joined with '/'. */
export function refsText(value: unknown, ref: RefKind, ctx: FormatContext): string {
  const one = (v: unknown): string => (Array.isArray(v) ? v.map(one).join('/') : v === null || v === undefined || v === '' ? '' : (ctx.refName(ref, String(v)) ?? String(v)));
  return listOf(value).map(one).filter(Boolean).join(', ');
}

/**
 * Designer formats (Java style yyyy-MM-dd HH:mm:ss, or already dayjs style) as dayjs tokens.
 * Hours are always 24-hour: a 12-hour 'hh' carries no AM/PM marker in these formats, so it
 * would make 14:30 read as 02:30.
 */
export function dayjsFormat(format: unknown, fallback = 'YYYY-MM-DD'): string {
  if (typeof format !== 'string' || !format) return fallback;
  return format.replace(/y/g, 'Y').replace(/d/g, 'D').replace(/h/g, 'H');
}

/** A stored date (epoch milliseconds, or text dayjs reads) as a dayjs, or null. */
export function toDayjs(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'number' || /^\d{10,}$/.test(String(value)) ? dayjs(Number(value)) : dayjs(String(value));
  return d.isValid() ? d : null;
}

export function dateText(value: unknown, format: unknown, fallback = 'YYYY-MM-DD'): string {
  const d = toDayjs(value);
  return d ? d.format(dayjsFormat(format, fallback)) : plainText(value);
}

/** Date-time of system fields (spec platform 9: yyyy-MM-dd HH:mm with seconds). */
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export function numberText(value: unknown, props: Record<string, unknown>): string {
  const precision = typeof props.precision === 'number' ? props.precision : undefined;
  return formatNumber(value, { precision, thousands: props.thousands === true });
}

/** A number for a spreadsheet cell, rounded to the precision; text when it is not a number. */
export function numberCell(value: unknown, props: Record<string, unknown>): string | number {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return plainText(value);
  return typeof props.precision === 'number' ? Number(n.toFixed(props.precision)) : n;
}

/** Rich text as plain text: tags dropped, the common entities decoded, whitespace collapsed. */
export function htmlText(value: unknown): string {
  if (typeof value !== 'string') return plainText(value);
  const entities: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
  return value
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}
