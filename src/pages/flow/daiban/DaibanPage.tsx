import { Anchor, Box, Button, Group, Pagination, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { go } from '../../../app/router/navigation';
import { arrivedAtom } from '../../../app/realtime/socket';
import { listFlowTasks, type FlowListCategory, type FlowTaskItem } from '../../../app/api/flow';
import type { MessageKey } from '../../../runtime/i18n';
import { StatusBadge, UrgentBadge, formatTime } from '../flowCodes';
import { flowDetailPath } from '../flowConfig';

const PAGE_SIZE = 20;
const TABS: { category: FlowListCategory; key: MessageKey }[] = [
  { category: 1, key: 'flowUi.tab.todo' },
  { category: 2, key: 'flowUi.tab.done' },
  { category: 3, key: 'flowUi.tab.copied' },
];

/** One list's query key: every list shares the ['flow', 'list'] prefix, so an arrival refreshes them all. */
const listKey = (category: FlowListCategory, page: number, keyword: string) => ['flow', 'list', category, page, keyword] as const;

/** The total of each tab, for the counts on the tabs (page 1 of size 1: only the pagination is read). */
function useCount(category: FlowListCategory, keyword: string) {
  return useQuery({ queryKey: listKey(category, 0, keyword), queryFn: () => listFlowTasks(category, 1, 1, keyword), select: (p) => p.pagination.total });
}

function TaskRows({ items, category }: { items: FlowTaskItem[]; category: FlowListCategory }) {
  const t = useT();
  return (
    <>
      {items.map((item) => {
        const open = () => go(flowDetailPath(category === 1 ? { taskId: item.taskId, operatorId: item.id } : { taskId: item.taskId }));
        return (
          <Table.Tr key={item.id} data-task-id={item.taskId} style={{ cursor: 'pointer' }} onClick={open}>
            <Table.Td>{item.flowName}</Table.Td>
            <Table.Td>
              {/* the link makes each row reachable and opened by keyboard */}
              <Anchor component="button" type="button" onClick={(e) => (e.stopPropagation(), open())} aria-label={t('flowUi.open', { title: item.title })} data-testid="flow-open">
                {item.title}
              </Anchor>
              {item.delegatedFrom ? <Text size="xs" c="dimmed">{t('flowUi.delegated')}</Text> : null}
            </Table.Td>
            <Table.Td>{item.creatorName}</Table.Td>
            <Table.Td><UrgentBadge urgent={item.urgent} /></Table.Td>
            <Table.Td>{item.thisStep ?? ''}</Table.Td>
            <Table.Td><StatusBadge status={item.status} /></Table.Td>
            <Table.Td>{formatTime(item.createdAt)}</Table.Td>
          </Table.Tr>
        );
      })}
    </>
  );
}

/**
 * /daiban (spec 2.3): my to-do, done and copied-to flows in three tabs with their counts, a
 * keyword filter and paging. A row opens /workFlowDetail. A flow message arriving on the socket
 * (a new to-do, a copy, an outcome) refreshes the lists at once.
 */
export default function DaibanPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const [category, setCategory] = useState<FlowListCategory>(1);
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ queryKey: listKey(category, page, keyword), queryFn: () => listFlowTasks(category, page, PAGE_SIZE, keyword), placeholderData: keepPreviousData });
  const counts = [useCount(1, keyword), useCount(2, keyword), useCount(3, keyword)];
  const arrived = useAtomValue(arrivedAtom);
  useEffect(() => {
    if (arrived?.type === 2) void client.invalidateQueries({ queryKey: ['flow', 'list'] });
  }, [arrived, client]);
  const total = list.data?.pagination.total ?? 0;
  const items = list.data?.list ?? [];
  const search = (value: string) => (setKeyword(value.trim()), setPage(1));

  return (
    <Box p="md" data-testid="daiban-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <Tabs value={String(category)} onChange={(v) => v && (setCategory(Number(v) as FlowListCategory), setPage(1))} mb="sm">
        <Tabs.List aria-label={t('flowUi.tabs')}>
          {TABS.map((tab, i) => (
            <Tabs.Tab key={tab.category} value={String(tab.category)} data-testid={`daiban-tab-${tab.category}`}>
              {t(tab.key)}
              <span data-testid={`daiban-count-${tab.category}`}>{counts[i]!.data === undefined ? '' : ` (${counts[i]!.data})`}</span>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group mb="sm" gap="xs">
        <TextInput
          aria-label={t('flowUi.keyword')}
          placeholder={t('flowUi.keywordPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && search(typed)}
          data-testid="daiban-keyword"
        />
        <Button onClick={() => search(typed)} data-testid="daiban-search">{t('flowUi.search')}</Button>
        <Button variant="default" onClick={() => (setTyped(''), search(''))}>{t('flowUi.reset')}</Button>
      </Group>
      <Table withTableBorder highlightOnHover data-testid="daiban-table" data-category={category} data-loading={list.isFetching ? '1' : '0'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flowUi.col.flowName')}</Table.Th>
            <Table.Th>{t('flowUi.col.title')}</Table.Th>
            <Table.Th>{t('flowUi.col.initiator')}</Table.Th>
            <Table.Th>{t('flowUi.col.urgent')}</Table.Th>
            <Table.Th>{t('flowUi.col.step')}</Table.Th>
            <Table.Th>{t('flowUi.col.status')}</Table.Th>
            <Table.Th>{t('flowUi.col.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length ? <TaskRows items={items} category={category} /> : (
            <Table.Tr>
              <Table.Td colSpan={7}><Text c="dimmed" ta="center" size="sm">{t('flowUi.empty')}</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {total > PAGE_SIZE ? (
        <Group justify="flex-end" mt="sm">
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} aria-label={t('flowUi.pages')} />
        </Group>
      ) : null}
    </Box>
  );
}
