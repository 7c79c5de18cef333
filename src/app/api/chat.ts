/** Chat calls over HTTP (spec 7.11 imreply; contacts from /api/permission/Users/ImUser). The messages themselves go over the socket. */
import { http } from './client';

export interface Conversation {
  /** The contact's user id. */
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  unreadMessage: number;
  latestMessage: string;
  messageType: string;
  latestDate: number;
}

export interface Contact {
  id: string;
  fullName: string;
  realName: string;
  account: string;
  headIcon: string | null;
  organize: string;
}

export interface ChatMessage {
  id: string;
  userId: string;
  toUserId: string;
  messageType: string;
  message: unknown;
  dateTime: number;
}

export const listConversations = () => http.get<{ list: Conversation[] }>('/api/message/imreply').then((r) => r.list);
export const removeConversation = (contactId: string) => http.delete<null>(`/api/message/imreply/relocation/${encodeURIComponent(contactId)}`);
export const clearConversation = (contactId: string) => http.delete<null>(`/api/message/imreply/deleteChatRecord/${encodeURIComponent(contactId)}`);
export const listContacts = (keyword: string, currentPage: number, pageSize: number) =>
  http.get<{ list: Contact[]; pagination: { total: number } }>('/api/permission/Users/ImUser', { keyword: keyword || undefined, currentPage, pageSize });
