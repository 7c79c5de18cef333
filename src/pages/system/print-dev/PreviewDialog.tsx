import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/i18n';
import { renderPrintTemplate, type PrintPage, type PrintRecord } from '../../../runtime/print-template';
import { modelFields, sampleRecord } from './api';
import { sampleRecordOf } from './sample';

/** Paper sizes in millimetres (portrait). */
const PAPER: Record<PrintPage['paperSize'], [number, number]> = { A4: [210, 297], A5: [148, 210], A3: [297, 420], B5: [176, 250], Letter: [216, 279] };

interface Props {
  html: string;
  formId: string;
  page: PrintPage;
  onClose(): void;
}

/**
 * The template filled with a record, on paper of the chosen size: the model's newest record the
 * user may read, else sample values from the field kinds. Filled by the same renderer the
 * server prints with; DOMPurify runs over the result before it reaches the page.
 */
export function PreviewDialog({ html, formId, page, onClose }: Props) {
  const t = useT();
  const [state, setState] = useState<{ record: PrintRecord; recordId: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const newest = formId ? await sampleRecord(formId).catch(() => null) : null;
      if (newest?.record) return { record: newest.record, recordId: newest.recordId };
      const fields = formId ? await modelFields(formId).catch(() => ({ fields: [], tables: [] })) : { fields: [], tables: [] };
      return { record: sampleRecordOf(fields.fields, fields.tables), recordId: null };
    };
    void load().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [formId]);
  const [w, h] = PAPER[page.paperSize];
  const [width, height] = page.orientation === 'landscape' ? [h, w] : [w, h];
  const [top, right, bottom, left] = page.margins;
  return (
    <Modal opened onClose={onClose} title={t('printDev.previewTitle')} size="auto" data-dialog="printPreview">
      <Stack>
        {state ? (
          <>
            <Text size="sm" c="dimmed" data-preview-source={state.recordId ? 'record' : 'sample'}>
              {state.recordId ? t('printDev.previewRecord', { id: state.recordId }) : t('printDev.previewSample')}
            </Text>
            {/* scrollable, so it takes focus: the keyboard scrolls a page larger than the window */}
            <div role="region" tabIndex={0} aria-label={t('printDev.previewTitle')} style={{ background: '#f1f3f5', padding: 16, overflow: 'auto', maxHeight: '70vh' }}>
              <div
                className="print-paper"
                data-print-preview
                style={{ background: '#fff', color: '#000', width: `${width}mm`, minHeight: `${height}mm`, padding: `${top}mm ${right}mm ${bottom}mm ${left}mm`, boxSizing: 'border-box', boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(renderPrintTemplate(html, state.record)) }}
              />
            </div>
          </>
        ) : (
          <Loader size="sm" aria-label={t('printDev.previewTitle')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('printDev.back')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
