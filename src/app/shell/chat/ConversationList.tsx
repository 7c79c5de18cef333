import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDots } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { chatFrameAtom } from '../../realtime/socket';
import { clearConversation, listConversations, removeConversation, type Conversation } from '../../api/chat';
import type { ChatContact } from './ChatWindow';

/** When a conversation's latest message was sent: the time today, else the date. */
const relative = (ms: number) => (dayjs(ms).isSame(dayjs(), 'day') ? dayjs(ms).format('HH:mm') : dayjs(ms).format('MM-DD'));

/** The 'messages' tab: recent conversations with unread counts; right-click (or the ⋯ button) removes one or deletes its records. */
export function ConversationList({ onOpen }: { onOpen(contact: ChatContact): void }) {
  const t = useT();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['chat', 'conversations'], queryFn: listConversations });
  const frame = useAtomValue(chatFrameAtom);
  useEffect(() => {
    if (frame?.method === 'receiveMessage' || frame?.method === 'sendMessage') void client.invalidateQueries({ queryKey: ['chat', 'conversations'] });
  }, [frame, client]);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: ['chat', 'conversations'] });
  const clear = (c: Conversation) =>
    modals.openConfirmModal({
      title: t('app.tip'),
      children: <Text size="sm">{t('chatUi.clearConfirm')}</Text>,
      labels: { confirm: t('app.confirm'), cancel: t('app.cancel') },
      confirmProps: { 'data-testid': 'chat-clear-confirm' } as Record<string, string>,
      onConfirm: async () => {
        await clearConversation(c.id);
        await reload();
      },
    });
  const items = list.data ?? [];
  if (!list.isFetching && items.length === 0) return <Text c="dimmed" ta="center" p="md">{t('chatUi.empty')}</Text>;
  return (
    <Stack gap={0} data-testid="chat-conversations">
      {items.map((c) => (
        <Menu key={c.id} opened={menuFor === c.id} onChange={(open) => setMenuFor(open ? c.id : null)} position="bottom-end" withinPortal>
          <Group wrap="nowrap" gap={4} onContextMenu={(e) => { e.preventDefault(); setMenuFor(c.id); }} data-conversation={c.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <UnstyledButton style={{ flex: 1 }} p="xs" onClick={() => onOpen({ id: c.id, realName: c.realName, account: c.account, headIcon: c.headIcon })}>
              <Group wrap="nowrap" gap="sm">
                <Avatar src={c.headIcon || null} radius="xl" size={32}>{c.realName.slice(0, 1)}</Avatar>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>{c.realName}/{c.account}</Text>
                    <Text size="xs" c="dimmed">{relative(c.latestDate)}</Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate>
                      {c.messageType === 'text' ? c.latestMessage : t(c.messageType === 'image' ? 'chatUi.imageMessage' : c.messageType === 'voice' ? 'chatUi.voiceMessage' : 'chatUi.videoMessage')}
                    </Text>
                    {c.unreadMessage > 0 ? <Badge size="sm" color="red" circle data-unread={c.unreadMessage}>{c.unreadMessage}</Badge> : null}
                  </Group>
                </Stack>
              </Group>
            </UnstyledButton>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('chatUi.conversationActions', { name: c.realName })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
          </Group>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void removeConversation(c.id).then(reload)} data-testid="chat-remove">{t('chatUi.remove')}</Menu.Item>
            <Menu.Item color="red" onClick={() => clear(c)} data-testid="chat-clear">{t('chatUi.clear')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ))}
    </Stack>
  );
}
