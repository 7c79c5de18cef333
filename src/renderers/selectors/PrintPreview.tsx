import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { useAsync } from '../data/hooks';
import { useDataProvider } from '../data/provider';
import { useRT } from '../i18n';
import { PrintFrame, useCleanPrintHtml } from './PrintFrame';

interface PrintData {
  template: { fullName: string } | null;
  html: string | null;
}

/** The preview saved as a document Word and browsers open (HTML under a .doc name, as the product's 下载文档.doc). */
function download(html: string, title: string, fallbackName: string) {
  const doc = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title.replace(/[<>&"]/g, '')}</title></head><body>${html}</body></html>`;
  const url = URL.createObjectURL(new Blob(['\ufeff', doc], { type: 'application/msword' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${title.replace(/[\\/:*?"<>|]/g, '_') || fallbackName}.doc`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A record's print preview (widgets spec 2.10): the server fills the template with the record
 * (GET printDev/Data, inside the caller's record scope) and shown cleaned in a frame without
 * scripts (PrintFrame).
 * Print prints only the frame, then logs the print (POST printLog/save: the server checks the
 * caller may print this record); download saves the filled template as a document.
 */
export function PrintPreview({ templateId, recordId, onClose }: { templateId: string; recordId: string; onClose(): void }) {
  const t = useRT();
  const frame = useRef<HTMLIFrameElement>(null);
  const data = useAsync<PrintData>((p) => p.resourceCall('GET', '/api/system/printDev/Data', { id: templateId, recordId }) as Promise<PrintData>, [templateId, recordId]);
  const html = useCleanPrintHtml(data.data?.html);
  const provider = useDataProvider();
  const title = data.data?.template?.fullName ?? t('selectors.print.preview');
  const print = () => {
    frame.current?.contentWindow?.print();
    // the log is a record of the request to print; a refused log does not undo the print
    void provider.resourceCall('POST', '/api/system/printLog/save', { printId: templateId, recordId, printTitle: title, printNum: 1 }).catch(() => undefined);
  };
  return (
    <Modal opened onClose={onClose} fullScreen title={title} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('selectors.close') }} data-print-preview={templateId}>
      <Group justify="flex-end" mb="sm">
        <Button variant="light" onClick={() => html && download(html, title, t('codes.print.defaultName'))} disabled={!html} data-action="print-download">
          {t('codes.print.download')}
        </Button>
        <Button onClick={print} disabled={!html} data-action="print-now">
          {t('selectors.print.print')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('selectors.print.cancel')}
        </Button>
      </Group>
      {data.loading ? (
        <Loader size="sm" />
      ) : html !== null ? (
        <PrintFrame ref={frame} title={t('selectors.print.frame')} html={html} data-print-frame />
      ) : (
        <Text size="sm">{t('selectors.print.none')}</Text>
      )}
    </Modal>
  );
}
