import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { Envelope, ok } from '../../../http/envelope';
import { CERT_STATUS, certificationOf, checkedData, ownCompany } from './certification';
import { writeCertification } from './review';
import { CertificationBody, CertificationView } from './schemas';
import { certificationView } from './view';

const signedIn = { access: 'signedIn' as const };
const tags = ['certification'];

/** A customer's own organisation's certification (/authentication; docs/BUSINESS.md "Enterprise certification"). */
export const certificationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Certification', { config: signedIn, schema: { tags, summary: "The caller's organisation's certification (status null: none started)", response: { 200: Envelope(CertificationView) } } }, async (request) => {
    const organizeId = await ownCompany(db, principalOf(request));
    return ok(await certificationView(db, organizeId, await certificationOf(db, organizeId)));
  });

  app.put('/Certification', { config: signedIn, schema: { tags, summary: 'Saves a draft (not while a submission is under review)', body: CertificationBody, response: { 200: Envelope(CertificationView) } } }, async (request) => {
    const principal = principalOf(request);
    const organizeId = await ownCompany(db, principal);
    const data = await checkedData(db, principal, request.locale, request.body, await certificationOf(db, organizeId), false);
    await writeCertification(db, request, organizeId, data, request.body.version, CERT_STATUS.draft);
    return ok(await certificationView(db, organizeId, await certificationOf(db, organizeId)), request.t('certification.saved'));
  });

  app.post(
    '/Certification/Submit',
    { config: signedIn, schema: { tags, summary: 'Submits for review: every field, a valid credit code, an uploaded licence image, an existing area; again after a rejection or to change approved data', body: CertificationBody, response: { 200: Envelope(CertificationView) } } },
    async (request) => {
      const principal = principalOf(request);
      const organizeId = await ownCompany(db, principal);
      const data = await checkedData(db, principal, request.locale, request.body, await certificationOf(db, organizeId), true);
      await writeCertification(db, request, organizeId, data, request.body.version, CERT_STATUS.submitted);
      return ok(await certificationView(db, organizeId, await certificationOf(db, organizeId)), request.t('certification.submitted'));
    },
  );
};
