import type { Db } from '../../../db';
import type { DbOrTrx } from '../../dictionary/repository';
import { newId } from '../../../db/ids';
import type { RealtimeHub } from '../../../realtime/hub';
import { MESSAGE_TYPE } from './schemas';

/** What the platform sends (flow and system messages) or an administrator releases (announcements). */
export interface Outgoing {
  type: (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];
  title: string;
  bodyText?: string | null;
  /** Recipients' user ids; null: every enabled user. */
  toUserIds: readonly string[] | null;
  flowType?: number | null;
  linkId?: string | null;
  /** The sender (null: the platform). */
  sentBy: string | null;
}

const INSERT_CHUNK = 500;

/** Enabled, real users among `ids` (null: all of them), in a stable order. */
export async function recipientsOf(db: DbOrTrx, ids: readonly string[] | null): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  let q = db.selectFrom('baseUser').select('id').where('enabledMark', '=', 1).where('userKind', '!=', 'anonymous');
  if (ids) q = q.where('id', 'in', [...new Set(ids)]);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

/**
 * One unread copy per recipient. The copy's id is the message's and the user's together: unique by
 * construction (ids made in a tight loop could repeat within a millisecond) and re-releasing adds
 * nobody twice.
 */
export async function addCopies(trx: DbOrTrx, messageId: string, userIds: readonly string[], now: number): Promise<void> {
  for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
    const rows = userIds.slice(i, i + INSERT_CHUNK).map((userId) => ({ id: `${messageId}:${userId}`, messageId, userId, isRead: 0, readTime: null, createdAt: now }));
    await trx.insertInto('baseMessageReceive').values(rows).onConflict((oc) => oc.columns(['messageId', 'userId']).doNothing()).execute();
  }
}

/** The socket frame that tells a signed-in recipient a message arrived (their drawer and badge update). */
export function pushArrival(hub: RealtimeHub, userIds: readonly string[], message: { id: string; type: number; title: string; flowType: number | null; linkId: string | null; releaseTime: number; releaseUser: string }): number {
  let reached = 0;
  const frame = { method: 'messagePush', messageType: message.type, ...message };
  for (const userId of userIds) reached += hub.send({ userId }, frame);
  return reached;
}

/** Sends a flow or system message at once: stored with every recipient's copy in one transaction, then pushed. */
export async function sendMessage(db: Db, hub: RealtimeHub, out: Outgoing): Promise<{ id: string; recipients: number }> {
  const id = newId();
  const now = Date.now();
  const recipients = await db.transaction().execute(async (trx) => {
    const to = await recipientsOf(trx, out.toUserIds);
    await trx
      .insertInto('baseMessage')
      .values({
        id, type: out.type, flowType: out.flowType ?? null, title: out.title, bodyText: out.bodyText ?? null, files: null, toUserIds: out.toUserIds ? JSON.stringify(out.toUserIds) : null,
        linkId: out.linkId ?? null, enabledMark: 1, releaseUserId: out.sentBy, releaseTime: now, createdAt: now, createdBy: out.sentBy, updatedAt: null, updatedBy: null,
      })
      .execute();
    await addCopies(trx, id, to, now);
    return to;
  });
  const releaseUser = out.sentBy ? await userLabel(db, out.sentBy) : '';
  pushArrival(hub, recipients, { id, type: out.type, title: out.title, flowType: out.flowType ?? null, linkId: out.linkId ?? null, releaseTime: now, releaseUser });
  return { id, recipients: recipients.length };
}

export async function userLabel(db: DbOrTrx, userId: string): Promise<string> {
  const u = await db.selectFrom('baseUser').select(['realName', 'account']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.realName}/${u.account}` : '';
}

/** Unread copies of a user by type: the bell's count and the socket's initMessage. */
export async function unreadCounts(db: Db, userId: string): Promise<{ notice: number; flow: number; system: number; total: number }> {
  const rows = await db
    .selectFrom('baseMessageReceive as r')
    .innerJoin('baseMessage as m', 'm.id', 'r.messageId')
    .select(['m.type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.userId', '=', userId)
    .where('r.isRead', '=', 0)
    .groupBy('m.type')
    .execute();
  const of = (type: number) => Number(rows.find((r) => Number(r.type) === type)?.n ?? 0);
  const counts = { notice: of(MESSAGE_TYPE.notice), flow: of(MESSAGE_TYPE.flow), system: of(MESSAGE_TYPE.system) };
  return { ...counts, total: counts.notice + counts.flow + counts.system };
}
