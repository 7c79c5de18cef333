import safeRegex from 'safe-regex2';

/** Tells whether a pattern is exponentially ambiguous (regex-ambiguity.ts `isExponentiallyAmbiguous`). */
export type AmbiguityCheck = (pattern: string, flags: string) => boolean;

let ambiguityCheck: AmbiguityCheck | null = null;

/**
 * Turns on the ambiguity check of isSafePattern. The server (visualdev/compiler.ts) and
 * schema:check, which decide what compiles, turn it on; the browser leaves it off: it compiles
 * definitions the server accepted, and the check's Unicode tables (refa) would more than double
 * the renderers bundle (223 → 465 kB gzipped).
 */
export function useAmbiguityCheck(check: AmbiguityCheck): void {
  ambiguityCheck = check;
}

/**
 * Whether a descriptor's regList pattern may run on anyone's input (short links are
 * anonymous). Two checks, both must pass:
 * - star height (safe-regex2): refused when a loop sits inside a loop (`(a+)+`, `(\w*)*`,
 *   `(a?){30}`), or when it has more than 25 loops. It counts every quantifier as a loop, so
 *   quantifiers that cannot nest ambiguously are taken out first (withoutHarmlessQuantifiers):
 *   `^\d{8}(\d{5})?$`, a corpus pattern, is not a loop in a loop.
 * - ambiguity (regex-ambiguity.ts, where turned on by useAmbiguityCheck; on the regexpp parser,
 *   which reads the pattern with its own flags, so `\p{L}` is a Unicode property under `u` and
 *   a plain `p{L}` without): refused when the pattern can match one input in exponentially many
 *   ways, as alternatives that overlap inside one loop do (`(a|aa)+$`, `(\w|\d)+$`,
 *   `(\p{L}|\p{Lu})+$`). Polynomial backtracking is left to the input length cap
 *   (validation/validator.ts).
 * Both are plain JavaScript. A pattern either parser cannot read is refused: it cannot be shown safe.
 */
export function isSafePattern(pattern: string, flags = ''): boolean {
  if (!safeRegex(withoutHarmlessQuantifiers(pattern))) return false;
  if (!ambiguityCheck) return true;
  try {
    return !ambiguityCheck(pattern, flags);
  } catch {
    return false;
  }
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
