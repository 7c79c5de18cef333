import { Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CompiledColumn } from '../../../runtime/model/compiled';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import { openDownload } from './calls';

type Scope = 'page' | 'all' | 'selected';
const DATA_TYPE: Record<Scope, number> = { page: 0, all: 1, selected: 2 };

/**
 * The list's export dialog: which rows (the current page, every row of the current filter, or
 * the selected rows) and which of the shown columns, to .xlsx. The server checks the columns
 * against the user's grants and reads inside their data scope (export-routes.ts).
 */
export function ExportDialog({ modelId, columns, query, selected, onClose }: { modelId: string; columns: CompiledColumn[]; query: Record<string, unknown>; selected: string[]; onClose(): void }) {
  const t = useRT();
  const provider = useDataProvider();
  const [scope, setScope] = useState<Scope>('page');
  const [chosen, setChosen] = useState<string[]>(columns.map((c) => c.prop));
  const [busy, setBusy] = useState(false);
  const go = async () => {
    if (!chosen.length) return notifications.show({ message: t('bulkImport.noColumns'), color: 'red', autoClose: 1500 });
    setBusy(true);
    try {
      const selectKey = columns.map((c) => c.prop).filter((p) => chosen.includes(p));
      const { url } = await provider.exportRecords(modelId, { ...query, dataType: DATA_TYPE[scope], selectKey, ...(scope === 'selected' ? { ids: selected } : {}) });
      openDownload(url);
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('bulkImport.exportTitle')} size={600}>
      <Stack data-dialog="export">
        <Radio.Group label={t('bulkImport.exportScope')} value={scope} onChange={(v) => setScope(v as Scope)}>
          <Group mt="xs">
            <Radio value="page" label={t('bulkImport.scopePage')} data-scope="page" />
            <Radio value="all" label={t('bulkImport.scopeAll')} data-scope="all" />
            <Radio value="selected" label={t('bulkImport.scopeSelected', { n: selected.length })} disabled={!selected.length} data-scope="selected" />
          </Group>
        </Radio.Group>
        <Group justify="space-between">
          <Text size="sm" fw={500}>{t('bulkImport.exportColumns')}</Text>
          <Checkbox
            label={t('bulkImport.selectAll')}
            checked={chosen.length === columns.length}
            indeterminate={chosen.length > 0 && chosen.length < columns.length}
            onChange={(e) => setChosen(e.currentTarget.checked ? columns.map((c) => c.prop) : [])}
          />
        </Group>
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <SimpleGrid cols={3}>
            {columns.map((c) => <Checkbox key={c.prop} value={c.prop} label={c.label || c.prop} data-export-column={c.prop} />)}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('renderers.cancel')}</Button>
          <Button onClick={() => void go()} loading={busy} data-action="export-confirm">{t('bulkImport.export')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
