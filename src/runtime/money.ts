/**
 * Money of the ordering front end: integer fen (minor units) everywhere it is stored or added;
 * yuan only at the edges, parsed and printed as text so no binary fraction ever enters a sum.
 */

/** The largest amount an account holds, in fen (1e15 fen: far inside the exact integers of a double). */
export const MAX_FEN = 1_000_000_000_000_000;

/** Yuan as typed ("1234.5", "1,234.50", 12.3) to fen; null when it is not an amount with at most two decimals. */
export function parseYuan(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  const m = /^(-)?(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (fen > MAX_FEN) return null;
  return m[1] ? -fen : fen;
}

/** Fen as yuan with two decimals and thousands separators ("1,234.50"). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
