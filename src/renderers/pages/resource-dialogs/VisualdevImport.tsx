import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

/** Uploads an exported model definition; the server compiles it and keeps it as a draft (a taken code gets a suffix). */
export function VisualdevImport({ onClose, onChanged }: ResourceDialogProps) {
  const t = useRT();
  const provider = useDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file || !provider.resourceUpload) return;
    setBusy(true);
    try {
      const reply = (await provider.resourceUpload('/api/visualdev/Base/Action/Import', file, file.name)) as { enCode?: string } | null;
      notifications.show({ message: t('onlineDev.importedAs', { code: reply?.enCode ?? '' }), color: 'green' });
      onChanged();
      onClose();
    } catch {
      /* the client has shown the server's message (what the file lacks, or the compiler's problems) */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('onlineDev.importTitle')}>
      <Stack data-dialog="visualdevImport">
        <Text size="sm" c="dimmed">{t('onlineDev.importHint')}</Text>
        <FileInput label={t('onlineDev.importFile')} accept="application/json,.json" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button onClick={() => void upload()} loading={busy} disabled={!file}>{t('onlineDev.import')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
