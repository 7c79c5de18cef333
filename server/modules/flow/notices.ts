import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import { MESSAGE_TYPE, sendMessage } from '../message/inbox';
import { resolveLocale, translate, type Locale, type MessageKey } from '../../../src/runtime/i18n';
import type { Notices } from './transitions';

/**
 * The flow messages of a transition (type 2), sent after it commits, each in its recipient's
 * language (one message per language among the recipients). flowType 1: open the flow detail.
 * A message lost to a crash after the commit leaves the to-do itself in /daiban.
 */
export async function sendNotices(db: Db, hub: RealtimeHub, n: Notices, by: string): Promise<void> {
  const send = async (userIds: string[], key: MessageKey) => {
    if (userIds.length === 0) return;
    const users = await db.selectFrom('baseUser').select(['id', 'language']).where('id', 'in', [...new Set(userIds)]).execute();
    const byLocale = new Map<Locale, string[]>();
    for (const u of users) {
      const locale = resolveLocale(u.language);
      byLocale.set(locale, [...(byLocale.get(locale) ?? []), u.id]);
    }
    for (const [locale, ids] of byLocale) {
      await sendMessage(db, hub, { type: MESSAGE_TYPE.flow, flowType: 1, title: translate(locale, key, { title: n.title }), toUserIds: ids, linkId: n.taskId, sentBy: by });
    }
  };
  await send(n.todo, 'flow.msgTodo');
  await send(n.copies, 'flow.msgCopy');
  if (n.initiator) await send([n.initiator.userId], n.initiator.outcome === 'adopt' ? 'flow.msgAdopt' : n.initiator.outcome === 'reject' ? 'flow.msgReject' : 'flow.msgReturned');
}
