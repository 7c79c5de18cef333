import { Alert, Loader, Modal, ScrollArea } from '@mantine/core';
import { useContext, useMemo } from 'react';
import { useAsync } from '../../data/hooks';
import { ModelForm } from '../../form/ModelForm';
import { LocaleContext, useRT } from '../../i18n';
import { compileDefinition } from '../compiledModel';
import type { ResourceDialogProps } from './types';

interface ModelInfo { id: string; fullName: string; enCode: string; formData: string | null; columnData: string | null }

/**
 * The draft's form as its page will draw it: the definition compiled in the browser, as the
 * model page compiles a released one (compiledModel.ts). Nothing is saved from here.
 */
export function VisualdevPreview({ row, onClose }: ResourceDialogProps) {
  const t = useRT();
  const locale = useContext(LocaleContext);
  const id = String(row.id);
  const info = useAsync((p) => p.resourceCall('GET', `/api/visualdev/Base/${encodeURIComponent(id)}`) as Promise<ModelInfo>, [id]);
  const model = useMemo(() => {
    const d = info.data;
    return d?.formData ? compileDefinition({ id: d.id, fullName: d.fullName, enCode: d.enCode, formData: d.formData, columnData: d.columnData }, locale) : null;
  }, [info.data, locale]);
  return (
    <Modal opened onClose={onClose} size="xl" title={t('onlineDev.previewTitle', { name: String(row.fullName ?? '') })}>
      <ScrollArea.Autosize mah="70vh" data-dialog="visualdevPreview">
        {info.loading ? <Loader size="sm" /> : model ? <ModelForm model={model} permissions={null} mode="create" showActions={false} /> : <Alert color="red">{t('onlineDev.previewUnreadable')}</Alert>}
      </ScrollArea.Autosize>
    </Modal>
  );
}
