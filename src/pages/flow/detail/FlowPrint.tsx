import { Alert, Button, Group, Loader, Menu, Modal, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useT } from '../../../app/i18n';
import { ApiError } from '../../../app/api/client';
import { flowPrint, flowPrintTemplates } from '../../../app/api/flow';
import { PrintFrame, useCleanPrintHtml } from '../../../renderers/selectors/PrintFrame';

/**
 * The flow's print preview: the server fills the flow print template (type 1) with the flow and
 * its approval history, shown cleaned in the same frame as a record's print (PrintFrame; the record
 * preview, src/renderers/selectors/PrintPreview.tsx, also logs and downloads). 打印 prints only the frame.
 */
function FlowPrintPreview({ taskId, templateId, onClose }: { taskId: string; templateId: string; onClose(): void }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const data = useQuery({ queryKey: ['flow', 'print', taskId, templateId], queryFn: () => flowPrint(taskId, templateId), retry: false, gcTime: 0 });
  const html = useCleanPrintHtml(data.data?.html);
  const title = data.data?.template.fullName ?? t('flowUi.print.preview');
  return (
    <Modal opened onClose={onClose} fullScreen title={title} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('flowUi.print.close') }} data-testid="flow-print-preview">
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => frame.current?.contentWindow?.print()} disabled={!html} data-testid="flow-print-now">{t('flowUi.print.print')}</Button>
        <Button variant="default" onClick={onClose}>{t('flowUi.print.close')}</Button>
      </Group>
      {data.isLoading ? <Loader size="sm" aria-label={t('flowUi.print.loading')} /> : null}
      {data.isError ? <Alert color="red">{data.error instanceof ApiError ? data.error.msg : String(data.error)}</Alert> : null}
      {html !== null ? (
        <PrintFrame ref={frame} title={t('flowUi.print.frame')} html={html} data-testid="flow-print-frame" />
      ) : null}
    </Modal>
  );
}

/** 打印 on the flow detail: the flow print templates this flow may use, then the chosen one's preview. */
export function FlowPrintButton({ taskId }: { taskId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useQuery({ queryKey: ['flow', 'printTemplates', taskId], queryFn: () => flowPrintTemplates(taskId), enabled: open });
  return (
    <>
      <Menu opened={open} onChange={setOpen} position="bottom-end">
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconPrinter size={14} aria-hidden />} data-testid="flow-print">{t('flowUi.print.button')}</Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="flow-print-templates">
          <Menu.Label>{t('flowUi.print.choose')}</Menu.Label>
          {templates.isLoading ? <Menu.Item disabled>{t('flowUi.print.loading')}</Menu.Item> : null}
          {templates.data?.map((tpl) => (
            <Menu.Item key={tpl.id} onClick={() => setTemplateId(tpl.id)} data-testid="flow-print-template">{tpl.fullName}</Menu.Item>
          ))}
          {templates.data?.length === 0 ? <Text size="sm" c="dimmed" px="sm" py={4}>{t('flowUi.print.noTemplates')}</Text> : null}
        </Menu.Dropdown>
      </Menu>
      {templateId ? <FlowPrintPreview taskId={taskId} templateId={templateId} onClose={() => setTemplateId(null)} /> : null}
    </>
  );
}
