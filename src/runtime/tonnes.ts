/**
 * Weights of the ordering front end: integer kilograms where stored or added; tonnes (three
 * decimals, kilogram precision) as text at the edges, like money is yuan as text (money.ts).
 */

/** Tonnes as typed ("12.5", "1,200.125", 3) to integer kilograms; null when not a weight with at most three decimals. */
export function parseTonnes(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** Kilograms as tonnes with three decimals ("12.500"). */
export function formatTonnes(kg: number): string {
  const abs = Math.abs(Math.trunc(kg));
  return `${kg < 0 ? '-' : ''}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
