import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { toCharSet } from 'regexp-ast-analysis';

/**
 * Whether a pattern can match one input in exponentially many ways — the cause of catastrophic
 * backtracking that a star-height check cannot see: alternatives that overlap inside one loop
 * (`(a|aa)+`, `(\w|\d)+`, `(\p{L}|\p{N})+` under `u`, `(?:a|b|ab)*`).
 *
 * The pattern becomes its position (Glushkov) automaton, whose runs are exactly the ways the
 * pattern can match, and an automaton is exponentially ambiguous exactly when two different
 * runs lead from a state back to itself over the same input (Weber and Seidl): in the product of
 * the automaton with itself, a diagonal pair (q, q) shares a strongly connected component with a
 * pair (p, r), p ≠ r. Character sets come from regexp-ast-analysis, which reads classes,
 * `\p{…}` properties and the `i` flag as the engine does.
 *
 * Approximations all lean towards refusing: a bounded repeat (`{2,10}`) counts as unbounded;
 * assertions and lookarounds are ignored (they only narrow matches); a backreference matches
 * nothing here, so nested loops stay the star-height check's (safe-regex.ts) job.
 */
export const MAX_POSITIONS = 300;

interface Fragment {
  nullable: boolean;
  first: number[];
  last: number[];
}

const EMPTY: Fragment = { nullable: true, first: [], last: [] };

export function isExponentiallyAmbiguous(source: string, flags: string): boolean {
  const parser = new RegExpParser({ ecmaVersion: 2025 });
  const parsedFlags = parser.parseFlags(flags);
  const pattern = parser.parsePattern(source, 0, source.length, { unicode: parsedFlags.unicode, unicodeSets: parsedFlags.unicodeSets });
  const positions: ReturnType<typeof toCharSet>[] = [];
  const follow: Set<number>[] = [];

  const link = (from: number[], to: number[]) => {
    for (const l of from) for (const f of to) follow[l]!.add(f);
  };
  const concat = (a: Fragment, b: Fragment): Fragment => {
    link(a.last, b.first);
    return {
      nullable: a.nullable && b.nullable,
      first: a.nullable ? [...a.first, ...b.first] : a.first,
      last: b.nullable ? [...b.last, ...a.last] : b.last,
    };
  };
  const union = (fragments: Fragment[]): Fragment => ({
    nullable: fragments.some((f) => f.nullable),
    first: fragments.flatMap((f) => f.first),
    last: fragments.flatMap((f) => f.last),
  });
  const alternatives = (list: readonly AST.Alternative[]) => union(list.map((a) => a.elements.reduce<Fragment>((acc, e) => concat(acc, build(e)), EMPTY)));

  function build(node: AST.Element): Fragment {
    switch (node.type) {
      case 'Character':
      case 'CharacterClass':
      case 'CharacterSet': {
        if (positions.length >= MAX_POSITIONS) throw new Error('pattern too large to judge');
        const p = positions.push(toCharSet(node as Parameters<typeof toCharSet>[0], parsedFlags)) - 1;
        follow.push(new Set());
        return { nullable: false, first: [p], last: [p] };
      }
      case 'Group':
      case 'CapturingGroup':
        return alternatives(node.alternatives);
      case 'Quantifier': {
        if (node.max === 0) return EMPTY;
        const inner = build(node.element);
        if (node.max > 1) link(inner.last, inner.first);
        return { ...inner, nullable: inner.nullable || node.min === 0 };
      }
      default:
        return EMPTY; // assertions, lookarounds, backreferences
    }
  }

  alternatives(pattern.alternatives);
  return hasAmbiguousCycle(positions, follow);
}

/** Tarjan's strongly connected components over the product automaton, iteratively, from each diagonal pair. */
function hasAmbiguousCycle(positions: ReturnType<typeof toCharSet>[], follow: Set<number>[]): boolean {
  const n = positions.length;
  const next = follow.map((s) => [...s]);
  const successors = (pair: number): number[] => {
    const a = Math.floor(pair / n);
    const b = pair % n;
    const out: number[] = [];
    for (const a2 of next[a]!) for (const b2 of next[b]!) if (!positions[a2]!.isDisjointWith(positions[b2]!)) out.push(a2 * n + b2);
    return out;
  };
  const index = new Int32Array(n * n).fill(-1);
  const low = new Int32Array(n * n);
  const onStack = new Uint8Array(n * n);
  const stack: number[] = [];
  let counter = 0;
  const visit = (pair: number) => {
    index[pair] = low[pair] = counter++;
    stack.push(pair);
    onStack[pair] = 1;
  };
  for (let q = 0; q < n; q += 1) {
    const root = q * n + q;
    if (index[root] !== -1) continue;
    visit(root);
    const work: [number, number[], number][] = [[root, successors(root), 0]];
    while (work.length) {
      const frame = work[work.length - 1]!;
      const [v, out] = frame;
      if (frame[2] < out.length) {
        const w = out[frame[2]++]!;
        if (index[w] === -1) {
          visit(w);
          work.push([w, successors(w), 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length) {
        const u = work[work.length - 1]![0];
        low[u] = Math.min(low[u]!, low[v]!);
      }
      if (low[v] !== index[v]) continue;
      let diagonal = false;
      let offDiagonal = false;
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        if (Math.floor(w / n) === w % n) diagonal = true;
        else offDiagonal = true;
      } while (w !== v);
      if (diagonal && offDiagonal) return true;
    }
  }
  return false;
}
