import type { Db } from '../../../db';
import type { Connection, RealtimeHub } from '../../../realtime/hub';
import type { ClientMessage } from '../../../realtime/protocol';
import { translate, type MessageKey } from '../../../../src/runtime/i18n';
import { checkContent } from './content';
import { fileById } from '../../file/uploads/file-repository';
import { contactOf, principalOfSession } from './contacts';
import { history, markRead, saveMessage, unreadByContact, view } from './store';

const HISTORY_PAGE_MAX = 100;
const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');
const int = (v: unknown, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * The chat's socket commands (spec 7.12): SendMessage stores the message before anyone is told,
 * then acknowledges it to every socket of the sender (sendMessage) and delivers it to the
 * recipient's (receiveMessage); MessageList answers a page of history; UpdateReadMessage marks a
 * contact's messages read. Each command reads the session's principal again, so a contact the
 * sender may no longer see is refused at once.
 */
export function registerChatCommands(db: Db, hub: RealtimeHub): void {
  const answer = (c: Connection, frame: Record<string, unknown> & { method: string }): void => void hub.send({ sessionId: c.sessionId }, frame);
  const refuse = (c: Connection, key: MessageKey, params?: Record<string, string>): void => answer(c, { method: 'error', msg: translate(c.locale, key, params) });

  hub.handle('SendMessage', async (c: Connection, m: ClientMessage) => {
    const principal = await principalOfSession(db, c.sessionId);
    if (!principal) return refuse(c, 'server.tokenInvalid');
    const to = str(m.toUserId);
    const contact = to ? await contactOf(db, principal, to) : undefined;
    if (!contact) return refuse(c, 'chat.noContact');
    const checked = checkContent(m.messageType, m.messageContent);
    if (!checked.ok) return refuse(c, checked.key, checked.params);
    // a file message sends a file the sender uploaded, of its kind (an image is an image)
    if (checked.fileId) {
      const file = await fileById(db, checked.fileId);
      const prefix = checked.contentType === 'voice' ? 'audio/' : `${checked.contentType}/`;
      if (!file || file.ownerId !== c.userId || !file.mime.startsWith(prefix)) return refuse(c, 'chat.badFile');
    }
    const message = view(await saveMessage(db, c.userId, to, checked.contentType, checked.content, checked.fileId));
    const me = principal.user;
    hub.send({ userId: c.userId }, { method: 'sendMessage', ...message, toUserId: to, realName: contact.realName, account: contact.account, headIcon: contact.headIcon ?? '' });
    if (to !== c.userId) hub.send({ userId: to }, { method: 'receiveMessage', ...message, formUserId: c.userId, realName: me.realName, account: me.account, headIcon: me.headIcon ?? '' });
  });

  hub.handle('MessageList', async (c: Connection, m: ClientMessage) => {
    const other = str(m.toUserId);
    if (!other) return refuse(c, 'chat.noContact');
    const page = await history(db, c.userId, other, { currentPage: int(m.currentPage, 1, 1_000_000), pageSize: int(m.pageSize, 30, HISTORY_PAGE_MAX), keyword: str(m.keyword), sort: str(m.sord) });
    // tag: the client's own label for the answer (the chat window and its history panel ask separately)
    answer(c, { method: 'messageList', toUserId: other, tag: str(m.tag).slice(0, 20), ...page });
  });

  hub.handle('UpdateReadMessage', async (c: Connection, m: ClientMessage) => {
    const from = str(m.formUserId);
    if (from) await markRead(db, c.userId, from);
  });

  hub.addUnreadSource(async (userId) => ({ chat: await unreadByContact(db, userId) }));
}
