import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError } from '../../../http/errors';
import { Envelope, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { issueBillNumber } from './number';
import { CodeParams } from './schemas';
import { mayDraw } from './usage';

/** GET /api/system/BillRule/BillNumber/{code}: the next number of a rule (spec 7.13). */
export const billNumberRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/BillRule/BillNumber/:code',
    {
      // signed in, then judged by the handler: rule managers, or a form the caller is granted draws from the rule
      config: { access: 'signedIn' },
      // GET uses a number up (the product's call); a HEAD must not
      exposeHeadRoute: false,
      schema: {
        tags: ['billRule'],
        summary: 'The next number of the rule with this code (uses it up; a record created with it keeps it). Records get theirs on save without this call.',
        params: CodeParams,
        response: { 200: Envelope(Type.String({ description: 'the number' })) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!(await mayDraw(db, principal, request.params.code))) throw new AppError(ReplyCode.forbidden, 'billRule.drawDenied');
      return ok(await issueBillNumber(db, request.params.code, principal.user.id));
    },
  );
};
