import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import type { BillRuleRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { AppError } from '../../../http/errors';
import { Envelope, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { issueTicket, redeemTicket, TICKET_PATTERN } from '../../dictionary/tickets';
import { findRule } from './routes';
import { ExportLink, IdParams } from './schemas';

const TICKET_KIND = 'billRule';

/** The export file of one rule: its definition, not its counter (numbers belong to the installation that issued them). */
export function exportFile(r: BillRuleRow) {
  return {
    kind: 'billRule' as const,
    version: 1 as const,
    rule: {
      fullName: r.fullName, enCode: r.enCode, category: r.category, prefix: r.prefix, dateFormat: r.dateFormat, digit: Number(r.digit),
      startNumber: r.startNumber, sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), description: r.description,
    },
  };
}

/** GET /api/system/BillRule/{id}/Action/Export (spec 7.13): a download link, as the dictionary exports answer. */
export const billRuleTransferRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/BillRule/:id/Action/Export',
    { config: { access: { permission: 'system.billRule:manage' } }, schema: { tags: ['billRule'], summary: 'Export link for the rule (JSON file)', params: IdParams, response: { 200: Envelope(ExportLink) } } },
    async (request) => {
      const rule = await findRule(db, request.params.id);
      const ticket = await issueTicket(db, TICKET_KIND, rule.id, principalOf(request).user.id);
      return ok({ url: `/api/system/BillRule/Download/${ticket}`, name: `${rule.fullName}.json` });
    },
  );

  app.get(
    '/BillRule/Download/:ticket',
    {
      // Opened by the browser without a header: the unguessable five-minute ticket is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['billRule'], summary: 'Download an export file', params: Type.Object({ ticket: Type.String({ pattern: TICKET_PATTERN }) }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/json file' }) },
      },
    },
    async (request, reply) => {
      const id = await redeemTicket(db, TICKET_KIND, request.params.ticket);
      const rule = id ? await db.selectFrom('baseBillRule').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
      if (!rule) throw new AppError(ReplyCode.notFound, 'billRule.exportExpired');
      const name = encodeURIComponent(`${rule.fullName}.json`);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(rule.enCode)}.json"; filename*=UTF-8''${name}`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(JSON.stringify(exportFile(rule), null, 2), 'utf8'));
    },
  );
};
