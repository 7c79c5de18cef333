/**
 * The calculator's rule and number reading (widgets spec 5), without mathjs: what a kind's compile
 * step, the sub-table's summary and the browser's first draw need. Evaluation is
 * src/runtime/calculate.ts (mathjs, loaded only where something is calculated).
 */
export interface CalcReference {
  /** The field key, or for `table.column` the sub-table's key. */
  key: string;
  /** The column of a dotted reference. */
  column?: string;
}

export const OPERATORS: Record<string, string> = { '+': '+', '-': '-', '−': '-', '×': '*', '*': '*', '÷': '/', '/': '/' };
/** A number as the spec allows it: optional sign, no leading zeros, optional decimals. */
export const NUMBER = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;
const REFERENCE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const DIGIT_PART = /^[\d.]+$/;

/** The designer's tokens: strings, or field objects ({ __vModel__ } / { field }), or one text. */
export function expressionTokens(expression: unknown): string[] | null {
  if (typeof expression === 'string') return expression.match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?|[\d.]+|\S/g) ?? [];
  if (!Array.isArray(expression)) return null;
  const out: string[] = [];
  for (const item of expression) {
    if (typeof item === 'number') out.push(String(item));
    else if (typeof item === 'string') out.push(item.trim());
    else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const ref = o.__vModel__ ?? o.vModel ?? o.field ?? o.id;
      if (typeof ref !== 'string') return null;
      // an object names a field, so a dash between table and column is unambiguous here
      out.push(ref.includes('.') ? ref : ref.replace('-', '.'));
    } else return null;
  }
  return out.filter((t) => t !== '');
}

/**
 * The spec's validity rule: parentheses balanced; with them set aside and digit runs merged
 * (a sign directly before a number at the start or after an operator belongs to it), the tokens
 * alternate operand and operator, start and end with an operand (so their count is odd).
 */
export function checkTokens(tokens: string[]): { ok: true; operands: string[]; text: string[] } | { ok: false; reason: string } {
  const merged: string[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token === '(' || token === ')') {
      depth += token === '(' ? 1 : -1;
      if (depth < 0) return { ok: false, reason: 'parentheses' };
      merged.push(token);
      continue;
    }
    const last = merged[merged.length - 1];
    if (DIGIT_PART.test(token) && last !== undefined && DIGIT_PART.test(last.replace(/^[+-]/, ''))) merged[merged.length - 1] = last + token;
    else if (DIGIT_PART.test(token) && (last === '+' || last === '-') && !isOperand(merged[merged.length - 2])) merged[merged.length - 1] = last + token;
    else merged.push(token);
  }
  if (depth !== 0) return { ok: false, reason: 'parentheses' };
  const flat = merged.filter((t) => t !== '(' && t !== ')');
  if (flat.length % 2 === 0) return { ok: false, reason: 'alternation' };
  const operands: string[] = [];
  for (let i = 0; i < flat.length; i++) {
    const token = flat[i]!;
    if (i % 2 === 1) {
      if (!(token in OPERATORS)) return { ok: false, reason: `operator:${token}` };
    } else if (NUMBER.test(token)) continue;
    else if (REFERENCE.test(token)) operands.push(token);
    else return { ok: false, reason: `operand:${token}` };
  }
  // parentheses must wrap operands: "(" after an operator or at the start, ")" after an operand
  for (let i = 0; i < merged.length; i++) {
    const t = merged[i]!;
    const prev = merged[i - 1];
    if (t === '(' && prev !== undefined && prev !== '(' && !(prev in OPERATORS)) return { ok: false, reason: 'parentheses' };
    if (t === ')' && (prev === undefined || prev === '(' || prev in OPERATORS)) return { ok: false, reason: 'parentheses' };
  }
  return { ok: true, operands, text: merged };
}

function isOperand(token: string | undefined): boolean {
  return token !== undefined && token !== '(' && !(token in OPERATORS);
}

/** The rule's verdict on a whole expression (tokens or text); an empty one is its own reason. */
export function checkExpression(expression: unknown): { ok: true; refs: CalcReference[] } | { ok: false; reason: string } {
  const tokens = expressionTokens(expression);
  if (!tokens || !tokens.length) return { ok: false, reason: 'empty' };
  const checked = checkTokens(tokens);
  if (!checked.ok) return checked;
  const seen = new Set<string>();
  const refs: CalcReference[] = [];
  for (const operand of checked.operands) {
    if (seen.has(operand)) continue;
    seen.add(operand);
    const [key, column] = operand.split('.') as [string, string | undefined];
    refs.push(column ? { key, column } : { key });
  }
  return { ok: true, refs };
}

/** A value as the calculation reads it: a finite number, else 0 (missing, empty, text, NaN). */
export function numericOf(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** Rounded to 2 decimals, half away from zero (1.005 → 1.01). */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const abs = Math.abs(n);
  // shifting by text avoids 1.005 * 100 = 100.49999…; exponent forms are far from 2 decimals anyway
  const shifted = String(abs).includes('e') ? abs * 100 : Number(`${abs}e2`);
  const r = (Math.sign(n) * Math.round(shifted)) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/** The sum of a sub-table column over its rows (invalid values count 0). */
export function sumColumn(rows: unknown, column: string): number {
  if (!Array.isArray(rows)) return 0;
  let sum = 0;
  for (const row of rows) if (row && typeof row === 'object') sum += numericOf((row as Record<string, unknown>)[column]);
  return sum;
}
