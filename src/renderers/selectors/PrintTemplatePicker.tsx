import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDataProvider } from '../data/provider';
import { useRT } from '../i18n';
import { useSelectorsHost } from './context';
import { PrintPreview } from './PrintPreview';
import { namedTemplates, printStep, type TemplateChoice } from './selection';

interface SelectorReply {
  list?: { id: string; fullName: string; children?: { id: string; fullName: string }[] }[];
}

export interface PrintButtonProps {
  /** The template ids the form config names (printId). */
  templateIds: readonly string[];
  /** The model the record belongs to: the selector answers that model's enabled templates. */
  modelId: string;
  recordId: string;
  /** printButtonText, default 打 印. */
  text?: string;
}

/**
 * The detail viewer's print button with the print-template picker (widgets spec 2.11, 4): one
 * id opens its preview at once; several are named by one selector call (the first press; kept
 * for the next) and chosen in a 400 px dialog listing them by fullName.
 */
export function PrintButton({ templateIds, modelId, recordId, text }: PrintButtonProps) {
  const t = useRT();
  const data = useDataProvider();
  const [choices, setChoices] = useState<TemplateChoice[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [loading, setLoading] = useState(false);
  const [printing, setPrinting] = useState<string | null>(null);
  const { previewMode } = useSelectorsHost();

  const start = async () => {
    if (previewMode) return void notifications.show({ color: 'red', message: t('selectors.print.previewMode') });
    const step = printStep(templateIds);
    if (step.kind === 'none') return;
    if (step.kind === 'emit') return setPrinting(step.id);
    setPicking(true);
    if (choices) return;
    setLoading(true);
    try {
      const reply = (await data.resourceCall('GET', '/api/system/printDev/Selector/2', { formId: modelId })) as SelectorReply | null;
      setChoices(namedTemplates(reply?.list ?? [], step.ids));
    } catch {
      setChoices([]); // a failed fetch stops the loader with no message (spec 8); the dialog says there is nothing to print
    } finally {
      setLoading(false);
    }
  };

  const choose = (id: string) => {
    setPicking(false);
    setPrinting(id);
  };

  return (
    <>
      <Button variant="default" data-action="print" onClick={() => void start()}>
        {text || t('selectors.print.button')}
      </Button>
      <Modal opened={picking} onClose={() => setPicking(false)} size={400} title={t('selectors.print.title')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('selectors.close') }} data-print-picker>
        {loading ? (
          <Loader size="sm" />
        ) : choices && choices.length ? (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {choices.map((c) => (
              <li key={c.id}>
                <Button variant="subtle" fullWidth justify="flex-start" onClick={() => choose(c.id)} data-print-template={c.id}>
                  {c.fullName}
                </Button>
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t('selectors.print.none')}</Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPicking(false)}>
            {t('selectors.print.cancel')}
          </Button>
        </Group>
      </Modal>
      {printing ? <PrintPreview templateId={printing} recordId={recordId} onClose={() => setPrinting(null)} /> : null}
    </>
  );
}
