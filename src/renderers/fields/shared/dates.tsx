import dayjs from 'dayjs';

/** Java/element style formats (yyyy-MM-dd HH:mm:ss) to dayjs (YYYY-MM-DD HH:mm:ss). */
export function toDayjsFormat(format: string | null | undefined, fallback = 'YYYY-MM-DD'): string {
  if (!format) return fallback;
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** Stored dates are epoch milliseconds (or any string dayjs reads). */
export function toDayjs(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'number' || /^\d{10,}$/.test(String(value)) ? dayjs(Number(value)) : dayjs(String(value));
  return d.isValid() ? d : null;
}

export function formatDateValue(value: unknown, format?: string | null): string {
  const d = toDayjs(value);
  return d ? d.format(toDayjsFormat(format, 'YYYY-MM-DD')) : value === null || value === undefined ? '' : String(value);
}

export function hasTime(format: string | null | undefined): boolean {
  return !!format && /H|h|m|s/.test(format);
}
