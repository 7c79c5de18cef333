import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus, IconSettings, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { CompiledButton } from '../../runtime/model/compiled';
import { useRT } from '../i18n';
import { BulkImportDialog } from './import/BulkImportDialog';
import { ExportDialog } from './import/ExportDialog';
import type { ListState } from './listState';

/**
 * The list's toolbar: the permitted 新增, 导入 (the bulk import dialog), 导出 (the export
 * dialog: rows and columns) and 批量删除 buttons, and the column settings.
 */
export function ListToolbar({ state, onAdd, onColumnSettings }: { state: ListState; onAdd?(): void; onColumnSettings(): void }) {
  const t = useRT();
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null);
  const button = (b: CompiledButton) => {
    if (b.value === 'add')
      return (
        <Button key={b.value} size="sm" leftSection={<IconPlus size={14} />} onClick={onAdd} data-button={b.permissionCode}>
          {b.label || t('renderers.add')}
        </Button>
      );
    if (b.value === 'download')
      return (
        <Button key={b.value} size="sm" variant="default" leftSection={<IconDownload size={14} />} onClick={() => setDialog('export')} data-button={b.permissionCode}>
          {b.label || t('renderers.export')}
        </Button>
      );
    if (b.value === 'upload')
      return (
        <Button key={b.value} size="sm" variant="default" leftSection={<IconUpload size={14} />} onClick={() => setDialog('import')} data-button={b.permissionCode}>
          {b.label || t('bulkImport.upload')}
        </Button>
      );
    return (
      <Button key={b.value} size="sm" variant="default" color="red" leftSection={<IconTrash size={14} />} disabled={!state.selected.size} onClick={() => state.askDelete([...state.selected], false)} data-button={b.permissionCode}>
        {b.label || t('renderers.batchRemove')}
      </Button>
    );
  };
  return (
    <Group justify="space-between" mb="xs">
      <Group gap="xs">{state.toolbar.map(button)}</Group>
      {dialog === 'import' ? <BulkImportDialog modelId={state.model.id} onClose={() => setDialog(null)} onImported={state.reload} /> : null}
      {dialog === 'export' ? <ExportDialog modelId={state.model.id} columns={state.shown} query={state.body} selected={[...state.selected]} onClose={() => setDialog(null)} /> : null}
      <Tooltip label={t('renderers.columnSettings')}>
        <ActionIcon variant="default" onClick={onColumnSettings} aria-label={t('renderers.columnSettings')} data-action="column-settings">
          <IconSettings size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
