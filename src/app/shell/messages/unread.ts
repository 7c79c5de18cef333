import { appStore } from '../../store';
import { unreadAtom } from '../../realtime/socket';
import { unreadMessages } from '../../api/messages';

/** Sets the bell's counts from the server (after mark-all-read, or when no socket has told them yet); chat counts are kept. */
export async function refreshUnread(): Promise<void> {
  const c = await unreadMessages();
  const before = appStore.get(unreadAtom);
  const chat = before?.chat ?? {};
  const chatTotal = Object.values(chat).reduce((n, x) => n + x, 0);
  appStore.set(unreadAtom, { messages: c.flow, notices: c.notice, system: c.system, total: c.total + chatTotal, chat });
}
