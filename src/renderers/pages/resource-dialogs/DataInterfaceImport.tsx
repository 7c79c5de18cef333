import { Button, FileInput, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

/** Uploads an exported interface file; the server checks it as the form does (and refuses a taken code). */
export function DataInterfaceImport({ onClose, onChanged }: ResourceDialogProps) {
  const t = useRT();
  const provider = useDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file || !provider.resourceUpload) return;
    setBusy(true);
    try {
      await provider.resourceUpload('/api/system/DataInterface/Action/Import', file, file.name);
      onChanged();
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('dataInterfaceAdmin.importTitle')}>
      <Stack data-dialog="dataInterfaceImport">
        <FileInput label={t('dataInterfaceAdmin.importFile')} accept="application/json,.json" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button onClick={() => void upload()} loading={busy} disabled={!file}>{t('dataInterfaceAdmin.import')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
