/** In-site messages (/api/message, spec 7.11): my messages, their read state, the bell's counts. */
import { http } from './client';

export type MessageType = 1 | 2 | 3;

export interface InboxItem {
  id: string;
  title: string;
  /** 1 announcement, 2 flow, 3 system. */
  type: MessageType;
  flowType: number | null;
  linkId: string | null;
  isRead: '0' | '1';
  releaseUser: string;
  releaseTime: number;
}

export interface InboxDetail extends InboxItem {
  bodyText: string;
  files: { name: string; fileId?: string; url?: string }[];
}

export interface InboxFilter {
  keyword?: string;
  type?: MessageType;
  /** '0': unread only. */
  isRead?: '0' | '1';
}

export interface InboxPage {
  list: InboxItem[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface UnreadByType {
  notice: number;
  flow: number;
  system: number;
  total: number;
}

const BASE = '/api/message';
const defined = (filter: InboxFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export const listMessages = (filter: InboxFilter, currentPage: number, pageSize: number) =>
  http.get<InboxPage>(BASE, { ...defined(filter), currentPage, pageSize, sort: 'desc' });
export const readMessage = (id: string) => http.get<InboxDetail>(`${BASE}/ReadInfo/${encodeURIComponent(id)}`);
export const readAllMessages = (filter: InboxFilter) => http.post<null>(`${BASE}/Actions/ReadAll`, defined(filter));
export const deleteMessages = (ids: string[]) => http.delete<null>(`${BASE}/Record`, { ids });
export const unreadMessages = () => http.get<UnreadByType>(`${BASE}/Unread`);

/** Where a flow message leads (spec 4): flowType 2 to the entrust page, the others to the flow's detail. */
export function flowMessagePath(item: Pick<InboxItem, 'flowType' | 'linkId' | 'id'>): string {
  const query = `?id=${encodeURIComponent(item.linkId ?? '')}&majorId=${encodeURIComponent(item.id)}`;
  return item.flowType === 2 ? `/workFlow/entrust${query}` : `/workFlowDetail${query}`;
}
