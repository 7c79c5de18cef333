import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { listMessages, type InboxFilter, type MessageType } from '../../app/api/messages';
import { useOpenMessage } from '../../app/shell/messages/MessageDrawer';
import { typeKey, when } from '../../app/shell/messages/MessageItem';
import { MessageDetail } from '../../app/shell/messages/MessageDetail';
import { refreshUnread } from '../../app/shell/messages/unread';

const PAGE = 20;

/**
 * /messageRecord, the message centre: every message of mine with paging, type, state and keyword
 * filters. ?majorId=<id> opens that message (reading it marks it read), as a flow message's link does.
 */
export default function MessageRecordPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const majorId = new URLSearchParams(useSearch()).get('majorId');
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<InboxFilter>({});
  const list = useQuery({ queryKey: ['messages', 'centre', filter, page], queryFn: () => listMessages(filter, page, PAGE) });
  const { open, detail } = useOpenMessage();
  const [linked, setLinked] = useState<string | null>(majorId);
  useEffect(() => setLinked(majorId), [majorId]);
  const total = list.data?.pagination.total ?? 0;
  const change = (next: InboxFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Stack p="md" gap="sm" data-testid="message-record">
      <Title order={4}>{title || t('message.centreTitle')}</Title>
      <Group gap="xs">
        <TextInput size="xs" w={220} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && change({ ...filter, keyword: typed.trim() || undefined })} placeholder={t('message.search')} aria-label={t('message.search')} />
        <Select
          size="xs"
          w={120}
          aria-label={t('message.colType')}
          value={filter.type ? String(filter.type) : 'all'}
          onChange={(v) => change({ ...filter, type: v && v !== 'all' ? (Number(v) as MessageType) : undefined })}
          data={[{ value: 'all', label: t('message.type.all') }, { value: '3', label: t('message.type.3') }, { value: '2', label: t('message.type.2') }, { value: '1', label: t('message.type.1') }]}
        />
        <Select
          size="xs"
          w={120}
          aria-label={t('message.colState')}
          value={filter.isRead ?? 'all'}
          onChange={(v) => change({ ...filter, isRead: v === '0' || v === '1' ? v : undefined })}
          data={[{ value: 'all', label: t('message.type.all') }, { value: '0', label: t('message.unread') }, { value: '1', label: t('message.read') }]}
        />
        <Button size="xs" variant="default" onClick={() => change({ ...filter, keyword: typed.trim() || undefined })}>
          <span>{t('message.search')}</span>
        </Button>
      </Group>
      <Table striped highlightOnHover data-testid="message-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('message.colTitle')}</Table.Th>
            <Table.Th w={90}>{t('message.colType')}</Table.Th>
            <Table.Th w={160}>{t('message.releaseUser')}</Table.Th>
            <Table.Th w={150}>{t('message.releaseTime')}</Table.Th>
            <Table.Th w={80}>{t('message.colState')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.list ?? []).map((m) => (
            <Table.Tr key={m.id} data-message-id={m.id} style={{ cursor: 'pointer' }} onClick={() => open(m)}>
              <Table.Td fw={m.isRead === '1' ? 400 : 600}>{m.title}</Table.Td>
              <Table.Td>{t(typeKey(m.type))}</Table.Td>
              <Table.Td>{m.releaseUser}</Table.Td>
              <Table.Td>{when(m.releaseTime)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={m.isRead === '1' ? 'gray' : 'red'}>{t(m.isRead === '1' ? 'message.read' : 'message.unread')}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total === 0 && !list.isFetching ? <Text c="dimmed" ta="center">{t('message.empty')}</Text> : null}
      <Group justify="flex-end">
        <Text size="sm">{t('renderers.total', { total })}</Text>
        <Pagination size="sm" total={Math.max(1, Math.ceil(total / PAGE))} value={page} onChange={setPage} />
      </Group>
      {detail}
      <MessageDetail
        id={linked}
        onClose={() => setLinked(null)}
        onRead={() => {
          void client.invalidateQueries({ queryKey: ['messages'] });
          void refreshUnread().catch(() => undefined);
        }}
      />
    </Stack>
  );
}
