import { ActionIcon, Badge, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { deleteEntry, type CategoryNode, type EntryNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { confirmAction } from './dialogs';
import { showSaved, useDictionaryChanged, useEntries } from './queries';
import { everyRowHasChildren } from './tree';
import { TreeTable, useOpenRows, type TreeColumn } from './TreeTable';

export interface EntryTableProps {
  category: CategoryNode;
  onAdd(): void;
  onEdit(entry: EntryNode): void;
}

/**
 * The right side of the dictionary screen (spec 2.7): keyword search with search and reset,
 * the entries of the chosen category (name, code, sort, status in green or red), edit and
 * delete per row; add, the expand/collapse toggle (only when every row has children) and
 * refresh in the head. A tree category's entries open all at first, as the product's table.
 */
export function EntryTable({ category, onAdd, onEdit }: EntryTableProps) {
  const t = useT();
  const changed = useDictionaryChanged();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const entries = useEntries(category.id, keyword);
  const rows = useMemo(() => entries.data ?? [], [entries.data]);
  const open = useOpenRows(rows);
  const remove = async (entry: EntryNode) => {
    if (!(await confirmAction(t, t('dictAdmin.deleteConfirm')))) return;
    try {
      showSaved(await deleteEntry(entry.id));
      changed();
    } catch {
      /* the client has shown the server's message */
    }
  };
  const columns: TreeColumn<EntryNode>[] = [
    { key: 'fullName', label: t('dictAdmin.name'), render: (r) => r.fullName },
    { key: 'enCode', label: t('dictAdmin.code'), render: (r) => r.enCode },
    { key: 'sortCode', label: t('dictAdmin.sort'), width: 90, render: (r) => r.sortCode },
    {
      key: 'enabledMark',
      label: t('dictAdmin.status'),
      width: 90,
      render: (r) =>
        r.enabledMark === 1 ? (
          <Badge color="green" data-status="1">{t('dictAdmin.enabled')}</Badge>
        ) : (
          <Badge color="red" data-status="0">{t('dictAdmin.disabled')}</Badge>
        ),
    },
  ];
  const rowButton = (action: 'dictAdmin.edit' | 'dictAdmin.delete', entry: EntryNode, onClick: () => void, name: string, color?: string) => (
    <Button size="compact-sm" variant="subtle" color={color} onClick={onClick} data-action={name} aria-label={t('dictAdmin.rowAction', { action: t(action), name: entry.fullName })}>
      {t(action)}
    </Button>
  );

  return (
    <div className="scp-dict-entries" data-category-id={category.id}>
      <Title order={2} size="h4" mb="sm" data-selected-category>
        {category.fullName}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <Group gap="xs" mb="sm" align="flex-end">
          <TextInput label={t('dictAdmin.keyword')} placeholder={t('dictAdmin.keywordPlaceholder')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-action="keyword" w={240} />
          <Button type="submit" leftSection={<IconSearch size={14} />} data-action="search">
            {t('dictAdmin.search')}
          </Button>
          <Button variant="default" onClick={() => (setTyped(''), setKeyword(''))} data-action="reset">
            {t('dictAdmin.reset')}
          </Button>
        </Group>
      </form>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Button leftSection={<IconPlus size={14} />} onClick={onAdd} data-action="entry-add">
            {t('dictAdmin.add')}
          </Button>
          {everyRowHasChildren(rows) ? (
            <Button variant="default" onClick={open.allOpen ? open.closeAll : open.openAll} aria-pressed={open.allOpen} data-action="toggle-all">
              {t(open.allOpen ? 'dictAdmin.collapse' : 'dictAdmin.expand')}
            </Button>
          ) : null}
        </Group>
        <Tooltip label={t('dictAdmin.refresh')}>
          <ActionIcon variant="default" size="lg" onClick={() => void entries.refetch()} aria-label={t('dictAdmin.refresh')} data-action="entry-refresh">
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TreeTable
        label={t('dictAdmin.entries')}
        rows={rows}
        columns={columns}
        expanded={open.expanded}
        onToggle={open.toggle}
        loading={entries.isFetching}
        actionsLabel={t('dictAdmin.actions')}
        actions={(entry) => (
          <Group gap={4} wrap="nowrap">
            {rowButton('dictAdmin.edit', entry, () => onEdit(entry), 'entry-edit')}
            {rowButton('dictAdmin.delete', entry, () => void remove(entry), 'entry-delete', 'red')}
          </Group>
        )}
      />
    </div>
  );
}
