import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { Envelope, Nullable, ok } from '../../../http/envelope';
import { formatFen } from '../../../../src/runtime/money';
import { readSysConfig } from '../../system/config-store';
import { accountOf } from './ledger';
import { organisationFor } from './organisation';
import { billsOf } from './debts';

const BillView = Type.Object({
  orderId: Nullable(Type.String()), orderNo: Type.String(), date: Type.Number(), dueAt: Type.Number(),
  amountText: Type.String(), repaidText: Type.String(), outstanding: Type.Integer({ description: 'fen' }), outstandingText: Type.String(), overdue: Type.Boolean(), daysOverdue: Type.Integer(),
});
const DebtView = Type.Object({
  organizeId: Type.String(), organizeName: Type.String(), termDays: Type.Integer(),
  creditLimitText: Type.String(), creditUsed: Type.Integer({ description: 'fen' }), creditUsedText: Type.String(), creditAvailableText: Type.String(),
  overdue: Type.Integer({ description: 'fen past due' }), overdueText: Type.String(), overdueCount: Type.Integer(), dueSoonText: Type.String({ description: 'due within 7 days, not yet overdue' }),
  bills: Type.Array(BillView, { description: 'bills still owed, by due date' }),
  repayments: Type.Array(Type.Object({ amountText: Type.String(), note: Nullable(Type.String()), createdAt: Type.Number() }), { description: 'the latest 50 repayments' }),
});
const WEEK = 7 * 86_400_000;

/** /debtHome's data (issue 21 item 3; docs/BUSINESS.md "Debts"): one's own organisation's, another's with business.funds:manage. */
export const debtRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Debt', {
    config: { access: 'signedIn' },
    schema: { tags: ['funds'], summary: 'What an organisation owes on its credit line: bills by due date with what is past due, and its repayments', querystring: Type.Object({ organizeId: Type.Optional(Type.String({ maxLength: 50 })) }), response: { 200: Envelope(DebtView) } },
  }, async (request) => {
    const org = await organisationFor(db, request, request.query.organizeId);
    const account = await accountOf(db, org.id);
    const termDays = (await readSysConfig(db)).creditTermDays;
    const rows = await db.selectFrom('bizLedger').select(['kind', 'creditUsedDelta', 'refId', 'note', 'createdAt'])
      .where('accountId', '=', org.id).where('kind', 'in', ['creditUse', 'creditRelease', 'creditRepay'])
      .orderBy('createdAt').orderBy('id').execute();
    const now = Date.now();
    const { bills } = billsOf(rows.map((r) => ({ kind: r.kind, amount: Math.abs(Number(r.creditUsedDelta)), refId: r.refId, createdAt: Number(r.createdAt) })), termDays, now);
    const owed = bills.filter((b) => b.outstanding > 0);
    const ids = owed.map((b) => b.orderId).filter((id): id is string => id !== null);
    const numbers = new Map(ids.length ? (await db.selectFrom('bizOrder').select(['id', 'orderNo']).where('id', 'in', ids).execute()).map((o) => [o.id, o.orderNo]) : []);
    const overdue = owed.filter((b) => b.overdue).reduce((s, b) => s + b.outstanding, 0);
    const dueSoon = owed.filter((b) => !b.overdue && b.dueAt - now <= WEEK).reduce((s, b) => s + b.outstanding, 0);
    const repayments = rows.filter((r) => r.kind === 'creditRepay').slice(-50).reverse();
    return ok({
      organizeId: org.id, organizeName: org.name, termDays,
      creditLimitText: formatFen(account.creditLimit), creditUsed: account.creditUsed, creditUsedText: formatFen(account.creditUsed), creditAvailableText: formatFen(account.creditLimit - account.creditUsed),
      overdue, overdueText: formatFen(overdue), overdueCount: owed.filter((b) => b.overdue).length, dueSoonText: formatFen(dueSoon),
      bills: owed.sort((a, b) => a.dueAt - b.dueAt).map((b) => ({
        orderId: b.orderId, orderNo: (b.orderId && numbers.get(b.orderId)) ?? '', date: b.date, dueAt: b.dueAt,
        amountText: formatFen(b.amount), repaidText: formatFen(b.repaid), outstanding: b.outstanding, outstandingText: formatFen(b.outstanding), overdue: b.overdue, daysOverdue: b.daysOverdue,
      })),
      repayments: repayments.map((r) => ({ amountText: formatFen(Math.abs(Number(r.creditUsedDelta))), note: r.note, createdAt: Number(r.createdAt) })),
    });
  });
};
