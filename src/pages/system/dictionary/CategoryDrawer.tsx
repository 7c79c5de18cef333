import { ActionIcon, Button, Drawer, FileButton, Group, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { deleteCategory, exportCategory, importCategory, type CategoryNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { CategoryDialog } from './CategoryDialog';
import { confirmAction, download } from './dialogs';
import { showSaved, useCategories, useDictionaryChanged } from './queries';
import { TreeTable, useOpenRows, type TreeColumn } from './TreeTable';

export interface CategoryDrawerProps {
  opened: boolean;
  onClose(): void;
}

type RowAction = 'dictAdmin.edit' | 'dictAdmin.delete' | 'dictAdmin.export';

/**
 * 字典分类管理 (spec 2.7), a 700 px drawer: the categories as a tree table (name, code, sort,
 * tree yes/no) with edit, delete and export per row; add, refresh and import in the toolbar.
 * Export asks first, then downloads the file the server's link names; import uploads such a
 * file and the category comes back with its entries.
 */
export function CategoryDrawer({ opened, onClose }: CategoryDrawerProps) {
  const t = useT();
  const categories = useCategories();
  const changed = useDictionaryChanged();
  const rows = useMemo(() => categories.data ?? [], [categories.data]);
  const open = useOpenRows(rows);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const resetUpload = useRef<() => void>(null);
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      /* the client has shown the server's message */
    }
  };
  const remove = (row: CategoryNode) =>
    run(async () => {
      if (!(await confirmAction(t, t('dictAdmin.deleteConfirm')))) return;
      showSaved(await deleteCategory(row.id));
      changed();
    });
  const exportRow = (row: CategoryNode) =>
    run(async () => {
      if (!(await confirmAction(t, t('dictAdmin.exportConfirm')))) return;
      const link = await exportCategory(row.id);
      download(link.url, link.name);
    });
  const upload = (file: File | null) => {
    if (!file) return;
    setImporting(true);
    void run(async () => {
      showSaved(await importCategory(file));
      changed();
    }).finally(() => {
      setImporting(false);
      resetUpload.current?.();
    });
  };

  const columns: TreeColumn<CategoryNode>[] = [
    { key: 'fullName', label: t('dictAdmin.name'), render: (r) => r.fullName },
    { key: 'enCode', label: t('dictAdmin.code'), render: (r) => r.enCode },
    { key: 'sortCode', label: t('dictAdmin.sort'), width: 70, render: (r) => r.sortCode },
    { key: 'isTree', label: t('dictAdmin.isTree'), width: 70, render: (r) => t(r.isTree === 1 ? 'dictAdmin.yes' : 'dictAdmin.no') },
  ];
  const button = (action: RowAction, row: CategoryNode, onClick: () => void, name: string, color?: string) => (
    <Button size="compact-sm" variant="subtle" color={color} onClick={onClick} data-action={name} aria-label={t('dictAdmin.rowAction', { action: t(action), name: row.fullName })}>
      {t(action)}
    </Button>
  );

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={700} title={t('dictAdmin.drawerTitle')} closeButtonProps={{ 'aria-label': t('dictAdmin.close') }} className="scp-dict-drawer" data-drawer="categories">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Button leftSection={<IconPlus size={14} />} onClick={() => setEditing({ id: null })} data-action="category-add">
            {t('dictAdmin.add')}
          </Button>
          <FileButton onChange={upload} accept="application/json,.json" resetRef={resetUpload}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={14} />} loading={importing} data-action="category-import">
                {t('dictAdmin.import')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Tooltip label={t('dictAdmin.refresh')}>
          <ActionIcon variant="default" size="lg" onClick={() => void categories.refetch()} aria-label={t('dictAdmin.refresh')} data-action="drawer-refresh">
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TreeTable
        label={t('dictAdmin.categories')}
        rows={rows}
        columns={columns}
        expanded={open.expanded}
        onToggle={open.toggle}
        loading={categories.isFetching}
        actionsLabel={t('dictAdmin.actions')}
        actions={(row) => (
          <Group gap={2} wrap="nowrap">
            {button('dictAdmin.edit', row, () => setEditing({ id: row.id }), 'category-edit')}
            {button('dictAdmin.delete', row, () => void remove(row), 'category-delete', 'red')}
            {button('dictAdmin.export', row, () => void exportRow(row), 'category-export')}
          </Group>
        )}
      />
      {editing ? <CategoryDialog categoryId={editing.id} onClose={() => setEditing(null)} /> : null}
    </Drawer>
  );
}
