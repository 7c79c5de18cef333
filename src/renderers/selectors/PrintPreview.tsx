import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo, useRef } from 'react';
import { useAsync } from '../data/hooks';
import { useRT } from '../i18n';

interface PrintData {
  template: { fullName: string } | null;
  html: string | null;
}

/**
 * A record's print preview (widgets spec 2.10): the server fills the template with the record
 * (GET printDev/Data, inside the caller's record scope) and the HTML is cleaned by DOMPurify
 * before it is shown in a sandboxed frame: no script runs there, whatever a template holds.
 * Print prints only the frame.
 */
export function PrintPreview({ templateId, recordId, onClose }: { templateId: string; recordId: string; onClose(): void }) {
  const t = useRT();
  const frame = useRef<HTMLIFrameElement>(null);
  const data = useAsync<PrintData>((p) => p.resourceCall('GET', '/api/system/printDev/Data', { id: templateId, recordId }) as Promise<PrintData>, [templateId, recordId]);
  const html = useMemo(() => (data.data?.html ? DOMPurify.sanitize(data.data.html) : null), [data.data]);
  const print = () => frame.current?.contentWindow?.print();
  const title = data.data?.template?.fullName ?? t('selectors.print.preview');
  return (
    <Modal opened onClose={onClose} fullScreen title={title} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('selectors.close') }} data-print-preview={templateId}>
      <Group justify="flex-end" mb="sm">
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
        // allow-same-origin without allow-scripts: the parent may call print() on the frame, the content runs nothing
        <iframe ref={frame} title={t('selectors.print.frame')} sandbox="allow-same-origin allow-modals" srcDoc={html} style={{ width: '100%', height: 'calc(100vh - 140px)', border: '1px solid var(--mantine-color-gray-3)' }} data-print-frame />
      ) : (
        <Text size="sm">{t('selectors.print.none')}</Text>
      )}
    </Modal>
  );
}
