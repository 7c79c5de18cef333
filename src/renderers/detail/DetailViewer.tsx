import { Button, Loader } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { CompiledModel } from '../../runtime/model/compiled';
import { UnknownKind } from '../fields/shared/unknown';
import { useAsync } from '../data/hooks';
import type { PermissionEntry, RecordReply } from '../data/provider';
import { RefsProvider } from '../format';
import type { RefNames } from '../../runtime/kinds';
import { useRT } from '../i18n';
import { LayoutView } from '../layout/LayoutView';
import { visibleFieldKeys } from '../permissions';
import { fieldRegistry, lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';
import { Popup } from './Popup';
import { PrintButton } from '../selectors/PrintTemplatePicker';

export interface DetailBodyProps {
  model: CompiledModel;
  permissions: PermissionEntry | null;
  /** Stored values; each is formatted by its kind where it is shown. */
  record: Record<string, unknown>;
  /** Names of the users, organisations … the values reference. */
  refs?: RefNames;
  registry?: FieldRegistry;
}

/** Every visible field's read-only view, in the form's layout (spec widgets 2.9, 2.15). */
export function DetailBody({ model, permissions, record, refs, registry = fieldRegistry }: DetailBodyProps) {
  const visible = useMemo(() => visibleFieldKeys(model, permissions), [model, permissions]);
  const renderLeaf = (key: string) => {
    const field = model.form.fields[key]!;
    const renderer = lookupRenderer(registry, field.kind);
    return (
      <div className="scp-detail-item" data-field-key={key} style={{ display: 'flex', marginBottom: 12, fontSize: 14 }}>
        {field.showLabel && field.label ? <div style={{ flex: `0 0 ${model.form.labelWidth || 100}px`, color: '#606266', paddingRight: 12, textAlign: model.form.labelPosition === 'right' ? 'right' : 'left' }}>{field.label}</div> : null}
        <div style={{ flex: 1, minWidth: 0 }}>{renderer ? <renderer.View field={field} value={record[key]} record={record} /> : <UnknownKind kind={field.kind} label={field.label} />}</div>
      </div>
    );
  };
  return (
    <RefsProvider refs={refs} model={model}>
      <LayoutView nodes={model.form.layout} visible={visible} renderLeaf={renderLeaf} gutter={model.form.gutter || 16} />
    </RefsProvider>
  );
}

export interface DetailViewerProps {
  model: CompiledModel;
  permissions: PermissionEntry | null;
  /** The record to show; null closes the viewer (and with no id it emits close at once). */
  recordId: string | null;
  onClose(): void;
  registry?: FieldRegistry;
}

/** The record detail viewer: title 详情, dialog/drawer/full page by detail.popupType, print button when configured. */
export function DetailViewer({ model, permissions, recordId, onClose, registry }: DetailViewerProps) {
  const t = useRT();
  const detail = model.detail;
  const record = useAsync<RecordReply>(recordId ? (p) => p.getRecord(model.id, recordId) : null, [model.id, recordId]);
  useEffect(() => {
    if (recordId === '') onClose();
  }, [recordId, onClose]);
  const width = detail.popupType === 'drawer' ? detail.drawerWidth : detail.popupType === 'fullScreen' ? detail.fullScreenWidth : detail.generalWidth;
  const footer = (
    <>
      {detail.hasPrintBtn && detail.printId.length && recordId ? <PrintButton templateIds={detail.printId} modelId={model.id} recordId={recordId} text={detail.printButtonText} /> : null}
      <Button variant="default" onClick={onClose} data-action="cancel">
        {t('renderers.cancel')}
      </Button>
    </>
  );
  return (
    <Popup popupType={detail.popupType} width={width} title={t('renderers.detailTitle')} opened={!!recordId && !record.loading && !!record.data} onClose={onClose} footer={footer}>
      {record.loading ? <Loader size="sm" /> : record.data ? <DetailBody model={model} permissions={permissions} record={record.data.record} refs={record.data.refs} registry={registry} /> : null}
    </Popup>
  );
}
