import type { Kysely, Transaction } from 'kysely';
import type { BizAccountRow, BizLedgerRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { refuse } from '../../../http/errors';

type Trx = Kysely<Database> | Transaction<Database>;

/** What a movement does to an account (docs/BUSINESS.md "Money"). */
export const KINDS = {
  /** money paid in by the customer: balance up */
  deposit: { balance: 1, frozen: 0, credit: 0 },
  /** held for an order: frozen up (available down) */
  freeze: { balance: 0, frozen: 1, credit: 0 },
  /** an order's hold given back: frozen down */
  release: { balance: 0, frozen: -1, credit: 0 },
  /** a held amount paid on settlement: balance and frozen down */
  deduct: { balance: -1, frozen: -1, credit: 0 },
  /** money given back to the pool (a settlement's surplus): balance up */
  refund: { balance: 1, frozen: 0, credit: 0 },
  /** a settlement's shortfall taken from the available balance: balance down */
  charge: { balance: -1, frozen: 0, credit: 0 },
  /** an order paid on credit: credit used up */
  creditUse: { balance: 0, frozen: 0, credit: 1 },
  /** an order's credit given back: credit used down */
  creditRelease: { balance: 0, frozen: 0, credit: -1 },
  /** the customer repaid credit: credit used down */
  creditRepay: { balance: 0, frozen: 0, credit: -1 },
} as const;
export type LedgerKind = keyof typeof KINDS | 'creditLimit';

export interface Movement {
  kind: LedgerKind;
  /** fen, > 0 (for creditLimit: the new limit, ≥ 0) */
  amount: number;
  refType?: string | null;
  refId?: string | null;
  note?: string | null;
  by: string | null;
}

/** The account of a customer organisation, made on first use. */
export async function accountOf(trx: Trx, organizeId: string): Promise<BizAccountRow> {
  const now = Date.now();
  await trx
    .insertInto('bizAccount')
    .values({ id: organizeId, organizeId, balance: 0, frozen: 0, creditLimit: 0, creditUsed: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await trx.selectFrom('bizAccount').selectAll().where('id', '=', organizeId).executeTakeFirstOrThrow();
  return { ...row, balance: Number(row.balance), frozen: Number(row.frozen), creditLimit: Number(row.creditLimit), creditUsed: Number(row.creditUsed) };
}

/**
 * Applies one movement to an account and writes its ledger row, both in `trx`. The change is one
 * guarded UPDATE: it happens only if afterwards nothing is negative, the available balance
 * (balance − frozen) is not negative and credit used stays within the limit; otherwise nothing
 * changes and the caller's transaction is refused with the reason. Concurrent movements on one
 * account serialise on that row (PostgreSQL row lock; SQLite one writer), so no sequence of
 * requests overspends.
 */
export async function move(trx: Trx, accountId: string, m: Movement): Promise<BizLedgerRow> {
  if (!Number.isSafeInteger(m.amount) || (m.kind === 'creditLimit' ? m.amount < 0 : m.amount <= 0)) throw refuse('funds.badAmount');
  const now = Date.now();
  let query;
  if (m.kind === 'creditLimit') {
    query = trx.updateTable('bizAccount').set({ creditLimit: m.amount, updatedAt: now }).where('id', '=', accountId).where('creditUsed', '<=', m.amount);
  } else {
    const k = KINDS[m.kind];
    const [db, df, dc] = [k.balance * m.amount, k.frozen * m.amount, k.credit * m.amount];
    query = trx
      .updateTable('bizAccount')
      .set((eb) => ({ balance: eb('balance', '+', db), frozen: eb('frozen', '+', df), creditUsed: eb('creditUsed', '+', dc), updatedAt: now }))
      .where('id', '=', accountId)
      // the constants stand on the right: Kysely writes `a + ? - b + ?` without brackets
      .where((eb) =>
        eb.and([
          eb('frozen', '>=', -df),
          eb(eb('balance', '-', eb.ref('frozen')), '>=', df - db),
          eb('creditUsed', '>=', -dc),
          eb(eb('creditUsed', '+', dc), '<=', eb.ref('creditLimit')),
        ]),
      );
  }
  const done = await query.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse(refusalOf(m.kind));
  const after = await trx.selectFrom('bizAccount').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
  const k = m.kind === 'creditLimit' ? { balance: 0, frozen: 0, credit: 0 } : KINDS[m.kind];
  const row: BizLedgerRow = {
    id: newId(), accountId, kind: m.kind, balanceDelta: k.balance * m.amount, frozenDelta: k.frozen * m.amount, creditUsedDelta: k.credit * m.amount,
    creditLimitAfter: Number(after.creditLimit), balanceAfter: Number(after.balance), frozenAfter: Number(after.frozen), creditUsedAfter: Number(after.creditUsed),
    refType: m.refType ?? null, refId: m.refId ?? null, note: m.note?.slice(0, 500) ?? null, createdBy: m.by, createdAt: now,
  };
  await trx.insertInto('bizLedger').values(row).execute();
  return row;
}

function refusalOf(kind: LedgerKind) {
  if (kind === 'creditLimit') return 'funds.limitBelowUsed' as const;
  if (kind === 'creditUse') return 'funds.creditExceeded' as const;
  if (kind === 'release' || kind === 'deduct') return 'funds.notFrozen' as const;
  if (kind === 'creditRelease' || kind === 'creditRepay') return 'funds.creditNotUsed' as const;
  return 'funds.insufficient' as const;
}

/** The ledger invariant: an account's figures are the sums of its ledger's deltas (tests and the bench check it). */
export async function ledgerMismatches(db: Trx): Promise<string[]> {
  const accounts = await db.selectFrom('bizAccount').selectAll().execute();
  const sums = await db
    .selectFrom('bizLedger')
    .select(['accountId', (eb) => eb.fn.sum<number>('balanceDelta').as('b'), (eb) => eb.fn.sum<number>('frozenDelta').as('f'), (eb) => eb.fn.sum<number>('creditUsedDelta').as('c')])
    .groupBy('accountId')
    .execute();
  const out: string[] = [];
  for (const a of accounts) {
    const s = sums.find((x) => x.accountId === a.id);
    const [b, f, c] = [Number(s?.b ?? 0), Number(s?.f ?? 0), Number(s?.c ?? 0)];
    if (b !== Number(a.balance) || f !== Number(a.frozen) || c !== Number(a.creditUsed)) out.push(`${a.id}: balance ${a.balance}/${b}, frozen ${a.frozen}/${f}, credit ${a.creditUsed}/${c}`);
  }
  return out;
}
