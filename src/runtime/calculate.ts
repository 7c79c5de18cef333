import {
  addDependencies, create, divideDependencies, multiplyDependencies, parseDependencies, subtractDependencies, unaryMinusDependencies, unaryPlusDependencies,
  type MathNode,
} from 'mathjs';
import { type CalcReference, checkTokens, expressionTokens, NUMBER, numericOf, OPERATORS, round2, sumColumn } from './calculate-rule';

export { checkExpression, checkTokens, expressionTokens, numericOf, round2, sumColumn, type CalcReference } from './calculate-rule';

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

export type CompiledExpression =
  | { ok: true; refs: CalcReference[]; evaluate(scope: Record<string, number>): number }
  | { ok: false; reason: string };

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

const finite = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

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

