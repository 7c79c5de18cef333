import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import XLSX from '@e965/xlsx';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError } from '../../../http/errors';
import { Envelope, ok } from '../../../http/envelope';
import { issueTicket, redeemTicket, TICKET_PATTERN } from '../../dictionary/tickets';
import { ReplyCode } from '../../../../src/runtime/codes';
import { isLocale, translate, type Locale, type MessageKey } from '../../../../src/runtime/i18n';
import { KINDS } from './ledger';
import { CREDIT_KINDS, ledgerQuery, ledgerRowView } from './ledger-view';
import { organisationFor } from './organisation';

const tags = ['funds'];
const TICKET_KIND = 'bizLedger';
/** The most rows one export holds (years of an organisation's movements). */
const MAX_ROWS = 100_000;
const KIND_NAMES = [...Object.keys(KINDS), 'creditLimit'];
/** Times as the platform's people read them: China Standard Time, 'YYYY-MM-DD HH:mm:ss'. */
const TIME = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const Filter = {
  kind: Type.Optional(Type.Union(KIND_NAMES.map((k) => Type.Literal(k)))),
  startTime: Type.Optional(Type.Number()),
  endTime: Type.Optional(Type.Number()),
  credit: Type.Optional(Type.Boolean({ description: 'only the credit line’s movements (/credit)' })),
};

const fileName = (organisation: string, locale: Locale, credit: boolean) => `${organisation}-${translate(locale, credit ? 'fundsUi.creditLedger' : 'fundsUi.ledger')}.xlsx`;

/**
 * The ledger as a spreadsheet (issue 15 item 2): 导出 asks for a five-minute link (the browser
 * opens it without its bearer header: the unguessable ticket names the organisation and who
 * asked), then downloads the .xlsx of the same rows the list shows under the same filters, headed
 * and labelled in the language asked for.
 */
export const fundsExportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/CapitalPool/Ledger/Export', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'A five-minute link to the ledger as .xlsx under the list’s filters',
      body: Type.Object({ organizeId: Type.Optional(Type.String({ maxLength: 50 })), ...Filter }),
      response: { 200: Envelope(Type.Object({ url: Type.String(), name: Type.String() })) },
    },
  }, async (request) => {
    const org = await organisationFor(db, request, request.body.organizeId);
    const ticket = await issueTicket(db, TICKET_KIND, org.id, principalOf(request).user.id);
    const query = new URLSearchParams({ lang: request.locale });
    const { kind, startTime, endTime, credit } = request.body;
    if (kind) query.set('kind', kind);
    if (startTime !== undefined) query.set('startTime', String(startTime));
    if (endTime !== undefined) query.set('endTime', String(endTime));
    if (credit) query.set('credit', '1');
    return ok({ url: `/api/business/CapitalPool/Ledger/Download/${ticket}?${query}`, name: fileName(org.name, request.locale, Boolean(credit)) });
  });

  app.get('/CapitalPool/Ledger/Download/:ticket', {
    // opened by the browser without a header: the ticket is the credential
    config: { access: 'public' },
    schema: {
      tags, summary: 'Download the ledger (.xlsx)', params: Type.Object({ ticket: Type.String({ pattern: TICKET_PATTERN }) }),
      querystring: Type.Object({ kind: Filter.kind, startTime: Filter.startTime, endTime: Filter.endTime, credit: Type.Optional(Type.Literal('1')), lang: Type.Optional(Type.String({ maxLength: 10 })) }),
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) },
    },
  }, async (request, reply) => {
    const orgId = await redeemTicket(db, TICKET_KIND, request.params.ticket);
    if (!orgId) throw new AppError(ReplyCode.notFound, 'funds.exportExpired');
    const locale: Locale = isLocale(request.query.lang) ? request.query.lang : request.locale;
    const { kind, startTime, endTime, credit } = request.query;
    const rows = await ledgerQuery(db, orgId, { kind, startTime, endTime, only: credit ? CREDIT_KINDS : null }).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(MAX_ROWS).execute();
    const t = (key: MessageKey) => translate(locale, key);
    const head = (['fundsUi.time', 'fundsUi.kind', 'fundsUi.balanceChange', 'fundsUi.frozenChange', 'fundsUi.creditChange', 'fundsUi.balanceAfter', 'fundsUi.availableAfter', 'fundsUi.creditAvailableAfter', 'fundsUi.note'] as const).map(t);
    const body = rows.map(ledgerRowView).map((r) => [
      TIME.format(r.createdAt), t(`funds.kind.${r.kind}` as MessageKey), r.balanceText, r.frozenText, r.creditText, r.balanceAfterText, r.availableAfterText, r.creditAvailableAfterText, r.note ?? '',
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([head, ...body]), 'ledger');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const org = await db.selectFrom('baseOrganize').select('fullName').where('id', '=', orgId).executeTakeFirst();
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="ledger.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName(org?.fullName ?? '', locale, Boolean(credit)))}`)
      .header('cache-control', 'no-store')
      .send(file);
  });
};
