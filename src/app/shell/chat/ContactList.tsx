import { Avatar, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useT } from '../../i18n';
import { listContacts } from '../../api/chat';
import type { ChatContact } from './ChatWindow';

const PAGE = 20;
/** The next page is asked when the end comes within this distance (spec: 300 px). */
const THRESHOLD_PX = 300;

/** The 'contacts' tab: the people I may chat with, searchable, 20 a page. */
export function ContactList({ onOpen }: { onOpen(contact: ChatContact): void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const pages = useInfiniteQuery({
    queryKey: ['chat', 'contacts', keyword],
    queryFn: ({ pageParam }) => listContacts(keyword, pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.list.length < PAGE ? undefined : all.length + 1),
  });
  const viewport = useRef<HTMLDivElement>(null);
  const nearEnd = () => {
    const v = viewport.current;
    if (v && v.scrollHeight - v.scrollTop - v.clientHeight < THRESHOLD_PX && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };
  const items = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Stack gap="xs">
      <TextInput size="xs" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && setKeyword(typed.trim())} leftSection={<IconSearch size={14} />} placeholder={t('chatUi.search')} aria-label={t('chatUi.search')} />
      <ScrollArea h="calc(100vh - 220px)" viewportRef={viewport} onScrollPositionChange={nearEnd} data-testid="chat-contacts">
        {items.map((c) => (
          <UnstyledButton key={c.id} w="100%" p="xs" onClick={() => onOpen({ id: c.id, realName: c.realName, account: c.account, headIcon: c.headIcon })} data-contact={c.id}>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={c.headIcon || null} radius="xl" size={28}>{c.realName.slice(0, 1)}</Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>{c.fullName}</Text>
                <Text size="xs" c="dimmed" truncate>{c.organize}</Text>
              </Stack>
            </Group>
          </UnstyledButton>
        ))}
        {!pages.isFetching && items.length === 0 ? <Text c="dimmed" ta="center" p="md">{t('chatUi.noContacts')}</Text> : null}
      </ScrollArea>
    </Stack>
  );
}
