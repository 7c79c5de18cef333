/**
 * The real-time socket's messages (spec 4 "Server socket commands", 7.12): JSON text frames
 * with a `method`, as the product's client sends and reads them.
 */

/** Unread counts of initMessage; `chat` maps a contact's user id to their unread messages. */
export interface UnreadCounts {
  messages: number;
  notices: number;
  system: number;
  chat: Record<string, number>;
}

/** A source of unread counts for a user (the messages module adds its tables here). */
export type UnreadSource = (userId: string) => Promise<Partial<UnreadCounts>>;

export type ServerMessage =
  | {
      method: 'initMessage';
      unreadMessageCount: number;
      unreadNoticeCount: number;
      unreadSystemMessageCount: number;
      unreadTotalCount: number;
      unreadNums: Record<string, number>;
    }
  | { method: 'logout'; msg: string }
  | { method: 'closeSocket' }
  | { method: 'refresh' }
  | { method: 'error'; msg: string }
  // Further commands (messagePush, receiveMessage, sendMessage, messageList) come with the messages module.
  | { method: string; [field: string]: unknown };

/** A frame from the client: `{ method, ...fields }` (OnConnection, SendMessage, MessageList, UpdateReadMessage). */
export interface ClientMessage {
  method: string;
  [field: string]: unknown;
}

/** Reads a client frame; null when it is not a JSON object with a string method. */
export function parseClientMessage(data: unknown): ClientMessage | null {
  const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : null;
  if (text === null || text.length > 64 * 1024) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const method = (value as { method?: unknown }).method;
    return typeof method === 'string' && method ? (value as ClientMessage) : null;
  } catch {
    return null;
  }
}

/** Sums the sources into initMessage (no source yet: every count is 0). */
export function initMessage(parts: readonly Partial<UnreadCounts>[]): ServerMessage {
  const sum = (key: 'messages' | 'notices' | 'system') => parts.reduce((n, p) => n + (p[key] ?? 0), 0);
  const unreadNums: Record<string, number> = {};
  for (const part of parts) for (const [userId, n] of Object.entries(part.chat ?? {})) unreadNums[userId] = (unreadNums[userId] ?? 0) + n;
  const [messages, notices, system] = [sum('messages'), sum('notices'), sum('system')];
  const chat = Object.values(unreadNums).reduce((n, c) => n + c, 0);
  return {
    method: 'initMessage',
    unreadMessageCount: messages,
    unreadNoticeCount: notices,
    unreadSystemMessageCount: system,
    unreadTotalCount: messages + notices + system + chat,
    unreadNums,
  };
}

/**
 * Close codes: 1000 normal (closeSocket), 4600/4601/4602 for a session that ended (the reply
 * codes 600 expired, 601 signed in elsewhere, 602 ended or invalid, plus 4000).
 */
export const closeCodeFor = (replyCode: number) => 4000 + replyCode;
