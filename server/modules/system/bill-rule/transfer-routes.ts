import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db';
import type { BillRuleRow } from '../../../db/schema';
import { principalOf } from '../../../auth/access';
import { Envelope, ok } from '../../../http/envelope';
import { issueTicket } from '../../dictionary/tickets';
import { findRule } from './routes';
import { ExportLink, IdParams } from './schemas';
import { jsonDownloadRoute } from '../../../http/json-download';

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

  jsonDownloadRoute(app, {
    db, path: '/BillRule/Download/:ticket', kind: TICKET_KIND, tags: ['billRule'], expired: 'billRule.exportExpired',
    load: async (id) => {
      const rule = await db.selectFrom('baseBillRule').selectAll().where('id', '=', id).executeTakeFirst();
      return rule ? { name: rule.fullName, code: rule.enCode, body: exportFile(rule) } : null;
    },
  });
};
