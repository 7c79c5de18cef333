import type { Db } from '../../../db';
import type { ImContentRow } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { likePattern } from '../../permission/entity-form';

/** One chat message as the client reads it (spec 3 "Chat message"). */
export interface ChatMessage {
  id: string;
  /** The sender. */
  userId: string;
  toUserId: string;
  messageType: string;
  /** The text, or the file description of an image, voice or video message. */
  message: unknown;
  dateTime: number;
}

const replyId = (userId: string, contactId: string) => `${userId}:${contactId}`;

export function view(row: ImContentRow): ChatMessage {
  let message: unknown = row.content;
  if (row.contentType !== 'text') {
    try {
      message = JSON.parse(row.content);
    } catch {
      message = null;
    }
  }
  return { id: row.id, userId: row.sendUserId, toUserId: row.receiveUserId, messageType: row.contentType, message, dateTime: Number(row.sendTime) };
}

/** Stores a message and brings the conversation back (or starts it) on both sides, in one transaction. */
export async function saveMessage(db: Db, from: string, to: string, contentType: string, content: string, fileId: string | null = null): Promise<ImContentRow> {
  const now = Date.now();
  const row: ImContentRow = { id: newId(), sendUserId: from, receiveUserId: to, contentType, content, fileId, sendTime: now, readState: from === to ? 1 : 0, receiveTime: null };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('baseImContent').values(row).execute();
    for (const [userId, contactId] of from === to ? [[from, to]] : [[from, to], [to, from]]) {
      await trx
        .insertInto('baseImReply')
        .values({ id: replyId(userId!, contactId!), userId: userId!, contactId: contactId!, latestTime: now, hidden: 0, clearedAt: 0 })
        .onConflict((oc) => oc.columns(['userId', 'contactId']).doUpdateSet({ latestTime: now, hidden: 0 }))
        .execute();
    }
  });
  return row;
}

async function clearedAt(db: Db, me: string, other: string): Promise<number> {
  const r = await db.selectFrom('baseImReply').select('clearedAt').where('userId', '=', me).where('contactId', '=', other).executeTakeFirst();
  return Number(r?.clearedAt ?? 0);
}

/** Messages between me and another person that I have not cleared, newest first, paged; keyword matches text. */
export async function history(db: Db, me: string, other: string, page: { currentPage: number; pageSize: number; keyword?: string; sort?: string }) {
  const since = await clearedAt(db, me, other);
  let q = db
    .selectFrom('baseImContent')
    .where((eb) => eb.or([eb.and([eb('sendUserId', '=', me), eb('receiveUserId', '=', other)]), eb.and([eb('sendUserId', '=', other), eb('receiveUserId', '=', me)])]))
    .where('sendTime', '>', since);
  const like = likePattern(page.keyword);
  if (like) q = q.where('contentType', '=', 'text').where((eb) => eb(eb.fn('lower', ['content']), 'like', like));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const order = page.sort === 'asc' ? 'asc' : 'desc';
  const rows = await q.selectAll().orderBy('sendTime', order).orderBy('id', order).limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize).execute();
  return { list: rows.map(view), pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total: Number(total?.n ?? 0) } };
}

/** Marks what `from` sent me as read; answers how many changed. */
export async function markRead(db: Db, me: string, from: string): Promise<number> {
  const r = await db.updateTable('baseImContent').set({ readState: 1, receiveTime: Date.now() }).where('receiveUserId', '=', me).where('sendUserId', '=', from).where('readState', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** My unread chat messages per contact (initMessage's unreadNums). */
export async function unreadByContact(db: Db, me: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('baseImContent')
    .select(['sendUserId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('receiveUserId', '=', me)
    .where('readState', '=', 0)
    .groupBy('sendUserId')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.sendUserId, Number(r.n)]));
}

/** The drawer's 'messages' list: my visible conversations, newest first, with the contact, unread count and latest message. */
export async function conversations(db: Db, me: string) {
  const replies = await db
    .selectFrom('baseImReply as r')
    .innerJoin('baseUser as u', 'u.id', 'r.contactId')
    .select(['r.contactId', 'r.latestTime', 'r.clearedAt', 'u.realName', 'u.account', 'u.headIcon'])
    .where('r.userId', '=', me)
    .where('r.hidden', '=', 0)
    .orderBy('r.latestTime', 'desc')
    .limit(200)
    .execute();
  const unread = await unreadByContact(db, me);
  return Promise.all(
    replies.map(async (r) => {
      const latest = await db
        .selectFrom('baseImContent')
        .selectAll()
        .where((eb) => eb.or([eb.and([eb('sendUserId', '=', me), eb('receiveUserId', '=', r.contactId)]), eb.and([eb('sendUserId', '=', r.contactId), eb('receiveUserId', '=', me)])]))
        .where('sendTime', '>', Number(r.clearedAt))
        .orderBy('sendTime', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        id: r.contactId, realName: r.realName, account: r.account, headIcon: r.headIcon ?? '', unreadMessage: unread[r.contactId] ?? 0,
        latestMessage: latest ? (latest.contentType === 'text' ? latest.content : '') : '', messageType: latest?.contentType ?? 'text', latestDate: latest ? Number(latest.sendTime) : Number(r.latestTime),
      };
    }),
  );
}

/** 'remove': the conversation leaves my list until the next message. */
export async function removeConversation(db: Db, me: string, contactId: string): Promise<void> {
  await db.updateTable('baseImReply').set({ hidden: 1 }).where('userId', '=', me).where('contactId', '=', contactId).execute();
}

/** 'delete chat records': the history up to now is gone for me (not for them), and nothing of it stays unread. */
export async function clearHistory(db: Db, me: string, contactId: string): Promise<void> {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('baseImReply').set({ clearedAt: now }).where('userId', '=', me).where('contactId', '=', contactId).execute();
    await trx.updateTable('baseImContent').set({ readState: 1, receiveTime: now }).where('receiveUserId', '=', me).where('sendUserId', '=', contactId).where('readState', '=', 0).execute();
  });
}

/** Whether a file was sent in a chat the user is part of (they may then read it). */
export async function chatShowsFile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('baseImContent')
    .select('id')
    .where('fileId', '=', fileId)
    .where((eb) => eb.or([eb('sendUserId', '=', userId), eb('receiveUserId', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(hit);
}
