import { ActionIcon, Avatar, Button, Group, Popover, ScrollArea, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconMoodSmile } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { appStore } from '../../store';
import { chatFrameAtom, countChat, sendFrame, unreadAtom } from '../../realtime/socket';
import type { ChatMessage } from '../../api/chat';
import { ChatBubble } from './ChatBubble';
import { ChatHistory } from './ChatHistory';
import { EMOJI, EMOJI_FIRST_CODE } from './emoji';

export interface ChatContact {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
}

const RECENT = 30;

/** Tells the server I read a contact's messages, and counts them off the badge. */
function markRead(contactId: string) {
  sendFrame({ method: 'UpdateReadMessage', formUserId: contactId });
  appStore.set(unreadAtom, countChat(appStore.get(unreadAtom), contactId, true));
}

/**
 * A conversation (spec 2.6, 4): the 30 most recent messages on open, which marks it read;
 * incoming messages appended (and read at once while open); text trimmed, empty text not sent;
 * emoji; the history panel.
 */
export function ChatWindow({ contact, me, onBack }: { contact: ChatContact; me: string; onBack(): void }) {
  const t = useT();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const frame = useAtomValue(chatFrameAtom);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMessages([]);
    sendFrame({ method: 'MessageList', toUserId: contact.id, currentPage: 1, pageSize: RECENT, sord: 'desc', tag: 'window' });
    markRead(contact.id);
  }, [contact.id]);

  useEffect(() => {
    if (!frame) return;
    if (frame.method === 'messageList' && frame.tag === 'window' && frame.toUserId === contact.id) setMessages([...((frame.list as ChatMessage[]) ?? [])].reverse());
    else if (frame.method === 'receiveMessage' && frame.formUserId === contact.id) {
      setMessages((m) => [...m, frame as unknown as ChatMessage]);
      markRead(contact.id);
    } else if (frame.method === 'sendMessage' && frame.toUserId === contact.id) setMessages((m) => [...m, frame as unknown as ChatMessage]);
  }, [frame, contact.id]);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages]);

  const send = () => {
    const message = text.trim();
    if (!message) return;
    if (sendFrame({ method: 'SendMessage', toUserId: contact.id, messageType: 'text', messageContent: message })) setText('');
  };

  return (
    <Stack gap="xs" data-testid="chat-window" data-contact={contact.id}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t('renderers.back')} data-testid="chat-back">
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Avatar src={contact.headIcon || null} size={28} radius="xl">{contact.realName.slice(0, 1)}</Avatar>
        <Text fw={600} style={{ flex: 1 }}>{contact.realName}/{contact.account}</Text>
        <ActionIcon variant={showHistory ? 'light' : 'subtle'} onClick={() => setShowHistory((v) => !v)} aria-label={t('chatUi.history')} aria-pressed={showHistory} data-testid="chat-history-toggle">
          <IconHistory size={18} />
        </ActionIcon>
      </Group>
      {showHistory ? <ChatHistory contactId={contact.id} me={me} /> : null}
      <ScrollArea h={showHistory ? 'calc(100vh - 620px)' : 'calc(100vh - 330px)'} mih={160} viewportRef={viewport} data-testid="chat-messages">
        {messages.map((m) => (
          <ChatBubble key={m.id} message={m} mine={m.userId === me} />
        ))}
      </ScrollArea>
      <Group gap={4}>
        <Popover position="top-start" withinPortal>
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label={t('chatUi.emoji')} data-testid="chat-emoji">
              <IconMoodSmile size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <SimpleGrid cols={12} spacing={2} verticalSpacing={2}>
              {EMOJI.map((e, i) => (
                <UnstyledButton key={e} onClick={() => setText((v) => v + e)} aria-label={`${t('chatUi.emoji')} ${EMOJI_FIRST_CODE + i}`} data-emoji-code={EMOJI_FIRST_CODE + i} style={{ fontSize: 18, lineHeight: 1.3 }}>
                  {e}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
      </Group>
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        autosize
        minRows={2}
        maxRows={5}
        placeholder={t('chatUi.placeholder')}
        aria-label={t('chatUi.placeholder')}
        data-testid="chat-input"
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={send} disabled={!text.trim()} data-testid="chat-send">
          {t('chatUi.send')}
        </Button>
      </Group>
    </Stack>
  );
}
