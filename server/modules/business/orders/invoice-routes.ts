import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { likePattern } from '../../permission/entity-form';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen, parseYuan } from '../../../../src/runtime/money';
import { covers, orderingScope } from '../scope';
import { issueInvoice, rejectInvoice, requestInvoice, validTaxNo } from './invoice';
import { timeRange } from './time';
import { invoiceFilesOf, type InvoiceFile } from './invoice-file';

const signedIn = { access: 'signedIn' as const };
const manage = { access: { permission: 'business.invoice:manage' as const } };
const tags = ['invoices'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });

const InvoiceView = Type.Object({
  id: Type.String(), invoiceNo: Type.String(), organizeId: Type.String(), organizeName: Type.String(), orderId: Type.String(), orderNo: Type.String(),
  title: Type.String(), taxNo: Type.String(), amount: Type.Integer({ description: 'fen' }), amountText: Type.String(), status: Type.Integer({ description: '1 requested, 2 issued, 3 rejected' }),
  reason: Type.String(), fileJson: Type.String(), file: Type.Array(Type.Object({ name: Type.String(), fileId: Type.String(), url: Type.String() }), { description: 'the issued invoice’s files (downloadable by its organisation)' }), fileNames: Type.String({ description: 'the attached files\' names' }), createdAt: Type.Number(), handledAt: Type.Union([Type.Number(), Type.Null()]),
});
const Invoiceable = Type.Object({ id: Type.String(), label: Type.String({ description: 'order number and what is left, for pickers' }), orderNo: Type.String(), settledAmountText: Type.String(), invoicedAmountText: Type.String(), remaining: Type.Integer({ description: 'fen still to invoice' }), remainingText: Type.String() });

/** The files of a stored invoice (written by invoiceFilesOf: a list of {name, fileId, url}). */
function filesOf(json: string | null): InvoiceFile[] {
  try {
    const value: unknown = json ? JSON.parse(json) : [];
    return Array.isArray(value) ? (value as InvoiceFile[]).map((f) => ({ name: String(f.name ?? ''), fileId: String(f.fileId ?? ''), url: String(f.url ?? '') })) : [];
  } catch {
    return [];
  }
}

/** The names in a stored upload's JSON (one file or a list of them). */
function fileNamesOf(json: string | null): string {
  if (!json) return '';
  try {
    const value: unknown = JSON.parse(json);
    const files = Array.isArray(value) ? value : [value];
    return files.map((f) => (f && typeof f === 'object' && typeof (f as { name?: unknown }).name === 'string' ? (f as { name: string }).name : '')).filter(Boolean).join(', ');
  } catch {
    return '';
  }
}

/** Invoices (issue 15 item 8; docs/BUSINESS.md "Invoices"): a customer requests for its settled orders; staff with business.invoice:manage issue or reject. */
export const invoiceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const scopeOf = (request: Parameters<typeof orderingScope>[1]) => orderingScope(db, request, 'business.invoice:manage');

  app.get('/Invoice', { config: signedIn, schema: { tags, summary: "Invoices, newest first: a customer's own organisation's, everyone's for staff with business.invoice:manage; keyword matches invoice or order number", querystring: Type.Object({ ...PagedQueryFields, status: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 3 }), Type.Literal('')])), startTime: Type.Optional(Type.Number()), endTime: Type.Optional(Type.Number()), createdAt: Type.Optional(Type.String({ maxLength: 60 })) }), response: { 200: PagedEnvelope(InvoiceView) } } }, async (request) => {
    const { currentPage, pageSize, keyword, status } = request.query;
    const scope = await scopeOf(request);
    const [from, to] = timeRange(request.query);
    let q = db.selectFrom('bizInvoice').leftJoin('bizOrder', 'bizOrder.id', 'bizInvoice.orderId').leftJoin('baseOrganize', 'baseOrganize.id', 'bizInvoice.organizeId');
    if (scope.organizeId !== null) q = q.where('bizInvoice.organizeId', '=', scope.organizeId);
    if (status !== undefined && status !== '') q = q.where('bizInvoice.status', '=', status as 1 | 2 | 3);
    const like = likePattern(keyword);
    if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['bizInvoice.invoiceNo']), 'like', like), eb(eb.fn('lower', ['bizOrder.orderNo']), 'like', like)]));
    if (from !== null) q = q.where('bizInvoice.createdAt', '>=', from);
    if (to !== null) q = q.where('bizInvoice.createdAt', '<=', to);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q.selectAll('bizInvoice').select(['bizOrder.orderNo', 'baseOrganize.fullName as organizeName']).orderBy('bizInvoice.createdAt', 'desc').orderBy('bizInvoice.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const list = rows.map((r) => ({
      id: r.id, invoiceNo: r.invoiceNo, organizeId: r.organizeId, organizeName: r.organizeName ?? '', orderId: r.orderId, orderNo: r.orderNo ?? '', title: r.title, taxNo: r.taxNo,
      amount: Number(r.amount), amountText: formatFen(Number(r.amount)), status: Number(r.status), reason: r.reason ?? '', fileJson: r.fileJson ?? '', file: filesOf(r.fileJson), fileNames: fileNamesOf(r.fileJson), createdAt: Number(r.createdAt), handledAt: r.handledAt === null ? null : Number(r.handledAt),
    }));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
  });

  app.get('/Invoice/Orders', { config: signedIn, schema: { tags, summary: "The caller's settled orders with an amount still to invoice", response: { 200: Envelope(Type.Array(Invoiceable)) } } }, async (request) => {
    const scope = await scopeOf(request);
    let q = db.selectFrom('bizOrder').select(['id', 'orderNo', 'settledAmount', 'invoicedAmount']).where('status', '=', 4);
    if (scope.organizeId !== null) q = q.where('organizeId', '=', scope.organizeId);
    const rows = await q.orderBy('createdAt', 'desc').limit(500).execute();
    return ok(rows.map((r) => ({ id: r.id, orderNo: r.orderNo, settled: Number(r.settledAmount ?? 0), invoiced: Number(r.invoicedAmount) }))
      .filter((r) => r.settled > r.invoiced)
      .map((r) => ({ id: r.id, label: `${r.orderNo} · ¥${formatFen(r.settled - r.invoiced)}`, orderNo: r.orderNo, settledAmountText: formatFen(r.settled), invoicedAmountText: formatFen(r.invoiced), remaining: r.settled - r.invoiced, remainingText: formatFen(r.settled - r.invoiced) })));
  });

  app.post('/Invoice', { config: signedIn, schema: { tags, summary: 'Requests an invoice for a settled order (amount in yuan, at most what is settled and not yet requested)', body: Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 50 }), title: Type.String({ maxLength: 100 }), taxNo: Type.String({ maxLength: 30 }), amount: Type.Union([Type.String({ maxLength: 30 }), Type.Number()]) }), response: { 200: Envelope(InvoiceView) } } }, async (request) => {
    const scope = await scopeOf(request);
    const order = await db.selectFrom('bizOrder').select(['id', 'orderNo', 'organizeId']).where('id', '=', request.body.orderId).executeTakeFirst();
    if (!order || !covers(scope, order.organizeId)) throw new AppError(ReplyCode.notFound, 'orders.notFound');
    const title = request.body.title.trim();
    if (!title) throw refuse('orders.noTitle');
    const taxNo = request.body.taxNo.trim().toUpperCase();
    if (!validTaxNo(taxNo)) throw refuse('orders.badTaxNo');
    const amount = parseYuan(request.body.amount);
    if (amount === null || amount <= 0) throw refuse('orders.badAmount');
    const row = await requestInvoice(db, { orderId: order.id, organizeId: order.organizeId, title, taxNo, amount, by: principalOf(request).user.id });
    return ok({ ...row, organizeName: '', orderNo: order.orderNo, amountText: formatFen(row.amount), reason: '', fileJson: '', file: [], fileNames: '' }, request.t('orders.invoiceRequested'));
  });

  app.post('/Invoice/:id/Issue', { config: manage, schema: { tags, summary: 'Issues a requested invoice, optionally with its file (a stored upload\'s JSON)', params: IdParams, body: Type.Object({ file: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Record(Type.String(), Type.Unknown()), Type.Array(Type.Unknown(), { maxItems: 10 }), Type.Null()])) }), response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    const files = await invoiceFilesOf(db, principalOf(request), request.body.file);
    const fileJson = files.length ? JSON.stringify(files) : null;
    await issueInvoice(db, request.params.id, principalOf(request).user.id, fileJson);
    return ok(null, request.t('orders.invoiceIssued'));
  });

  app.post('/Invoice/:id/Reject', { config: manage, schema: { tags, summary: 'Rejects a requested invoice with a reason; its amount may be requested again', params: IdParams, body: Type.Object({ reason: Type.String({ maxLength: 500 }) }), response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    const reason = request.body.reason.trim();
    if (!reason) throw refuse('orders.noReason');
    await rejectInvoice(db, request.params.id, principalOf(request).user.id, reason);
    return ok(null, request.t('orders.invoiceRejected'));
  });
};
