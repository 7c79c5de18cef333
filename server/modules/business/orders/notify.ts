import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { companyOf } from '../../../auth/org-tree';
import { MESSAGE_TYPE, sendTranslated } from '../../message/inbox';

/**
 * Tells the users of an order's organisation that staff confirmed it (an in-site system message).
 * After the confirmation committed, and never its failure: the order is confirmed either way.
 * Each reader gets it in their own language.
 */
export async function notifyConfirmed(db: Db, hub: RealtimeHub, log: FastifyBaseLogger, order: { organizeId: string; orderNo: string }, by: string): Promise<void> {
  try {
    const users = await db.selectFrom('baseUser').select(['id', 'organizeId']).where('userKind', '=', 'customer').where('enabledMark', '=', 1).execute();
    const to: string[] = [];
    for (const u of users) if ((await companyOf(db, u.organizeId)) === order.organizeId) to.push(u.id);
    if (to.length === 0) return;
    await sendTranslated(db, hub, { type: MESSAGE_TYPE.system, title: 'orders.confirmedMessage', params: { orderNo: order.orderNo }, toUserIds: to, sentBy: by });
  } catch (error) {
    log.warn({ err: error, orderNo: order.orderNo }, 'order confirmation message not sent');
  }
}
