import { ListFooter } from '../ListFooter';
import { Badge, Box, Button, Group, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { go } from '../../../app/router/navigation';
import { deleteEntrust, listEntrusts, type Entrust } from '../../../app/api/flowLaunch';
import { RenderersHost } from '../../dynamic/DynamicPages';
import { EntrustForm } from './EntrustForm';
import { entrustTypeOf } from './entrustType';

const PAGE_SIZE = 20;
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** /workFlow/entrust (issue 16 item 3): the entrusts I made (editable) and those made to me (read only). */
export default function EntrustPage({ title, path }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const search = useSearch();
  const type = entrustTypeOf(search);
  const highlighted = new URLSearchParams(search).get('id');
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Entrust | 'new' | null>(null);
  const list = useQuery({ queryKey: ['flowLaunch', 'entrusts', type, keyword, page], queryFn: () => listEntrusts(type, keyword, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const reload = () => client.invalidateQueries({ queryKey: ['flowLaunch', 'entrusts'] });
  const confirmDelete = (row: Entrust) =>
    modals.openConfirmModal({
      title: t('flowLaunch.delete'),
      children: <Text size="sm">{t('flowLaunch.deleteConfirm')}</Text>,
      labels: { confirm: t('flowLaunch.confirm'), cancel: t('flowLaunch.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'entrust-delete-confirm' } as Record<string, string>,
      onConfirm: () => void deleteEntrust(row.id).then(() => notifications.show({ message: t('flowLaunch.deleted'), color: 'green', autoClose: 1500 })).catch(() => undefined).finally(reload),
    });
  const total = list.data?.pagination.total ?? 0;
  const mine = type === 1;
  return (
    <RenderersHost>
      <Box p="md" data-testid="entrust-page" data-type={type}>
        <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
        <Tabs value={String(type)} onChange={(v) => { setPage(1); go(`${path}?config=${v ?? '1'}`, { replace: true }); }} mb="sm">
          <Tabs.List>
            <Tabs.Tab value="1" data-testid="entrust-tab-1">{t('flowLaunch.entrustMine')}</Tabs.Tab>
            <Tabs.Tab value="2" data-testid="entrust-tab-2">{t('flowLaunch.entrustToMe')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group mb="sm" align="flex-end" justify="space-between">
          <Group align="flex-end">
            <TextInput label={t('flowLaunch.keyword')} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { setKeyword(draft.trim()); setPage(1); } }} />
            <Button variant="default" onClick={() => { setKeyword(draft.trim()); setPage(1); }}>{t('flowLaunch.searchButton')}</Button>
          </Group>
          {mine ? <Button onClick={() => setEditing('new')} data-testid="entrust-add">{t('flowLaunch.entrustAdd')}</Button> : null}
        </Group>
        <Table withTableBorder striped data-testid="entrust-table">
          <Table.Thead>
            <Table.Tr>
              {(['colFrom', 'colTo', 'colFlows', 'colStart', 'colEnd', 'colDescription'] as const).map((k) => <Table.Th key={k}>{t(`flowLaunch.${k}`)}</Table.Th>)}
              {mine ? <Table.Th>{t('flowLaunch.colActions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.list ?? []).map((row) => (
              <Table.Tr key={row.id} data-testid="entrust-row" data-id={row.id} bg={row.id === highlighted ? 'var(--mantine-color-yellow-light)' : undefined}>
                <Table.Td>{row.userName}</Table.Td>
                <Table.Td>{row.toUserName}</Table.Td>
                <Table.Td>{row.engineIds === null ? <Badge variant="light">{t('flowLaunch.allFlows')}</Badge> : row.flowNames.join('、')}</Table.Td>
                <Table.Td>{time(row.startTime)}</Table.Td>
                <Table.Td>{time(row.endTime)}</Table.Td>
                <Table.Td>{row.description ?? ''}</Table.Td>
                {mine ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)} data-testid="entrust-edit">{t('flowLaunch.edit')}</Button>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmDelete(row)} data-testid="entrust-delete">{t('flowLaunch.delete')}</Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ListFooter loading={list.isLoading} total={total} pageSize={PAGE_SIZE} page={page} onPage={setPage} />
        {editing ? <EntrustForm editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void reload(); }} /> : null}
      </Box>
    </RenderersHost>
  );
}
