import { ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { chatFrameAtom, sendFrame } from '../../realtime/socket';
import type { ChatMessage } from '../../api/chat';
import { ChatBubble } from './ChatBubble';

const PAGE = 50;
/** The next page is asked when the end comes within this distance (spec: 100 px). */
const THRESHOLD_PX = 100;

/** The history panel: every message with a contact, newest first, 50 a page, searchable. */
export function ChatHistory({ contactId, me }: { contactId: string; me: string }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<ChatMessage[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const asked = useRef(0);
  const frame = useAtomValue(chatFrameAtom);
  const ask = (p: number) => {
    asked.current = p;
    sendFrame({ method: 'MessageList', toUserId: contactId, currentPage: p, pageSize: PAGE, sord: 'desc', keyword, tag: 'history' });
  };
  useEffect(() => {
    setItems([]);
    setPage(1);
    ask(1);
  }, [contactId, keyword]);
  useEffect(() => {
    if (frame?.method !== 'messageList' || frame.tag !== 'history' || frame.toUserId !== contactId) return;
    const list = (frame.list as ChatMessage[]) ?? [];
    const pagination = frame.pagination as { currentPage: number; total: number };
    setTotal(pagination.total);
    setPage(pagination.currentPage);
    setItems((before) => (pagination.currentPage === 1 ? list : [...before, ...list]));
  }, [frame, contactId]);
  const viewport = useRef<HTMLDivElement>(null);
  const nearEnd = () => {
    const v = viewport.current;
    if (v && v.scrollHeight - v.scrollTop - v.clientHeight < THRESHOLD_PX && items.length < total && asked.current === page) ask(page + 1);
  };
  return (
    <Stack gap="xs" data-testid="chat-history">
      <TextInput size="xs" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && setKeyword(typed.trim())} placeholder={t('chatUi.historySearch')} aria-label={t('chatUi.historySearch')} />
      <ScrollArea h={260} viewportRef={viewport} onScrollPositionChange={nearEnd}>
        {items.map((m) => (
          <ChatBubble key={m.id} message={m} mine={m.userId === me} />
        ))}
        {items.length === 0 ? <Text size="sm" c="dimmed" ta="center">{t('chatUi.empty')}</Text> : null}
      </ScrollArea>
    </Stack>
  );
}
