import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { companyIn } from '../../../auth/org-tree';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, PagedQueryFields, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen, parseYuan } from '../../../../src/runtime/money';
import { accountOf, move, type Movement } from './ledger';

const manage = { access: { permission: 'business.funds:manage' as const } };
const tags = ['funds'];

const AccountRow = Type.Object({
  id: Type.String({ description: 'the customer organisation' }),
  organizeName: Type.String(),
  balanceText: Type.String(), frozenText: Type.String(), availableText: Type.String(), creditLimitText: Type.String(), creditUsedText: Type.String(), creditAvailableText: Type.String(),
  // the edit form: the current limit to change, the rest empty
  creditLimit: Type.String({ description: 'yuan' }), deposit: Type.String(), repay: Type.String(), note: Type.String(),
});
const Money = Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number(), Type.Null()]));

/** Customer organisations: the companies above the users of kind 'customer' (walked in memory: the tree is small). */
export async function customerCompanies(db: Db): Promise<{ id: string; fullName: string }[]> {
  const orgs = await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category', 'fullName', 'sortCode']).orderBy('sortCode').orderBy('id').execute();
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const users = await db.selectFrom('baseUser').select('organizeId').where('userKind', '=', 'customer').where('enabledMark', '=', 1).execute();
  const found = new Set<string>();
  for (const u of users) {
    const company = companyIn(byId, u.organizeId);
    if (company) found.add(company);
  }
  return orgs.filter((o) => found.has(o.id)).map((o) => ({ id: o.id, fullName: o.fullName }));
}

/**
 * 客户资金 (staff): every customer organisation's pool and credit line, and one form that records a
 * deposit, sets the credit limit and records a repayment — each given amount one movement, all in
 * one transaction (docs/BUSINESS.md).
 */
export const fundsAccountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const row = async (org: { id: string; fullName: string }) => {
    const a = await accountOf(db, org.id);
    return {
      id: org.id, organizeName: org.fullName, balanceText: formatFen(a.balance), frozenText: formatFen(a.frozen), availableText: formatFen(a.balance - a.frozen),
      creditLimitText: formatFen(a.creditLimit), creditUsedText: formatFen(a.creditUsed), creditAvailableText: formatFen(a.creditLimit - a.creditUsed),
      creditLimit: (a.creditLimit / 100).toFixed(2), deposit: '', repay: '', note: '',
    };
  };
  const companyNamed = async (id: string) => {
    const org = (await customerCompanies(db)).find((o) => o.id === id);
    if (!org) throw new AppError(ReplyCode.notFound, 'funds.noAccount');
    return org;
  };

  app.get('/CapitalPool/Accounts', { config: manage, schema: { tags, summary: 'Customer organisations with their pool and credit line (yuan); keyword matches the name', querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(AccountRow) } } }, async (request) => {
    const { currentPage, pageSize, keyword } = request.query;
    const k = keyword?.trim().toLowerCase() ?? '';
    const all = (await customerCompanies(db)).filter((o) => !k || o.fullName.toLowerCase().includes(k));
    const page = all.slice((currentPage - 1) * pageSize, currentPage * pageSize);
    return ok({ list: await Promise.all(page.map(row)), pagination: { currentPage, pageSize, total: all.length } });
  });

  app.get('/CapitalPool/Accounts/:id', { config: manage, schema: { tags, summary: 'One customer organisation\'s figures, for the form', params: Type.Object({ id: Type.String({ maxLength: 50 }) }), response: { 200: Envelope(AccountRow) } } }, async (request) =>
    ok(await row(await companyNamed(request.params.id))),
  );

  app.put(
    '/CapitalPool/Accounts/:id',
    {
      config: manage,
      schema: { tags, summary: 'Records a deposit, sets the credit limit, records a repayment (yuan; each one given is a movement, all or none)', params: Type.Object({ id: Type.String({ maxLength: 50 }) }), body: Type.Object({ deposit: Money, creditLimit: Money, repay: Money, note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])) }), response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const org = await companyNamed(request.params.id);
      const by = principalOf(request).user.id;
      const note = request.body.note?.trim() || null;
      const given = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';
      const amount = (v: unknown, zeroOk: boolean) => {
        const fen = parseYuan(v);
        if (fen === null || fen < 0 || (!zeroOk && fen === 0)) throw refuse('funds.badAmount');
        return fen;
      };
      const moves: Movement[] = [];
      const current = await accountOf(db, org.id);
      if (given(request.body.deposit)) moves.push({ kind: 'deposit', amount: amount(request.body.deposit, false), note, by, refType: 'staff' });
      if (given(request.body.repay)) moves.push({ kind: 'creditRepay', amount: amount(request.body.repay, false), note, by, refType: 'staff' });
      if (given(request.body.creditLimit)) {
        const limit = amount(request.body.creditLimit, true);
        if (limit !== current.creditLimit) moves.push({ kind: 'creditLimit', amount: limit, note, by, refType: 'staff' });
      }
      if (moves.length === 0) throw refuse('funds.nothingToRecord');
      await db.transaction().execute(async (trx) => {
        for (const m of moves) await move(trx, org.id, m);
      });
      return done(request.t('funds.recorded'));
    },
  );
};
