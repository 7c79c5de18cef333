import { Autocomplete, Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import { importEngine } from './api';

/**
 * Uploads a product flow template (the pattern of the resource pages' file-import dialog, with
 * the optional name, code and category the flow takes): the server checks it as a create does,
 * gives a taken code a suffix and answers in the user's language; the list then reloads.
 */
export function ImportDialog({ categories, onClose, onImported }: { categories: string[]; onClose: () => void; onImported: (id: string) => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState({ fullName: '', enCode: '', category: '' });
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const reply = await importEngine(file, fields);
      notifications.show({ color: 'green', message: `${t('flowAdmin.imported')}: ${reply.fullName} (${reply.enCode})`, autoClose: 2500 });
      onImported(reply.id);
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('flowAdmin.importTitle')}>
      <Stack data-dialog="flowEngineImport">
        <Text size="sm" c="dimmed">{t('flowAdmin.importHint')}</Text>
        <FileInput label={t('flowAdmin.importFile')} accept="application/json,.json" value={file} onChange={setFile} clearable data-testid="flow-import-file" />
        <TextInput label={t('flowAdmin.fullName')} value={fields.fullName} onChange={(e) => setFields({ ...fields, fullName: e.currentTarget.value })} maxLength={50} />
        <TextInput label={t('flowAdmin.enCode')} value={fields.enCode} onChange={(e) => setFields({ ...fields, enCode: e.currentTarget.value })} maxLength={50} />
        <Autocomplete label={t('flowAdmin.category')} data={categories} value={fields.category} onChange={(v) => setFields({ ...fields, category: v })} maxLength={50} />
        <Group justify="flex-end">
          <Button onClick={() => void upload()} loading={busy} disabled={!file} data-testid="flow-import-submit">{t('flowAdmin.importButton')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
