/**
 * Weights of the ordering front end: integer kilograms everywhere they are stored or added;
 * tonnes with three decimals only at the edges, parsed and printed as text (docs/BUSINESS.md "Units").
 */

/** The heaviest weight one entry takes, in kg (a million tonnes: far inside the exact integers). */
export const MAX_KG = 1_000_000_000;

/** Kilograms as tonnes with three decimals and thousands separators: 12345 → "12.345". */
export function formatKg(kg: number): string {
  const sign = kg < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kg));
  return `${sign}${Math.floor(abs / 1000).toLocaleString('en-US')}.${String(abs % 1000).padStart(3, '0')}`;
}

/**
 * Tonnes as typed ("12.345", "1,200", 3.5) to kg; null when not a weight (≥ 0, at most three
 * decimals, at most MAX_KG). Parsed as text, so 1.001 t is 1001 kg, never a binary fraction.
 */
export function parseTonnes(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const kg = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return kg > MAX_KG ? null : kg;
}
