import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useT } from '../../i18n';
import type { InboxItem } from '../../api/messages';

export const when = (ms: number) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');
export const typeKey = (type: number) => `message.type.${type === 1 ? 1 : type === 2 ? 2 : 3}` as const;

/** One message in the drawer: type, title (bold while unread), sender and time. */
export function MessageItem({ item, onOpen }: { item: InboxItem; onOpen(item: InboxItem): void }) {
  const t = useT();
  const unread = item.isRead !== '1';
  return (
    <UnstyledButton onClick={() => onOpen(item)} data-message-id={item.id} data-unread={unread ? '1' : '0'} w="100%" p="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap">
          <Badge size="xs" variant="light" color={item.type === 1 ? 'orange' : item.type === 2 ? 'blue' : 'gray'}>
            {t(typeKey(item.type))}
          </Badge>
          {unread ? <Badge size="xs" color="red" variant="dot">{t('message.unread')}</Badge> : null}
        </Group>
        <Text size="sm" fw={unread ? 600 : 400} lineClamp={2}>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed">
          {[item.releaseUser, when(item.releaseTime)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
