import { ActionIcon, Avatar, Button, FileButton, Group, Popover, ScrollArea, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconHistory, IconMoodSmile, IconPhoto } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { appStore } from '../../store';
import { chatFrameAtom, countChat, sendFrame, unreadAtom } from '../../realtime/socket';
import { CHAT_IMAGE_MAX_BYTES, uploadChatImage, type ChatMessage } from '../../api/chat';
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

/** The pixel size of an image file (the bubble keeps its shape while loading); empty when it cannot be read. */
function imageSize(file: File): Promise<{ width?: number; height?: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({});
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

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

  /** One image at a time, under 5 MB (spec 5.6); its size is read before it is sent. */
  const sendImage = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return;
    if (file.size >= CHAT_IMAGE_MAX_BYTES) {
      notifications.show({ color: 'red', message: t('chat.imageTooBig'), autoClose: 3000 });
      return;
    }
    const size = await imageSize(file);
    const uploaded = await uploadChatImage(file);
    sendFrame({ method: 'SendMessage', toUserId: contact.id, messageType: 'image', messageContent: { fileId: uploaded.fileId, name: uploaded.name, ...size } });
  };

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
        <FileButton onChange={(f) => void sendImage(f).catch(() => undefined)} accept="image/png,image/jpeg,image/gif,image/bmp,image/webp">
          {(props) => (
            <ActionIcon {...props} variant="subtle" aria-label={t('chatUi.image')} data-testid="chat-image">
              <IconPhoto size={18} />
            </ActionIcon>
          )}
        </FileButton>
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
