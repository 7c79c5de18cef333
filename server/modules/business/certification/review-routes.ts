import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { likePattern } from '../../permission/entity-form';
import { ReplyCode } from '../../../../src/runtime/codes';
import { approveRegistration } from '../../current-user/registration-routes';
import { CERT_STATUS } from './certification';
import { decideCertification, notifyDecision } from './review';
import { CertificationView, QueueItem } from './schemas';
import { certificationView } from './view';

const review = { access: { permission: 'business.certification:review' as const } };
const tags = ['certification'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });
const Version = { version: Type.Integer({ minimum: 0, description: 'the version the reviewer saw' }) };

/**
 * The review queue (staff with business.certification:review): organisations' certifications and,
 * as the issue asks, the self-registrations still awaiting approval (kind 'registration'), approved
 * here through the registration's own approval (approveRegistration), not a copy of it.
 */
export const certificationReviewRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Certification/Queue',
    {
      config: review,
      schema: {
        tags, summary: 'Certifications (status filter; absent: awaiting review) and pending self-registrations, oldest submission first; keyword matches the company name or the credit code',
        querystring: Type.Object({ ...PagedQueryFields, status: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 3 }), Type.Literal(''), Type.Literal('all')])), kind: Type.Optional(Type.Union([Type.Literal('certification'), Type.Literal('registration'), Type.Literal('')])) }),
        response: { 200: PagedEnvelope(QueueItem) },
      },
    },
    async (request) => {
      const { currentPage, pageSize, keyword, kind } = request.query;
      const status = request.query.status === undefined || request.query.status === '' ? CERT_STATUS.submitted : request.query.status;
      const like = likePattern(keyword);
      const window = currentPage * pageSize;
      // certifications (never plain drafts: nothing to review there unless asked for by status)
      let certs = db.selectFrom('bizCertification as c').leftJoin('baseUser as u', 'u.id', 'c.submittedBy');
      if (status !== 'all') certs = certs.where('c.status', '=', status as 0 | 1 | 2 | 3);
      else certs = certs.where('c.status', '!=', CERT_STATUS.draft);
      if (like) certs = certs.where((eb) => eb.or([eb(eb.fn('lower', ['c.companyName']), 'like', like), eb(eb.fn('lower', ['c.creditCode']), 'like', like)]));
      // registrations wait for approval: they belong to the pending view (and to "all")
      let regs = db.selectFrom('baseRegistration as r').innerJoin('baseUser as u', 'u.id', 'r.userId').where('r.state', '=', 'pending');
      if (like) regs = regs.where((eb) => eb(eb.fn('lower', ['r.companyName']), 'like', like));
      const withCerts = kind !== 'registration';
      const withRegs = kind !== 'certification' && (status === CERT_STATUS.submitted || status === 'all');
      const count = async (q: typeof certs | typeof regs) => Number((await (q as typeof certs).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const certRows = withCerts
        ? await certs.select(['c.id', 'c.companyName', 'c.creditCode', 'c.status', 'c.certifiedAt', 'c.submittedAt', 'c.createdAt', 'c.version', 'u.realName', 'u.account', 'u.mobile']).orderBy('c.submittedAt').orderBy('c.id').limit(window).execute()
        : [];
      const regRows = withRegs ? await regs.select(['r.userId', 'r.companyName', 'r.contactName', 'r.mobile', 'r.createdAt']).orderBy('r.createdAt').orderBy('r.id').limit(window).execute() : [];
      const items = [
        ...certRows.map((c) => ({
          kind: 'certification' as const, id: c.id, companyName: c.companyName ?? '', creditCode: c.creditCode ?? '', applicant: c.realName || c.account || '', mobile: c.mobile ?? '',
          status: c.status, certified: c.certifiedAt != null, submittedAt: Number(c.submittedAt ?? c.createdAt), version: c.version,
        })),
        ...regRows.map((r) => ({
          kind: 'registration' as const, id: r.userId, companyName: r.companyName, creditCode: '', applicant: r.contactName, mobile: r.mobile, status: CERT_STATUS.submitted, certified: false, submittedAt: Number(r.createdAt), version: 0,
        })),
      ].sort((a, b) => a.submittedAt - b.submittedAt || a.id.localeCompare(b.id));
      const total = (withCerts ? await count(certs) : 0) + (withRegs ? await count(regs) : 0);
      return ok({ list: items.slice((currentPage - 1) * pageSize, window), pagination: { currentPage, pageSize, total } });
    },
  );

  app.get('/Certification/Queue/:id', { config: review, schema: { tags, summary: 'One certification with its data for review', params: IdParams, response: { 200: Envelope(CertificationView) } } }, async (request) => {
    const row = await db.selectFrom('bizCertification').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw new AppError(ReplyCode.notFound, 'certification.notFound');
    return ok(await certificationView(db, row.organizeId, row));
  });

  app.post(
    '/Certification/:id/Approve',
    { config: review, schema: { tags, summary: 'Approves a submitted certification: the organisation is certified (may order) from now on; its users are told', params: IdParams, body: Type.Object(Version), response: { 200: Envelope(CertificationView) } } },
    async (request) => {
      const row = await decideCertification(db, request, request.params.id, request.body.version, { approve: true });
      await notifyDecision(db, app.realtime, request.log, row, principalOf(request).user.id);
      return ok(await certificationView(db, row.organizeId, row), request.t('certification.approved'));
    },
  );

  app.post(
    '/Certification/:id/Reject',
    {
      config: review,
      schema: { tags, summary: 'Rejects a submitted certification with a reason its users read; they may correct it and submit again', params: IdParams, body: Type.Object({ ...Version, reason: Type.String({ maxLength: 500 }) }), response: { 200: Envelope(CertificationView) } },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (!reason) throw refuse('certification.reasonRequired');
      const row = await decideCertification(db, request, request.params.id, request.body.version, { approve: false, reason });
      await notifyDecision(db, app.realtime, request.log, row, principalOf(request).user.id);
      return ok(await certificationView(db, row.organizeId, row), request.t('certification.rejected'));
    },
  );

  app.post(
    '/Certification/Registration/:id/Approve',
    { config: review, schema: { tags, summary: 'Approves a pending self-registration from the queue (id: the account): the same approval as PUT /api/permission/Users/Current/Registration/{id}/Actions/Approve', params: IdParams, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await approveRegistration(db, request, request.params.id);
      return ok(null, request.t('certification.review.registrationApproved'));
    },
  );
};
