import type { FlowCondition } from './template';

/**
 * A branch's conditions on the form's values, the same in the browser (which shows the path a
 * form will take) and on the server (which decides it). As the product evaluates them: each
 * condition's `logic` (&& 并且, || 或者) joins it to the next one, && binding tighter than ||.
 * A branch without conditions always holds (the "otherwise" branch).
 */
export function conditionsHold(conditions: readonly FlowCondition[] | null | undefined, values: Readonly<Record<string, unknown>>): boolean {
  if (!conditions || conditions.length === 0) return true;
  let any = false;
  let all = true;
  conditions.forEach((c, i) => {
    all = all && compare(values[c.field], c.symbol, c.filedValue);
    const last = i === conditions.length - 1;
    if (last || c.logic === '||') {
      any = any || all;
      all = true;
    }
  });
  return any;
}

const SYMBOLS = ['==', '<>', '!=', '>', '>=', '<', '<=', 'like', 'notLike'] as const;
export type ConditionSymbol = (typeof SYMBOLS)[number];

export function isConditionSymbol(value: string): value is ConditionSymbol {
  return (SYMBOLS as readonly string[]).includes(value);
}

/** A form value as the conditions see it: lists by their items joined with ',', nothing as ''. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * One comparison. Both sides numbers (or numeric text): compared as numbers; otherwise as text
 * (order comparisons of text by code point). An unknown symbol never holds, so a template saved
 * with a symbol this version does not know takes the other branches instead of guessing.
 */
export function compare(left: unknown, symbol: string, right: unknown): boolean {
  const [a, b] = [numberOf(left), numberOf(right)];
  const numeric = a !== null && b !== null;
  const [x, y] = [textOf(left), textOf(right)];
  const order = numeric ? Math.sign(a - b) : x < y ? -1 : x > y ? 1 : 0;
  switch (symbol) {
    case '==': return numeric ? a === b : x === y;
    case '<>':
    case '!=': return numeric ? a !== b : x !== y;
    case '>': return (numeric || (x !== '' && y !== '')) && order > 0;
    case '>=': return (numeric || (x !== '' && y !== '')) && order >= 0;
    case '<': return (numeric || (x !== '' && y !== '')) && order < 0;
    case '<=': return (numeric || (x !== '' && y !== '')) && order <= 0;
    case 'like': return y !== '' && x.includes(y);
    case 'notLike': return y === '' || !x.includes(y);
    default: return false;
  }
}
