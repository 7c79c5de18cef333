import { ActionIcon, Drawer, Indicator, Tabs, Text, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { chatFrameAtom, connectedAtom, unreadAtom } from '../../realtime/socket';
import { sessionAtom } from '../../session/session';
import { ChatWindow, type ChatContact } from './ChatWindow';
import { ContactList } from './ContactList';
import { ConversationList } from './ConversationList';
import classes from './chat.module.css';

const BLINK_MS = 3_000;

/** The header's chat button (unread chat count) and the chat drawer: 'messages' and 'contacts', then a conversation. */
export function ChatButton() {
  const t = useT();
  const me = useAtomValue(sessionAtom)?.userInfo.userId ?? '';
  const counts = useAtomValue(unreadAtom);
  const connected = useAtomValue(connectedAtom);
  const [opened, setOpened] = useState(false);
  const [contact, setContact] = useState<ChatContact | null>(null);
  const [blink, setBlink] = useState(false);
  const frame = useAtomValue(chatFrameAtom);
  const open = useRef<{ opened: boolean; contact: string | null }>({ opened: false, contact: null });
  open.current = { opened, contact: contact?.id ?? null };
  // a message for a conversation that is not on screen makes the header blink a moment
  useEffect(() => {
    if (frame?.method !== 'receiveMessage' || (open.current.opened && open.current.contact === frame.formUserId)) return;
    setBlink(true);
    const timer = setTimeout(() => setBlink(false), BLINK_MS);
    return () => clearTimeout(timer);
  }, [frame]);
  const n = Object.values(counts?.chat ?? {}).reduce((sum, x) => sum + x, 0);
  const label = n ? t('chatUi.openUnread', { n }) : t('chatUi.open');
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={n > 99 ? '99+' : n} size={16} disabled={n === 0} color="red" offset={4} data-testid="chat-badge" data-count={n}>
          <ActionIcon variant="subtle" color="gray" onClick={() => setOpened(true)} aria-label={label} data-testid="chat-open" className={blink ? classes.blink : undefined} data-blink={blink ? '1' : '0'}>
            <IconMessages size={18} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="420px" title={t('chatUi.open')} data-testid="chat-drawer">
        {!connected ? <Text size="sm" c="orange" mb="xs" role="status" data-testid="chat-offline">{t('chatUi.offline')}</Text> : null}
        {contact ? (
          <ChatWindow contact={contact} me={me} onBack={() => setContact(null)} />
        ) : (
          <Tabs defaultValue="messages" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="messages">{t('chatUi.tabMessages')}</Tabs.Tab>
              <Tabs.Tab value="contacts">{t('chatUi.tabContacts')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="messages" pt="xs"><ConversationList onOpen={setContact} /></Tabs.Panel>
            <Tabs.Panel value="contacts" pt="xs"><ContactList onOpen={setContact} /></Tabs.Panel>
          </Tabs>
        )}
      </Drawer>
    </>
  );
}
