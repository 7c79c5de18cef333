/** Chat calls over HTTP (spec 7.11 imreply; contacts from /api/permission/Users/ImUser). The messages themselves go over the socket. */
import { http, request } from './client';

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

/** Chat images are under 5 MB (spec 5.6); the server checks the same. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads a chat image (folder IM); resolves with its file id. */
export async function uploadChatImage(file: File): Promise<{ fileId: string; name: string }> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return (await request<{ fileId: string; name: string }>({ url: '/api/file/Uploader/IM', method: 'POST', formData })).data;
}

/** A signed address to show a chat file (good for a few minutes). */
export const chatFileAddress = (fileId: string) => http.get<{ url: string }>(`/api/file/Download/IM/${encodeURIComponent(fileId)}`).then((r) => r.url);
