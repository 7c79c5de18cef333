import type { Db } from '../../../db';
import type { BizLedgerRow } from '../../../db/schema';
import { formatFen } from '../../../../src/runtime/money';

/** The movements of the credit line (/credit lists only these). */
export const CREDIT_KINDS = ['creditUse', 'creditRelease', 'creditRepay', 'creditLimit'] as const;

export interface LedgerFilter {
  kind?: string;
  only?: readonly string[] | null;
  startTime?: number;
  endTime?: number;
}

/** An organisation's ledger rows under the list's filters (the list and the export read the same). */
export function ledgerQuery(db: Db, accountId: string, f: LedgerFilter) {
  let q = db.selectFrom('bizLedger').where('accountId', '=', accountId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.only) q = q.where('kind', 'in', [...f.only]);
  if (f.startTime !== undefined) q = q.where('createdAt', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('createdAt', '<=', f.endTime);
  return q;
}

/** A ledger row as numbers (bigint columns arrive as strings on PostgreSQL) with its amounts as people read them. */
export function ledgerRowView(r: BizLedgerRow) {
  const num = (v: unknown) => Number(v);
  const signed = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : fen < 0 ? formatFen(fen) : '');
  const [b, f, c] = [num(r.balanceDelta), num(r.frozenDelta), num(r.creditUsedDelta)];
  const [ba, fa, ca, la] = [num(r.balanceAfter), num(r.frozenAfter), num(r.creditUsedAfter), num(r.creditLimitAfter)];
  return {
    ...r, balanceDelta: b, frozenDelta: f, creditUsedDelta: c, balanceAfter: ba, frozenAfter: fa, creditUsedAfter: ca, creditLimitAfter: la, createdAt: num(r.createdAt),
    balanceText: signed(b), frozenText: signed(f), creditText: signed(c), balanceAfterText: formatFen(ba), availableAfterText: formatFen(ba - fa), creditAvailableAfterText: formatFen(la - ca),
  };
}
