import { ActionIcon, Box, Button, Group, Pagination, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { deleteEngine, engineCategories, listEngines, setEnabled, type EngineItem } from './api';
import { categoryOptions, EngineDialog } from './EngineDialog';
import { EngineDrawer } from './EngineDrawer';
import { ImportDialog } from './ImportDialog';

const PAGE = 20;

/**
 * 流程设计 (system/flowEngine; docs/FLOWS.md "Flow definitions"): the flow engines by keyword and
 * category, each enabled or disabled in place; new, import, settings, the detail with its diagram
 * and versions, delete (refused by the server while tasks use it). Hand-written, not a
 * schemas/admin descriptor: the diagram and the template's versions are no resource columns.
 */
export default function FlowEnginePage(_props: PageProps) {
  const t = useT();
  const [draft, setDraft] = useState({ keyword: '', category: null as string | null });
  const [query, setQuery] = useState({ keyword: '', category: null as string | null });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'create' | 'edit' | 'import'; id?: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['flowAdmin', 'list', query, page],
    queryFn: () => listEngines({ currentPage: page, pageSize: PAGE, keyword: query.keyword || undefined, category: query.category ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const inUse = useQuery({ queryKey: ['flowAdmin', 'categories'], queryFn: engineCategories });
  const categories = categoryOptions(inUse.data);
  const reload = () => {
    void list.refetch();
    void inUse.refetch();
  };
  const total = list.data?.pagination.total ?? 0;

  const toggle = async (row: EngineItem, on: boolean) => {
    try {
      await setEnabled(row.id, on ? 1 : 0);
      notifications.show({ color: 'green', message: t(on ? 'flowAdmin.enabled' : 'flowAdmin.disabled'), autoClose: 1500 });
    } finally {
      reload();
    }
  };
  const remove = (row: EngineItem) =>
    modals.openConfirmModal({
      title: t('flowAdmin.delete'),
      children: <Text size="sm">{t('flowAdmin.confirmDelete', { name: row.fullName })}</Text>,
      labels: { confirm: t('flowAdmin.delete'), cancel: t('flowAdmin.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'flow-delete-confirm' } as Record<string, string>,
      onConfirm: async () => {
        try {
          await deleteEngine(row.id);
          notifications.show({ color: 'green', message: t('flowAdmin.deleted'), autoClose: 1500 });
        } catch {
          /* the client has shown the server's message */
        }
        reload();
      },
    });

  return (
    <Box p="md" data-page="system-flowEngine">
      <Group align="end" mb="sm" wrap="wrap">
        <TextInput size="xs" label={t('flowAdmin.keyword')} placeholder={t('flowAdmin.keywordPlaceholder')} value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} maxLength={100} w={200}
          onKeyDown={(e) => { if (e.key === 'Enter') { setQuery(draft); setPage(1); } }} />
        <Select size="xs" label={t('flowAdmin.category')} placeholder={t('flowAdmin.allCategories')} data={categories} value={draft.category} onChange={(v) => setDraft({ ...draft, category: v })} clearable w={160} />
        <Button size="xs" onClick={() => { setQuery(draft); setPage(1); }}>{t('flowAdmin.search')}</Button>
        <Button size="xs" variant="default" onClick={() => { const empty = { keyword: '', category: null }; setDraft(empty); setQuery(empty); setPage(1); }}>{t('flowAdmin.reset')}</Button>
        <Box style={{ flex: 1 }} />
        <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'import' })} data-testid="flow-import">{t('flowAdmin.import')}</Button>
        <Button size="xs" onClick={() => setDialog({ kind: 'create' })} data-testid="flow-create">{t('flowAdmin.create')}</Button>
      </Group>
      <Table striped highlightOnHover data-testid="flow-engine-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flowAdmin.fullName')}</Table.Th>
            <Table.Th>{t('flowAdmin.enCode')}</Table.Th>
            <Table.Th>{t('flowAdmin.category')}</Table.Th>
            <Table.Th ta="right">{t('flowAdmin.version')}</Table.Th>
            <Table.Th ta="right">{t('flowAdmin.tasks')}</Table.Th>
            <Table.Th>{t('flowAdmin.enabledMark')}</Table.Th>
            <Table.Th>{t('flowAdmin.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.list ?? []).map((row) => (
            <Table.Tr key={row.id} data-engine={row.enCode}>
              <Table.Td>{row.fullName}</Table.Td>
              <Table.Td>{row.enCode}</Table.Td>
              <Table.Td>{row.category ?? ''}</Table.Td>
              <Table.Td ta="right">{row.version}</Table.Td>
              <Table.Td ta="right">{row.tasks}</Table.Td>
              <Table.Td>
                <Switch size="xs" checked={row.enabledMark === 1} onChange={(e) => void toggle(row, e.currentTarget.checked)} aria-label={`${t('flowAdmin.enabledMark')} ${row.fullName}`} data-testid="flow-enabled" />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => setOpen(row.id)} data-testid="flow-open">{t('flowAdmin.design')}</Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'edit', id: row.id })}>{t('flowAdmin.edit')}</Button>
                  <ActionIcon size="sm" variant="subtle" color="red" onClick={() => remove(row)} aria-label={`${t('flowAdmin.delete')} ${row.fullName}`}>×</ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.data && !total ? <Text size="sm" c="dimmed" p="md">{t('flowAdmin.empty')}</Text> : null}
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">{t('flowAdmin.total', { total })}</Text>
        {total > PAGE ? <Pagination size="sm" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} /> : null}
      </Group>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? <EngineDialog engineId={dialog.id ?? null} categories={categories} onClose={() => setDialog(null)} onSaved={reload} /> : null}
      {dialog?.kind === 'import' ? <ImportDialog categories={categories} onClose={() => setDialog(null)} onImported={(id) => { reload(); setOpen(id); }} /> : null}
      {open ? <EngineDrawer engineId={open} onClose={() => setOpen(null)} onChanged={reload} /> : null}
    </Box>
  );
}
