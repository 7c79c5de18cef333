import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MessageKey } from '../../../runtime/i18n';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

export interface FileImportSpec {
  /** The upload call (multipart field `file`). */
  url: string;
  /** data-dialog of the dialog's body (tests find it by this name). */
  name: string;
  texts: { title: MessageKey; file: MessageKey; button: MessageKey; hint?: MessageKey };
  /** After the server took the file: what to tell the user about its reply. */
  onImported?(reply: unknown, t: ReturnType<typeof useRT>): void;
}

/**
 * The upload dialog of a resource's exported JSON file: the server checks the file as its form
 * would and answers in the user's language (the client shows a refusal); the list then reloads.
 */
export function fileImportDialog(spec: FileImportSpec) {
  return function FileImport({ onClose, onChanged }: ResourceDialogProps) {
    const t = useRT();
    const provider = useDataProvider();
    const [file, setFile] = useState<File | null>(null);
    const [busy, setBusy] = useState(false);
    const upload = async () => {
      if (!file || !provider.resourceUpload) return;
      setBusy(true);
      try {
        const reply = await provider.resourceUpload(spec.url, file, file.name);
        spec.onImported?.(reply, t);
        onChanged();
        onClose();
      } catch {
        /* the client has shown the server's message */
      } finally {
        setBusy(false);
      }
    };
    return (
      <Modal opened onClose={onClose} title={t(spec.texts.title)}>
        <Stack data-dialog={spec.name}>
          {spec.texts.hint ? <Text size="sm" c="dimmed">{t(spec.texts.hint)}</Text> : null}
          <FileInput label={t(spec.texts.file)} accept="application/json,.json" value={file} onChange={setFile} clearable />
          <Group justify="flex-end">
            <Button onClick={() => void upload()} loading={busy} disabled={!file}>{t(spec.texts.button)}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  };
}
