/**
 * How an approver node with several approvers decides (our extension of the template: the
 * approver property `counterSign`, absent in the product's saved templates, which means 'any').
 * 0 或签 any: the first approver to act decides. 1 会签 all: every approver must pass; one
 * rejection rejects. 2 by ratio: passes once `countersignRatio` percent have passed; rejects once
 * that can no longer happen.
 */
export type CounterSign = { mode: 'any' } | { mode: 'all' } | { mode: 'ratio'; percent: number };

export function counterSignOf(properties: Readonly<Record<string, unknown>>): CounterSign {
  const mode = Number(properties.counterSign ?? 0);
  if (mode === 1) return { mode: 'all' };
  if (mode === 2) {
    const percent = Number(properties.countersignRatio ?? 100);
    return { mode: 'ratio', percent: Number.isFinite(percent) ? Math.min(100, Math.max(1, percent)) : 100 };
  }
  return { mode: 'any' };
}

export type NodeDecision = 'pending' | 'pass' | 'reject';

/** The node's outcome from its approvers' votes so far (`total` approvers in all). */
export function nodeDecision(sign: CounterSign, votes: { pass: number; reject: number; total: number }): NodeDecision {
  const { pass, reject, total } = votes;
  if (total <= 0) return 'pass';
  switch (sign.mode) {
    case 'any':
      return pass > 0 ? 'pass' : reject > 0 ? 'reject' : 'pending';
    case 'all':
      return reject > 0 ? 'reject' : pass >= total ? 'pass' : 'pending';
    case 'ratio':
      if (pass * 100 >= sign.percent * total) return 'pass';
      return (total - reject) * 100 < sign.percent * total ? 'reject' : 'pending';
  }
}
