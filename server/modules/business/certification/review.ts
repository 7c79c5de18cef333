import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../../db';
import type { BizCertificationRow } from '../../../db/schema';
import type { RealtimeHub } from '../../../realtime/hub';
import { newId } from '../../../db/ids';
import { audit } from '../../../audit/record';
import { AppError, refuse } from '../../../http/errors';
import { principalOf } from '../../../auth/access';
import { companyIn } from '../../../auth/org-tree';
import { ReplyCode } from '../../../../src/runtime/codes';
import { MESSAGE_TYPE, sendTranslated } from '../../message/inbox';
import { CERT_STATUS, certificationOf, columnsOf, dataOf, type CertificationData } from './certification';

type Status = BizCertificationRow['status'];

/**
 * Writes a customer's draft or submission for its organisation in one transaction, guarded by the
 * version the customer read: a row changed meanwhile is refused, never overwritten. A submission
 * under review is locked; after a rejection or an approval a new draft or submission is allowed
 * (certified_at stays: the organisation keeps ordering on its approved data meanwhile).
 */
export async function writeCertification(db: Db, request: FastifyRequest, organizeId: string, data: CertificationData, version: number, status: Status): Promise<void> {
  const by = principalOf(request).user.id;
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const before = await certificationOf(trx, organizeId);
    if ((before?.version ?? 0) !== version) throw refuse('certification.changed');
    if (before?.status === CERT_STATUS.submitted) throw refuse('certification.pendingLocked');
    const submitted = status === CERT_STATUS.submitted ? { submittedBy: by, submittedAt: now, reason: null } : {};
    if (!before) {
      const row = {
        id: newId(), organizeId, status, ...columnsOf(data), reason: null, approvedJson: null, submittedBy: null, submittedAt: null, reviewedBy: null, reviewedAt: null,
        certifiedAt: null, version: 1, createdAt: now, updatedAt: now, ...submitted,
      };
      await trx.insertInto('bizCertification').values(row).execute();
      await audit(trx, request, { entity: 'certification', entityId: row.id, action: 'create', after: row, name: data.companyName || null });
      return;
    }
    // keep what was approved, so the organisation's certified data stays readable while a change is reviewed
    const approvedJson = before.status === CERT_STATUS.approved && before.companyName ? JSON.stringify(dataOf(before)) : before.approvedJson;
    const changes = { status, ...columnsOf(data), approvedJson, version: before.version + 1, updatedAt: now, ...submitted };
    const updated = await trx.updateTable('bizCertification').set(changes).where('id', '=', before.id).where('version', '=', before.version).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw refuse('certification.changed');
    await audit(trx, request, { entity: 'certification', entityId: before.id, action: 'update', before, after: { ...before, ...changes }, name: data.companyName || before.companyName });
  });
}

/** Staff decide a submission: approve (certified from now on) or reject with a reason. Guarded by the version the reviewer saw. */
export async function decideCertification(db: Db, request: FastifyRequest, id: string, version: number, decision: { approve: true } | { approve: false; reason: string }): Promise<BizCertificationRow> {
  const by = principalOf(request).user.id;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const before = await trx.selectFrom('bizCertification').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new AppError(ReplyCode.notFound, 'certification.notFound');
    if (before.version !== version) throw refuse('certification.changed');
    if (before.status !== CERT_STATUS.submitted) throw refuse('certification.notPending');
    const changes = decision.approve
      ? { status: CERT_STATUS.approved, reason: null, approvedJson: JSON.stringify(dataOf(before)), certifiedAt: before.certifiedAt ?? now }
      : { status: CERT_STATUS.rejected, reason: decision.reason };
    const set = { ...changes, reviewedBy: by, reviewedAt: now, version: before.version + 1, updatedAt: now };
    const updated = await trx.updateTable('bizCertification').set(set).where('id', '=', id).where('version', '=', before.version).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw refuse('certification.changed');
    const after = { ...before, ...set } as BizCertificationRow;
    await audit(trx, request, { entity: 'certification', entityId: id, action: 'update', before, after, name: before.companyName });
    return after;
  });
}

/**
 * Tells the users of the organisation the decision (an in-site system message in each reader's
 * language). After the decision committed, and never its failure: the decision stands either way.
 */
export async function notifyDecision(db: Db, hub: RealtimeHub, log: FastifyBaseLogger, row: BizCertificationRow, by: string): Promise<void> {
  try {
    const users = await db.selectFrom('baseUser').select(['id', 'organizeId']).where('enabledMark', '=', 1).execute();
    const orgs = new Map((await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category']).execute()).map((o) => [o.id, o]));
    const to = users.filter((u) => companyIn(orgs, u.organizeId) === row.organizeId).map((u) => u.id);
    if (to.length === 0) return;
    const approved = row.status === CERT_STATUS.approved;
    await sendTranslated(db, hub, {
      type: MESSAGE_TYPE.system, toUserIds: to, sentBy: by, params: { company: row.companyName ?? '', reason: row.reason ?? '' },
      title: approved ? 'certification.approvedMessage' : 'certification.rejectedMessage', ...(approved ? {} : { body: 'certification.rejectedBody' as const }),
    });
  } catch (error) {
    log.warn({ err: error, certification: row.id }, 'certification decision message not sent');
  }
}
