import { Button, FileInput, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

/** Uploads an exported print template; the server checks it as the editor's save does (and refuses a taken code). */
export function PrintDevImport({ onClose, onChanged }: ResourceDialogProps) {
  const t = useRT();
  const provider = useDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file || !provider.resourceUpload) return;
    setBusy(true);
    try {
      await provider.resourceUpload('/api/system/printDev/Actions/Import', file, file.name);
      onChanged();
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('printDev.importTitle')}>
      <Stack data-dialog="printDevImport">
        <FileInput label={t('printDev.importFile')} accept="application/json,.json" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button onClick={() => void upload()} loading={busy} disabled={!file}>{t('printDev.import')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
