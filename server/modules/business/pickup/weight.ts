import { refuse } from '../../../http/errors';

/**
 * Weights are integer kilograms (docs/BUSINESS.md "Units"); people write tonnes with at most three
 * decimals. Parsed as text so 1.001 t is 1001 kg, never a binary fraction.
 */
export function parseTonnes(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** A weight given as `kg` (integer) or `tonnes` (text or number): kilograms > 0, or refused. */
export function weightOf(given: { kg?: unknown; tonnes?: unknown }): number {
  const kg = given.kg !== undefined && given.kg !== null && given.kg !== '' ? (Number.isSafeInteger(Number(given.kg)) ? Number(given.kg) : null) : parseTonnes(given.tonnes);
  if (kg === null || kg <= 0) throw refuse('pickup.badWeight');
  return kg;
}

/** kg as tonnes with three decimals, e.g. 12345 → "12.345". */
export function tonnesText(kg: number): string {
  const n = Math.abs(Math.trunc(Number(kg)));
  return `${Number(kg) < 0 ? '-' : ''}${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
}
