import {
  addDependencies, create, divideDependencies, multiplyDependencies, parseDependencies, subtractDependencies, unaryMinusDependencies, unaryPlusDependencies,
  type MathNode,
} from 'mathjs';

/**
 * Calculated fields (计算公式, widgets spec 2.14 and 5), one pure module for the browser form and
 * the server's save: compile an expression once, evaluate it over a record (and a sub-table row).
 *
 * The expression is a list of tokens as the designer's calculator writes them (field references,
 * digits, + - × ÷ and parentheses) or the same as one text. Before mathjs sees it, the tokens must
 * pass the spec's validity rule; mathjs then parses our own rewritten text (references renamed to
 * r0, r1 …) on an instance that holds only parse and the four operators, and the parsed tree is
 * walked once more so nothing but numbers, symbols, + - * / and parentheses is ever compiled
 * (no function calls, assignments, function definitions, imports or units).
 */
const math = create(
  { parseDependencies, addDependencies, subtractDependencies, multiplyDependencies, divideDependencies, unaryMinusDependencies, unaryPlusDependencies },
  { number: 'number' },
);

export interface CalcReference {
  /** The field key, or for `table.column` the sub-table's key. */
  key: string;
  /** The column of a dotted reference. */
  column?: string;
}

export type CompiledExpression =
  | { ok: true; refs: CalcReference[]; evaluate(scope: Record<string, number>): number }
  | { ok: false; reason: string };

const OPERATORS: Record<string, string> = { '+': '+', '-': '-', '−': '-', '×': '*', '*': '*', '÷': '/', '/': '/' };
/** A number as the spec allows it: optional sign, no leading zeros, optional decimals. */
const NUMBER = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;
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

/** Only numbers, our renamed symbols, + - * / (binary and unary) and parentheses. */
function allowedTree(node: MathNode): boolean {
  let ok = true;
  node.traverse((n) => {
    const t = n.type;
    if (t === 'ConstantNode') ok &&= typeof (n as unknown as { value: unknown }).value === 'number';
    else if (t === 'SymbolNode') ok &&= /^r\d+$/.test((n as unknown as { name: string }).name);
    else if (t === 'OperatorNode') ok &&= ['add', 'subtract', 'multiply', 'divide', 'unaryMinus', 'unaryPlus'].includes((n as unknown as { fn: string }).fn);
    else if (t !== 'ParenthesisNode') ok = false;
  });
  return ok;
}

const cache = new Map<string, CompiledExpression>();

/** Compiles an expression (cached by its text); anything outside the rule is refused here, never evaluated. */
export function compileExpression(expression: unknown): CompiledExpression {
  const tokens = expressionTokens(expression);
  if (!tokens || !tokens.length) return { ok: false, reason: 'empty' };
  const id = JSON.stringify(tokens);
  const hit = cache.get(id);
  if (hit) return hit;
  const result = compileTokens(tokens);
  if (cache.size > 500) cache.clear();
  cache.set(id, result);
  return result;
}

function compileTokens(tokens: string[]): CompiledExpression {
  const checked = checkTokens(tokens);
  if (!checked.ok) return checked;
  const names = new Map<string, string>();
  const refs: CalcReference[] = [];
  const text = checked.text.map((t) => {
    if (t in OPERATORS) return ` ${OPERATORS[t]} `;
    if (t === '(' || t === ')' || NUMBER.test(t)) return t;
    let name = names.get(t);
    if (!name) {
      name = `r${names.size}`;
      names.set(t, name);
      const [key, column] = t.split('.') as [string, string | undefined];
      refs.push(column ? { key, column } : { key });
    }
    return name;
  }).join('');
  let node: MathNode;
  try {
    node = math.parse(text);
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  if (!allowedTree(node)) return { ok: false, reason: 'syntax' };
  const code = node.compile();
  return {
    ok: true,
    refs,
    evaluate(scope) {
      try {
        return finite(code.evaluate(scope));
      } catch {
        return 0; // the spec: a calculation error leaves 0
      }
    },
  };
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

const finite = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/** Rounded to 2 decimals, half away from zero (1.005 → 1.01). */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const abs = Math.abs(n);
  // shifting by text avoids 1.005 * 100 = 100.49999…; exponent forms are far from 2 decimals anyway
  const shifted = String(abs).includes('e') ? abs * 100 : Number(`${abs}e2`);
  const r = (Math.sign(n) * Math.round(shifted)) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/** Where a calculation runs: the record, and inside a sub-table row that row. */
export interface CalcContext {
  record: Record<string, unknown>;
  row?: { table: string; values: Record<string, unknown> };
}

/** The scope of one evaluation: a dotted reference in its own table's row is that row's value, elsewhere the column's sum. */
export function scopeOf(refs: CalcReference[], ctx: CalcContext): Record<string, number> {
  const scope: Record<string, number> = {};
  refs.forEach((ref, i) => {
    let value: number;
    if (!ref.column) value = numericOf(ctx.record[ref.key]);
    else if (ctx.row && ctx.row.table === ref.key) value = numericOf(ctx.row.values[ref.column]);
    else value = sumColumn(ctx.record[ref.key], ref.column);
    scope[`r${i}`] = value;
  });
  return scope;
}

/** The expression's value in a context, rounded to 2 decimals; 0 for an invalid expression. */
export function calculate(expression: unknown, ctx: CalcContext): number {
  const compiled = compileExpression(expression);
  if (!compiled.ok) return 0;
  return round2(compiled.evaluate(scopeOf(compiled.refs, ctx)));
}

/** The sum of a sub-table column over its rows (invalid values count 0). */
export function sumColumn(rows: unknown, column: string): number {
  if (!Array.isArray(rows)) return 0;
  let sum = 0;
  for (const row of rows) if (row && typeof row === 'object') sum += numericOf((row as Record<string, unknown>)[column]);
  return sum;
}
