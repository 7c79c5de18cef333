import safeRegex from 'safe-regex2';

/**
 * Whether a descriptor's regList pattern may run on anyone's input (short links are
 * anonymous): refused when a loop sits inside a loop (star height above 1: `(a+)+`, `(\w*)*`,
 * `(a?){30}`), the shape of catastrophic backtracking, or when it has more than 25 loops.
 * safe-regex2 judges; it counts every quantifier as a loop, so quantifiers that cannot nest
 * ambiguously are taken out first (see withoutHarmlessQuantifiers): `^\d{8}(\d{5})?$`, a
 * corpus pattern, is not a loop in a loop. Ambiguous alternation inside one loop (`(a|aa)+`)
 * is beyond this check; the input length cap (validation/validator.ts) bounds the rest.
 * Runs wherever the compiler runs (server, schema:check, browser): safe-regex2 and its parser
 * ret are plain JavaScript. A pattern ret cannot parse is refused: it cannot be shown safe.
 */
export function isSafePattern(pattern: string): boolean {
  return safeRegex(withoutHarmlessQuantifiers(pattern));
}

type Token = 'atom' | 'group' | 'quantifier' | 'open' | 'other';

/**
 * The pattern without the quantifiers that never make a loop in a loop:
 * - an exact count `{n}` on a single character, escape or class (n copies of one atom);
 * - a lazy mark (`+?`, `*?`, `}?`): it changes the order of tries, not their number;
 * - `?` or `{0,1}` outside every group: nothing encloses it, so nothing can repeat it.
 * Everything else stays, so a `?` or `{n}` inside a repeated group still counts.
 */
export function withoutHarmlessQuantifiers(pattern: string): string {
  let out = '';
  let inClass = false;
  let depth = 0;
  let previous: Token = 'other';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (inClass) {
      out += c;
      if (c === '\\') out += pattern[++i] ?? '';
      else if (c === ']') {
        inClass = false;
        previous = 'atom';
      }
      continue;
    }
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
      previous = 'atom';
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      continue;
    }
    if (c === '(') {
      depth++;
      out += c;
      previous = 'open';
      continue;
    }
    if (c === ')') {
      depth = Math.max(0, depth - 1);
      out += c;
      previous = 'group';
      continue;
    }
    const bounds = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i)) : null;
    const optional = c === '?' || (bounds !== null && bounds[1] === '0' && bounds[3] === '1');
    if (c === '?' && previous === 'open') {
      out += c; // `(?:`, `(?=`, `(?<name>`
      previous = 'other';
      continue;
    }
    if (c === '?' && previous === 'quantifier') continue; // lazy mark
    if (optional && depth === 0 && (previous === 'atom' || previous === 'group')) {
      if (bounds) i += bounds[0].length - 1;
      previous = 'quantifier';
      continue;
    }
    if (bounds && bounds[2] === undefined && previous === 'atom') {
      i += bounds[0].length - 1;
      previous = 'quantifier';
      continue;
    }
    if (bounds) {
      out += bounds[0];
      i += bounds[0].length - 1;
      previous = 'quantifier';
      continue;
    }
    out += c;
    previous = c === '*' || c === '+' || c === '?' ? 'quantifier' : c === '|' || c === '^' || c === '$' ? 'other' : 'atom';
  }
  return out;
}
