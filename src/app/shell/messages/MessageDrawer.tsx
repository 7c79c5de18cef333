import { Anchor, Button, Center, Drawer, Group, Loader, ScrollArea, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { appStore } from '../../store';
import { go } from '../../router/navigation';
import { arrivedAtom, countRead, unreadAtom } from '../../realtime/socket';
import { flowMessagePath, listMessages, readAllMessages, readMessage, type InboxFilter, type InboxItem, type MessageType } from '../../api/messages';
import { MessageDetail } from './MessageDetail';
import { MessageItem } from './MessageItem';
import { refreshUnread } from './unread';

const PAGE = 20;
/** The next page is asked when the list's end comes within this distance (spec: 200 px). */
const THRESHOLD_PX = 200;

/** Counts one unread message as read on the bell at once (the server is told by ReadInfo). */
export function markSeen(item: InboxItem): void {
  if (item.isRead !== '1') appStore.set(unreadAtom, countRead(appStore.get(unreadAtom), item.type));
}

/** Opens a message: flow messages go to their page, the others to the detail dialog. */
export function useOpenMessage(onLeave?: () => void) {
  const client = useQueryClient();
  const [detailId, setDetailId] = useState<string | null>(null);
  const open = (item: InboxItem) => {
    markSeen(item);
    if (item.type === 2) {
      void readMessage(item.id).finally(() => client.invalidateQueries({ queryKey: ['messages'] }));
      onLeave?.();
      go(flowMessagePath(item));
    } else setDetailId(item.id);
  };
  const detail = <MessageDetail id={detailId} onClose={() => setDetailId(null)} onRead={() => void client.invalidateQueries({ queryKey: ['messages'] })} />;
  return { open, detail };
}

/** The message drawer (spec 2.6): type filter, unread only (on by default), keyword, infinite scroll, mark all read. */
export function MessageDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT();
  const client = useQueryClient();
  const [type, setType] = useState<'all' | `${MessageType}`>('all');
  const [unreadOnly, setUnreadOnly] = useState(true);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const filter: InboxFilter = { keyword: keyword || undefined, type: type === 'all' ? undefined : (Number(type) as MessageType), isRead: unreadOnly ? '0' : undefined };
  const pages = useInfiniteQuery({
    queryKey: ['messages', 'drawer', filter],
    queryFn: ({ pageParam }) => listMessages(filter, pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.list.length < PAGE ? undefined : all.length + 1),
    enabled: opened,
  });
  const arrived = useAtomValue(arrivedAtom);
  useEffect(() => {
    if (arrived) void client.invalidateQueries({ queryKey: ['messages'] });
  }, [arrived, client]);
  const viewport = useRef<HTMLDivElement>(null);
  const nearEnd = () => {
    const v = viewport.current;
    if (v && v.scrollHeight - v.scrollTop - v.clientHeight < THRESHOLD_PX && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };
  const { open, detail } = useOpenMessage(onClose);
  const items = pages.data?.pages.flatMap((p) => p.list) ?? [];

  const readAll = () =>
    modals.openConfirmModal({
      title: t('app.tip'),
      children: <Text size="sm">{t('message.readAllConfirm')}</Text>,
      labels: { confirm: t('app.confirm'), cancel: t('app.cancel') },
      confirmProps: { 'data-testid': 'message-read-all-confirm' } as Record<string, string>,
      onConfirm: async () => {
        await readAllMessages(filter);
        await client.invalidateQueries({ queryKey: ['messages'] });
        await refreshUnread();
      },
    });

  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" size="400px" title={t('message.drawerTitle')} data-testid="message-drawer">
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(v) => setType(v as typeof type)}
            data={[{ value: 'all', label: t('message.type.all') }, { value: '3', label: t('message.type.3') }, { value: '2', label: t('message.type.2') }, { value: '1', label: t('message.type.1') }]}
            data-testid="message-type"
          />
          <Group justify="space-between" wrap="nowrap">
            <Switch size="xs" label={t('message.unreadOnly')} checked={unreadOnly} onChange={(e) => setUnreadOnly(e.currentTarget.checked)} data-testid="message-unread-only" />
            <Button size="compact-xs" variant="subtle" onClick={readAll} data-testid="message-read-all">
              {t('message.readAll')}
            </Button>
          </Group>
          <TextInput
            size="xs"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && setKeyword(typed.trim())}
            rightSection={<IconSearch size={14} onClick={() => setKeyword(typed.trim())} />}
            placeholder={t('message.search')}
            aria-label={t('message.search')}
          />
          <ScrollArea h="calc(100vh - 250px)" viewportRef={viewport} onScrollPositionChange={nearEnd} data-testid="message-list">
            {items.map((item) => (
              <MessageItem key={item.id} item={item} onOpen={open} />
            ))}
            {pages.isFetching ? <Center p="sm"><Loader size="sm" aria-label={t('message.loading')} /></Center> : null}
            {!pages.isFetching && items.length === 0 ? <Text c="dimmed" ta="center" p="md">{t('message.empty')}</Text> : null}
          </ScrollArea>
          <Anchor size="sm" ta="center" onClick={() => { onClose(); go('/messageRecord'); }} data-testid="message-more">
            {t('message.more')}
          </Anchor>
        </Stack>
      </Drawer>
      {detail}
    </>
  );
}
