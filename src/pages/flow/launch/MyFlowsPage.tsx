import { ListFooter } from '../ListFooter';
import { Anchor, Badge, Box, Button, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { go } from '../../../app/router/navigation';
import { myLaunchedFlows, withdrawFlow, type LaunchedFlow } from '../../../app/api/flowLaunch';
import type { MessageKey } from '../../../runtime/i18n';

const PAGE_SIZE = 20;
/** Flow status codes (spec 3): 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel. */
const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'teal', 3: 'red', 4: 'gray', 5: 'dark' };
const URGENT_COLOR: Record<number, string> = { 1: 'gray', 2: 'orange', 3: 'red' };
const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/**
 * 我发起的 (issue 16 item 2): the flows I started, newest first, with a keyword and paging; a
 * title opens the flow's detail (/workFlowDetail), 撤回 withdraws one no approver has acted on
 * (the server decides; its refusal is shown by the API client).
 */
export default function MyFlowsPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['flowLaunch', 'mine', keyword, page], queryFn: () => myLaunchedFlows(keyword, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawFlow(id),
    onSuccess: () => notifications.show({ message: t('flowLaunch.status4'), color: 'green', autoClose: 1500 }),
    onSettled: () => client.invalidateQueries({ queryKey: ['flowLaunch', 'mine'] }),
  });
  const confirmWithdraw = (row: LaunchedFlow) =>
    modals.openConfirmModal({
      title: t('flowLaunch.withdraw'),
      children: <Text size="sm">{t('flowLaunch.withdrawConfirm', { title: row.title })}</Text>,
      labels: { confirm: t('flowLaunch.confirm'), cancel: t('flowLaunch.cancel') },
      confirmProps: { 'data-testid': 'flow-withdraw-confirm' } as Record<string, string>,
      onConfirm: () => withdraw.mutate(row.id),
    });
  const total = list.data?.pagination.total ?? 0;
  return (
    <Box p="md" data-testid="flow-mine-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <Group mb="sm" align="flex-end">
        <TextInput label={t('flowLaunch.keyword')} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { setKeyword(draft.trim()); setPage(1); } }} data-testid="flow-mine-keyword" />
        <Button variant="default" onClick={() => { setKeyword(draft.trim()); setPage(1); }}>{t('flowLaunch.searchButton')}</Button>
      </Group>
      <Table withTableBorder striped data-testid="flow-mine-table">
        <Table.Thead>
          <Table.Tr>
            {(['colTitle', 'colFlow', 'colUrgent', 'colStatus', 'colStep', 'colCreated', 'colCompleted', 'colActions'] as const).map((k) => <Table.Th key={k}>{t(`flowLaunch.${k}`)}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.list ?? []).map((row) => (
            <Table.Tr key={row.id} data-testid="flow-mine-row" data-task-id={row.id} data-status={row.status}>
              <Table.Td><Anchor component="button" type="button" onClick={() => go(`/workFlowDetail?taskId=${encodeURIComponent(row.id)}`)}>{row.title}</Anchor></Table.Td>
              <Table.Td>{row.flowName}</Table.Td>
              <Table.Td><Badge variant="light" color={URGENT_COLOR[row.urgent] ?? 'gray'}>{t(`flowLaunch.urgent${row.urgent}` as MessageKey)}</Badge></Table.Td>
              <Table.Td><Badge variant="light" color={STATUS_COLOR[row.status] ?? 'gray'} data-testid="flow-mine-status">{t(`flowLaunch.status${row.status}` as MessageKey)}</Badge></Table.Td>
              <Table.Td>{row.thisStep ?? ''}</Table.Td>
              <Table.Td>{time(row.createdAt)}</Table.Td>
              <Table.Td>{time(row.completedAt)}</Table.Td>
              <Table.Td>
                {row.status === 1 ? <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmWithdraw(row)} data-testid="flow-withdraw">{t('flowLaunch.withdraw')}</Button> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListFooter loading={list.isLoading} total={total} pageSize={PAGE_SIZE} page={page} onPage={setPage} />
    </Box>
  );
}
