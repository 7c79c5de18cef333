import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { companyOf } from '../../../auth/org-tree';
import { MESSAGE_TYPE, sendMessage } from '../../message/inbox';
import { translate } from '../../../../src/runtime/i18n';

/**
 * Tells the users of an order's organisation that staff confirmed it (an in-site system message).
 * After the confirmation committed, and never its failure: the order is confirmed either way.
 * The text is the platform's default language (a message is stored once for all its readers).
 */
export async function notifyConfirmed(db: Db, hub: RealtimeHub, log: FastifyBaseLogger, order: { organizeId: string; orderNo: string }, by: string): Promise<void> {
  try {
    const users = await db.selectFrom('baseUser').select(['id', 'organizeId']).where('userKind', '=', 'customer').where('enabledMark', '=', 1).execute();
    const to: string[] = [];
    for (const u of users) if ((await companyOf(db, u.organizeId)) === order.organizeId) to.push(u.id);
    if (to.length === 0) return;
    await sendMessage(db, hub, { type: MESSAGE_TYPE.system, title: translate('zh-CN', 'orders.confirmedMessage', { orderNo: order.orderNo }), toUserIds: to, sentBy: by });
  } catch (error) {
    log.warn({ err: error, orderNo: order.orderNo }, 'order confirmation message not sent');
  }
}
