import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { companyIn } from '../../../auth/org-tree';
import { MESSAGE_TYPE, sendTranslated } from '../../message/inbox';

/**
 * Tells the users of an order's organisation that staff confirmed it (an in-site system message).
 * After the confirmation committed, and never its failure: the order is confirmed either way.
 * Each reader gets it in their own language.
 */
export async function notifyConfirmed(db: Db, hub: RealtimeHub, log: FastifyBaseLogger, order: { organizeId: string; orderNo: string }, by: string): Promise<void> {
  try {
    const users = await db.selectFrom('baseUser').select(['id', 'organizeId']).where('userKind', '=', 'customer').where('enabledMark', '=', 1).execute();
    // the tree read once, not one walk of queries per customer user
    const orgs = new Map((await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category']).execute()).map((o) => [o.id, o]));
    const to = users.filter((u) => companyIn(orgs, u.organizeId) === order.organizeId).map((u) => u.id);
    if (to.length === 0) return;
    await sendTranslated(db, hub, { type: MESSAGE_TYPE.system, title: 'orders.confirmedMessage', params: { orderNo: order.orderNo }, toUserIds: to, sentBy: by });
  } catch (error) {
    log.warn({ err: error, orderNo: order.orderNo }, 'order confirmation message not sent');
  }
}
