/**
 * The real-time socket (spec 4 "Server socket commands", 7.12): opened at /websocket/{token}
 * once the session has loaded, OnConnection sent on open, the server's commands carried out —
 * 'logout' ends the session with its message, 'closeSocket' closes, 'refresh' reloads — and
 * initMessage's unread counts kept in `unreadAtom` for the message drawer. Logout or a new
 * token closes it; an unexpected drop reconnects after a growing pause.
 */
import { atom } from 'jotai';
import { notifications } from '@mantine/notifications';
import { tNow } from '../i18n';
import { go } from '../router/navigation';
import { resetSession, sessionAtom, tokenAtom } from '../session/session';
import { appStore } from '../store';
import { isRestart, reconnectDelay } from './reconnect';

export interface UnreadCounts {
  messages: number;
  notices: number;
  system: number;
  total: number;
  /** Unread chat messages per contact (user id). */
  chat: Record<string, number>;
}

export const unreadAtom = atom<UnreadCounts | null>(null);

/** A message that arrived while signed in (messagePush): the drawer refetches, the bell counts up. */
export interface ArrivedMessage {
  id: string;
  type: number;
  title: string;
}
/** The last message pushed (a new object each time, so subscribers see every arrival). */
export const arrivedAtom = atom<ArrivedMessage | null>(null);

/** A chat frame from the server (receiveMessage, sendMessage, messageList), for the chat drawer and window. */
export interface ChatFrame {
  method: 'receiveMessage' | 'sendMessage' | 'messageList';
  [field: string]: unknown;
}
/** The last chat frame (a new object each time). */
export const chatFrameAtom = atom<ChatFrame | null>(null);

/** Whether this page's socket is open (the chat shows when it is reconnecting). */
export const connectedAtom = atom(false);

/** The open socket of this page, for the chat's commands. */
let openSocket: WebSocket | null = null;

/** Sends a command (SendMessage, MessageList, UpdateReadMessage); false when no socket is open. */
export function sendFrame(frame: { method: string; [field: string]: unknown }): boolean {
  if (!openSocket || openSocket.readyState !== 1) return false;
  openSocket.send(JSON.stringify({ token: '', ...frame }));
  return true;
}

/** The chat counts after a message from `contactId` arrives, or after I read theirs (`read`). */
export function countChat(counts: UnreadCounts | null, contactId: string, read = false): UnreadCounts {
  const c = counts ?? { messages: 0, notices: 0, system: 0, total: 0, chat: {} };
  const had = c.chat[contactId] ?? 0;
  const now = read ? 0 : had + 1;
  return { ...c, chat: { ...c.chat, [contactId]: now }, total: Math.max(0, c.total + now - had) };
}

/** The unread counts after a message of `type` arrives (1 announcement → notices, 2 flow → messages, 3 system). */
export function countArrival(counts: UnreadCounts | null, type: number): UnreadCounts {
  const c = counts ?? { messages: 0, notices: 0, system: 0, total: 0, chat: {} };
  const key = type === 1 ? 'notices' : type === 2 ? 'messages' : 'system';
  return { ...c, [key]: c[key] + 1, total: c.total + 1 };
}

/** The unread counts after I read one unread message of `type`: never below zero. */
export function countRead(counts: UnreadCounts | null, type: number): UnreadCounts | null {
  if (!counts) return counts;
  const key = type === 1 ? 'notices' : type === 2 ? 'messages' : 'system';
  if (counts[key] <= 0) return counts;
  return { ...counts, [key]: counts[key] - 1, total: Math.max(0, counts.total - 1) };
}

export type SocketAction =
  | { kind: 'unread'; counts: UnreadCounts }
  | { kind: 'arrived'; message: ArrivedMessage }
  | { kind: 'chat'; frame: ChatFrame }
  | { kind: 'error'; message: string }
  | { kind: 'logout'; message: string | null }
  | { kind: 'close' }
  | { kind: 'reload' }
  | { kind: 'ignore' };

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** What a frame from the server asks for (pure: the caller carries it out). */
export function actionOf(data: unknown): SocketAction {
  let frame: Record<string, unknown>;
  try {
    frame = typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : {};
  } catch {
    return { kind: 'ignore' };
  }
  switch (frame?.method) {
    case 'initMessage': {
      const chat = frame.unreadNums && typeof frame.unreadNums === 'object' ? (frame.unreadNums as Record<string, number>) : {};
      return {
        kind: 'unread',
        counts: { messages: count(frame.unreadMessageCount), notices: count(frame.unreadNoticeCount), system: count(frame.unreadSystemMessageCount), total: count(frame.unreadTotalCount), chat },
      };
    }
    case 'messagePush':
      return typeof frame.id === 'string' && typeof frame.title === 'string'
        ? { kind: 'arrived', message: { id: frame.id, title: frame.title, type: count(frame.messageType) } }
        : { kind: 'ignore' };
    case 'receiveMessage':
    case 'sendMessage':
    case 'messageList':
      return { kind: 'chat', frame: frame as ChatFrame };
    case 'error':
      return typeof frame.msg === 'string' && frame.msg ? { kind: 'error', message: frame.msg } : { kind: 'ignore' };
    case 'logout':
      return { kind: 'logout', message: typeof frame.msg === 'string' && frame.msg ? frame.msg : null };
    case 'closeSocket':
      return { kind: 'close' };
    case 'refresh':
      return { kind: 'reload' };
    default:
      return { kind: 'ignore' };
  }
}

/** ws:// or wss:// on this origin (the dev server proxies /websocket to the API). */
export function socketAddress(location: { protocol: string; host: string }, token: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/websocket/${encodeURIComponent(token)}`;
}

const ARRIVAL_TOAST = 'message-arrival';
const RESTART_TOAST = 'deploy-restarting';

/** Keeps one socket for the loaded session; returns a function that stops it. */
export function startRealtime(): () => void {
  if (typeof WebSocket === 'undefined') return () => undefined;
  let socket: WebSocket | null = null;
  let socketToken: string | null = null;
  /** Failed attempts since the socket was last open (the pause grows with it: ./reconnect.ts). */
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  /** Set by closeSocket: stay closed until the session changes. */
  let parked = false;

  const stop = () => {
    notifications.hide(RESTART_TOAST);
    if (retry) clearTimeout(retry);
    retry = null;
    const s = socket;
    socket = null;
    socketToken = null;
    if (openSocket === s) openSocket = null;
    s?.close();
  };

  const carryOut = (action: SocketAction) => {
    if (action.kind === 'unread') appStore.set(unreadAtom, action.counts);
    else if (action.kind === 'chat') {
      if (action.frame.method === 'receiveMessage' && typeof action.frame.formUserId === 'string') appStore.set(unreadAtom, countChat(appStore.get(unreadAtom), action.frame.formUserId));
      appStore.set(chatFrameAtom, action.frame);
    } else if (action.kind === 'error') notifications.show({ color: 'red', message: action.message, autoClose: 3000 });
    else if (action.kind === 'arrived') {
      appStore.set(unreadAtom, countArrival(appStore.get(unreadAtom), action.message.type));
      appStore.set(arrivedAtom, action.message);
      // one toast at a time: a burst of messages shows the newest, not a stack over the page
      notifications.hide(ARRIVAL_TOAST);
      notifications.show({ id: ARRIVAL_TOAST, color: 'blue', title: tNow(`message.type.${action.message.type === 1 ? 1 : action.message.type === 2 ? 2 : 3}`), message: action.message.title, autoClose: 4000 });
    }
    else if (action.kind === 'logout') {
      stop();
      notifications.show({ color: 'red', message: action.message ?? tNow('server.sessionExpired'), autoClose: 3000 });
      resetSession();
      go('/guide', { replace: true });
    } else if (action.kind === 'close') {
      parked = true;
      stop();
    } else if (action.kind === 'reload') window.location.reload();
  };

  const connect = (token: string) => {
    const s = new WebSocket(socketAddress(window.location, token));
    socket = s;
    socketToken = token;
    s.onopen = () => {
      attempt = 0;
      notifications.hide(RESTART_TOAST);
      openSocket = s;
      appStore.set(connectedAtom, true);
      s.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    };
    s.onmessage = (event) => carryOut(actionOf(event.data));
    s.onclose = (event) => {
      if (openSocket === s) openSocket = null;
      appStore.set(connectedAtom, false);
      if (socket !== s) return; // closed on purpose
      socket = null;
      // 4600-4602: the session ended (a 'logout' came first); 1012/1001: the server restarts; else a dropped line
      const delay = reconnectDelay(event.code, attempt);
      if (delay === null) return;
      if (isRestart(event.code)) notifications.show({ id: RESTART_TOAST, color: 'yellow', message: tNow('deploy.restarting'), autoClose: false });
      attempt += 1;
      retry = setTimeout(() => {
        retry = null;
        sync();
      }, delay);
    };
  };

  function sync() {
    const token = appStore.get(tokenAtom);
    const loaded = appStore.get(sessionAtom) !== null;
    if (!token || !loaded) {
      parked = false;
      appStore.set(unreadAtom, null);
      stop();
      return;
    }
    if (token !== socketToken) {
      stop();
      parked = false;
    }
    if (!socket && !retry && !parked) connect(token);
  }

  const unsubscribe = [appStore.sub(tokenAtom, sync), appStore.sub(sessionAtom, sync)];
  sync();
  return () => {
    unsubscribe.forEach((u) => u());
    stop();
  };
}
