import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { parseYuan } from '../../../../src/runtime/money';
import { accountOf, KINDS, move, type LedgerKind } from './ledger';
import { organisationFor } from './organisation';
import { CREDIT_KINDS, ledgerQuery, ledgerRowView } from './ledger-view';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.funds:manage' as const } };
const tags = ['funds'];

const AccountView = Type.Object({
  organizeId: Type.String(),
  organizeName: Type.String(),
  balance: Type.Integer({ description: 'fen' }),
  frozen: Type.Integer({ description: 'fen' }),
  available: Type.Integer({ description: 'fen: balance − frozen' }),
  creditLimit: Type.Integer({ description: 'fen' }),
  creditUsed: Type.Integer({ description: 'fen' }),
  creditAvailable: Type.Integer({ description: 'fen: limit − used' }),
});
const LedgerView = Type.Object({
  id: Type.String(), kind: Type.String(), balanceDelta: Type.Integer(), frozenDelta: Type.Integer(), creditUsedDelta: Type.Integer(),
  balanceAfter: Type.Integer(), frozenAfter: Type.Integer(), creditUsedAfter: Type.Integer(), creditLimitAfter: Type.Integer(),
  refType: Type.Union([Type.String(), Type.Null()]), refId: Type.Union([Type.String(), Type.Null()]), note: Type.Union([Type.String(), Type.Null()]), createdAt: Type.Number(),
  // the same amounts as people read them (yuan, two decimals), for lists
  balanceText: Type.String(), frozenText: Type.String(), creditText: Type.String(), balanceAfterText: Type.String(), availableAfterText: Type.String(), creditAvailableAfterText: Type.String(),
});
const Which = { organizeId: Type.Optional(Type.String({ maxLength: 50, description: "a customer organisation; others than one's own need business.funds:manage" })) };
const Money = Type.Union([Type.String({ maxLength: 30 }), Type.Number()], { description: 'yuan, at most two decimals' });
const KIND_NAMES = [...(Object.keys(KINDS) as LedgerKind[]), 'creditLimit' as const];

/** The money routes (issue 15 items 2-3; docs/BUSINESS.md): a customer sees its own organisation's; staff with business.funds:manage any, and record deposits, limits and repayments. */
export const fundsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const organisationOf = (request: FastifyRequest, named: string | undefined) => organisationFor(db, request, named);
  const view = (org: { id: string; name: string }, a: Awaited<ReturnType<typeof accountOf>>) => ({
    organizeId: org.id, organizeName: org.name, balance: a.balance, frozen: a.frozen, available: a.balance - a.frozen, creditLimit: a.creditLimit, creditUsed: a.creditUsed, creditAvailable: a.creditLimit - a.creditUsed,
  });
  const amountOf = (value: unknown) => {
    const fen = parseYuan(value);
    if (fen === null || fen <= 0) throw refuse('funds.badAmount');
    return fen;
  };

  app.get('/CapitalPool', { config: signedIn, schema: { tags, summary: 'An organisation\'s capital pool and credit line (fen)', querystring: Type.Object(Which), response: { 200: Envelope(AccountView) } } }, async (request) => {
    const org = await organisationOf(request, request.query.organizeId);
    return ok(view(org, await accountOf(db, org.id)));
  });

  // 资金池 lists every movement; 授信额度 (/Credit/Ledger) only those of the credit line
  for (const [url, only] of [['/CapitalPool/Ledger', null], ['/Credit/Ledger', CREDIT_KINDS]] as const)
    app.get(
      url,
      {
        config: signedIn,
        schema: {
          tags, summary: only ? "The credit line's movements of an organisation, newest first; kind, startTime and endTime (ms) filter" : 'The ledger of an organisation, newest first; kind, startTime and endTime (ms) filter',
          querystring: Type.Object({ ...Which, ...PagedQueryFields, kind: Type.Optional(Type.Union(KIND_NAMES.map((k) => Type.Literal(k)))), startTime: Type.Optional(Type.Number()), endTime: Type.Optional(Type.Number()) }),
          response: { 200: PagedEnvelope(LedgerView) },
        },
      },
      async (request) => {
        const { currentPage, pageSize, kind, startTime, endTime } = request.query;
        const org = await organisationOf(request, request.query.organizeId);
        const q = ledgerQuery(db, org.id, { kind, only, startTime, endTime });
        const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
        const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
        const list = rows.map(ledgerRowView);
        return ok({ list: list.map(({ accountId: _a, createdBy: _c, ...rest }) => rest), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
      },
    );

  const staffMovement = (url: string, summary: string, kind: LedgerKind, doneKey: 'funds.deposited' | 'funds.limitSet' | 'funds.repaid', field: 'amount' | 'limit') =>
    app.post(
      url,
      { config: manage, schema: { tags, summary, body: Type.Object({ organizeId: Type.String({ maxLength: 50 }), [field]: Money, note: Type.Optional(Type.String({ maxLength: 500 })) }), response: { 200: Envelope(AccountView) } } },
      async (request) => {
        const body = request.body as Record<string, unknown> & { organizeId: string; note?: string };
        const org = await organisationOf(request, body.organizeId);
        const fen = field === 'limit' ? parseYuan(body.limit) : amountOf(body.amount);
        if (fen === null || fen < 0) throw refuse('funds.badAmount');
        const after = await db.transaction().execute(async (trx) => {
          await accountOf(trx, org.id);
          await move(trx, org.id, { kind, amount: fen, note: body.note ?? null, by: principalOf(request).user.id, refType: 'staff' });
          return accountOf(trx, org.id);
        });
        return ok(view(org, after), request.t(doneKey));
      },
    );
  staffMovement('/CapitalPool/Deposit', 'Records money a customer paid in (yuan)', 'deposit', 'funds.deposited', 'amount');
  staffMovement('/Credit/Limit', 'Sets an organisation\'s credit limit (yuan; not below what is used)', 'creditLimit', 'funds.limitSet', 'limit');
  staffMovement('/Credit/Repay', 'Records a credit repayment (yuan; not more than is used)', 'creditRepay', 'funds.repaid', 'amount');
};
