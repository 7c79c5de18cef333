/**
 * What a customer organisation owes on its credit line (/debtHome, issue 21 item 3; docs/BUSINESS.md
 * "Debts"), read from the ledger alone. A bill is the credit one order still uses (its creditUse
 * less its creditRelease, order and settlement rows alike), dated at its first use and due
 * `termDays` later. Repayments (creditRepay) pay the oldest bills first. So the bills' outstanding
 * amounts always add up to the account's credit used: the ledger is the only source.
 */
export interface CreditRow { kind: string; amount: number; refId: string | null; createdAt: number }

export interface Bill {
  /** the order whose credit it is (null: credit used without an order) */
  orderId: string | null;
  date: number;
  dueAt: number;
  amount: number;
  repaid: number;
  outstanding: number;
  overdue: boolean;
  daysOverdue: number;
}

const DAY = 86_400_000;

/** Bills by due date (oldest first) and the repayments, from the credit rows of one account in ledger order. */
export function billsOf(rows: readonly CreditRow[], termDays: number, now: number): { bills: Bill[]; repaid: number } {
  const byOrder = new Map<string, { orderId: string | null; date: number; amount: number }>();
  let repaid = 0;
  for (const r of rows) {
    if (r.kind === 'creditRepay') {
      repaid += r.amount;
      continue;
    }
    const key = r.refId ?? `row:${r.createdAt}`;
    const bill = byOrder.get(key) ?? { orderId: r.refId, date: r.createdAt, amount: 0 };
    if (r.kind === 'creditUse') bill.amount += r.amount;
    else if (r.kind === 'creditRelease') bill.amount -= r.amount;
    else continue;
    byOrder.set(key, bill);
  }
  let left = repaid;
  const bills = [...byOrder.values()]
    .filter((b) => b.amount > 0)
    .sort((a, b) => a.date - b.date)
    .map((b) => {
      const paid = Math.min(left, b.amount);
      left -= paid;
      const dueAt = b.date + termDays * DAY;
      const outstanding = b.amount - paid;
      const overdue = outstanding > 0 && dueAt < now;
      return { ...b, dueAt, repaid: paid, outstanding, overdue, daysOverdue: overdue ? Math.floor((now - dueAt) / DAY) : 0 };
    });
  return { bills, repaid };
}
