import { Alert, Button, FileButton, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ImportRow } from '../../../runtime/import/layout';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import { type HeaderColumn, type ImportOutcome, importCalls, openDownload } from './calls';
import { ImportPreviewTable } from './ImportPreviewTable';

/** Spec widgets 5: xls or xlsx, under 500 KB (the server checks again, and the row count). */
const MAX_BYTES = 500 * 1024;

/**
 * The bulk import dialog (spec widgets 2.8, 4: 1000 px, three steps). Step 1: template download
 * and the upload (only the latest file is kept; removing it asks first; next is disabled until
 * a file is uploaded). Step 2: the preview, editable and deletable, back to step 1 or import.
 * Step 3: the result with the failed records and their reasons, exportable; closing it asks the
 * list to refresh.
 */
export function BulkImportDialog({ modelId, onClose, onImported }: { modelId: string; onClose(): void; onImported(): void }) {
  const t = useRT();
  const provider = useDataProvider();
  const calls = useMemo(() => importCalls(provider, modelId), [provider, modelId]);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<{ label: string; name: string } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [header, setHeader] = useState<HeaderColumn[]>([]);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  const warn = (message: string) => notifications.show({ message, color: 'red', autoClose: 1500 });

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!/\.xlsx?$/i.test(chosen.name)) return warn(t('bulkImport.wrongType'));
    if (chosen.size >= MAX_BYTES) return warn(t('bulkImport.tooLarge'));
    void run(async () => {
      const { name } = await calls.upload(chosen);
      setFile({ label: chosen.name, name });
    });
  };
  const next = () => {
    if (!file) return warn(t('bulkImport.uploadFirst'));
    void run(async () => {
      const preview = await calls.preview(file.name);
      setHeader(preview.headerRow);
      setRows(preview.dataRow);
      setStep(1);
    });
  };
  const submit = () => {
    if (!rows.length) return warn(t('bulkImport.empty'));
    void run(async () => {
      setOutcome(await calls.importData(rows));
      setStep(2);
    });
  };
  const close = () => {
    if (step === 2) onImported();
    onClose();
  };

  return (
    <Modal opened onClose={close} title={t('bulkImport.title')} size={1000} closeOnClickOutside={false}>
      <Stack data-dialog="bulk-import">
        <Stepper active={step} size="sm">
          <Stepper.Step label={t('bulkImport.stepUpload')} />
          <Stepper.Step label={t('bulkImport.stepPreview')} />
          <Stepper.Step label={t('bulkImport.stepResult')} />
        </Stepper>

        {step === 0 ? (
          <Stack>
            <Text size="sm" c="dimmed">{t('bulkImport.templateHint')}</Text>
            <Group>
              <Button variant="default" leftSection={<IconDownload size={14} />} data-action="import-template" onClick={() => void run(async () => openDownload((await calls.template()).url))}>
                {t('bulkImport.downloadTemplate')}
              </Button>
              <FileButton onChange={choose} accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
                {(props) => <Button {...props} leftSection={<IconUpload size={14} />} loading={busy} data-action="import-choose">{t('bulkImport.chooseFile')}</Button>}
              </FileButton>
            </Group>
            <Text size="xs" c="dimmed">{t('bulkImport.fileHint')}</Text>
            {file ? (
              <Group gap="xs" data-import-file>
                <IconFileSpreadsheet size={16} />
                <Text size="sm">{file.label}</Text>
                <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={12} />} onClick={() => setConfirmRemove(true)}>{t('bulkImport.removeFile')}</Button>
              </Group>
            ) : null}
            {confirmRemove ? (
              <Alert color="yellow" data-confirm="remove-import-file">
                <Group justify="space-between">
                  <Text size="sm">{t('bulkImport.removeConfirm')}</Text>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setConfirmRemove(false)}>{t('renderers.cancel')}</Button>
                    <Button size="xs" color="red" onClick={() => { setFile(null); setConfirmRemove(false); }}>{t('renderers.confirm')}</Button>
                  </Group>
                </Group>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={next} disabled={!file} loading={busy} data-action="import-next">{t('bulkImport.next')}</Button>
            </Group>
          </Stack>
        ) : null}

        {step === 1 ? (
          <Stack>
            <ImportPreviewTable header={header} rows={rows} onChange={setRows} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(0)}>{t('bulkImport.previous')}</Button>
              <Button onClick={submit} loading={busy} data-action="import-submit">{t('bulkImport.import')}</Button>
            </Group>
          </Stack>
        ) : null}

        {step === 2 && outcome ? (
          <Stack data-import-result>
            <Text fw={500} data-import-summary>{t('bulkImport.resultSummary', { snum: outcome.snum, fnum: outcome.fnum })}</Text>
            {outcome.fnum ? (
              <>
                <ImportPreviewTable header={header} rows={outcome.failResult} reasons={outcome.failResult.map((r) => r.errorsInfo)} />
                <Group>
                  <Button variant="default" leftSection={<IconDownload size={14} />} data-action="import-export-failed" loading={busy} onClick={() => void run(async () => openDownload((await calls.failedRows(outcome.failResult)).url))}>
                    {t('bulkImport.exportFailed')}
                  </Button>
                </Group>
              </>
            ) : <Text c="green">{t('bulkImport.allSucceeded')}</Text>}
            <Group justify="flex-end">
              <Button onClick={close} data-action="import-close">{t('bulkImport.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
