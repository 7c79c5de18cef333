import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import { MESSAGE_TYPE, sendTranslated } from '../message/inbox';
import type { Notices } from './transitions';

/**
 * The flow messages of a transition (type 2, flowType 1: open the flow detail), sent after it
 * commits, each in its recipient's language. A message lost to a crash after the commit leaves
 * the to-do itself in /daiban.
 */
export async function sendNotices(db: Db, hub: RealtimeHub, n: Notices, by: string | null): Promise<void> {
  const base = { type: MESSAGE_TYPE.flow, flowType: 1, linkId: n.taskId, sentBy: by, params: { title: n.title } };
  await sendTranslated(db, hub, { ...base, toUserIds: n.todo, title: 'flow.msgTodo' });
  await sendTranslated(db, hub, { ...base, toUserIds: n.copies, title: 'flow.msgCopy' });
  if (n.remind?.length) await sendTranslated(db, hub, { ...base, toUserIds: n.remind, title: 'flowHandles.msgRemind' });
  if (n.initiator) {
    const titles = { adopt: 'flow.msgAdopt', reject: 'flow.msgReject', returned: 'flow.msgReturned', cancel: 'flowHandles.msgCancelled' } as const;
    const title = titles[n.initiator.outcome];
    await sendTranslated(db, hub, { ...base, toUserIds: [n.initiator.userId], title });
  }
}
