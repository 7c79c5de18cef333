import { Button, Loader, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { CompiledModel } from '../../runtime/model/compiled';
import { DetailViewer } from '../detail/DetailViewer';
import { Popup } from '../detail/Popup';
import { useAsync } from '../data/hooks';
import { useDataProvider, type ModelDefinition, type PermissionEntry, type RecordReply } from '../data/provider';
import { type PageModel, useCompiledModel } from './compiledModel';
import { RefsProvider } from '../format';
import { ModelForm, type ModelFormHandle } from '../form/ModelForm';
import { useRT } from '../i18n';
import { useDiscardGuard } from '../form/useDiscardGuard';
import { ModelList } from '../list/ModelList';
import { useReturnFocus } from '../focus';
import { PageState } from './PageState';
import type { PageRendererProps } from './types';

/** The record being edited (id), or a new one (id null), under `parent` in a tree table. */
export interface Editing {
  id: string | null;
  parent?: string;
}

/**
 * Add/edit form in the popup the form asks for (general dialog, drawer or full page). A save the
 * server refuses rejects through the form, which shows the messages under the fields and the
 * rest above itself; the form stays open. Every way to close it (Escape, ×, 取消, the full
 * page's back arrow) asks first when values were changed, and focus goes back to the control
 * that opened it. Every create/edit dialog the runtime draws (model pages, admin resource
 * pages and their row-action forms) is this one component.
 */
export function FormPopup({ model, permissions, editing, onClose, onSaved, title }: { model: CompiledModel; permissions: PermissionEntry | null; editing: Editing; onClose(): void; onSaved(): void; title?: string }) {
  const t = useRT();
  const provider = useDataProvider();
  const ref = useRef<ModelFormHandle>(null);
  const [busy, setBusy] = useState(false);
  useReturnFocus();
  const { requestClose, asking, question } = useDiscardGuard(() => ref.current?.isDirty() ?? false, onClose);
  const record = useAsync<RecordReply>(editing.id ? (p) => p.getRecord(model.id, editing.id!) : null, [model.id, editing.id]);
  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      // a tree table's child (添加下级) carries its parent's id in the parent field
      const parentField = model.list.type === 5 ? (model.list.tree?.parentField ?? 'parentId') : null;
      const data = !editing.id && editing.parent && parentField ? { ...values, [parentField]: editing.parent } : values;
      const reply = editing.id ? await provider.updateRecord(model.id, editing.id, values) : await provider.createRecord(model.id, data);
      notifications.show({ message: typeof reply === 'string' && reply ? reply : t('renderers.saved'), color: 'green', autoClose: 1500 });
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  // Other failures were shown by the API client (its message); the form stays open.
  const submit = () => void ref.current?.submit().catch(() => undefined);
  const footer = (
    <>
      <Button variant="default" onClick={requestClose} data-action="form-cancel">{model.form.cancelButtonText ?? t('renderers.cancel')}</Button>
      <Button loading={busy} onClick={submit} data-action="form-submit">{model.form.confirmButtonText ?? t('renderers.confirm')}</Button>
    </>
  );
  return (
    <>
      <Popup popupType={model.form.popupType} width={model.form.popupWidth} title={title ?? t(editing.id ? 'renderers.edit' : 'renderers.add')} opened onClose={requestClose} closeOnEscape={!asking} footer={footer}>
        {editing.id && record.loading ? (
          <Loader size="sm" />
        ) : (
          <RefsProvider refs={record.data?.refs}>
            <ModelForm model={model} permissions={permissions} initialValues={editing.id ? (record.data?.record ?? null) : null} mode={editing.id ? 'update' : 'create'} showActions={false} formRef={ref} onSubmit={save} />
          </RefsProvider>
        )}
      </Popup>
      {question}
    </>
  );
}

/**
 * A page reached without a menu entry (function preview of a model no menu opens yet) has no
 * permission entry; then the grants the server reported with the config stand in for it, so an
 * administrator's preview is not emptied by the model's permission judging. The server still
 * checks every call.
 */
export function grantedEntry(model: PageModel): PermissionEntry | null {
  const granted = model.granted;
  if (!granted) return null;
  const codes = granted.all ? model.permissionCodes : granted;
  const items = (list: string[] | undefined) => (list ?? []).map((enCode) => ({ enCode }));
  return { modelId: model.id, button: items(codes.button), column: items(codes.column), form: items(codes.form) };
}

/** Menu type 3: the model's compiled config drives a list, an add/edit form and a detail viewer. */
export function ModelPage({ moduleId, menuId, title, permissions: fromMenu }: PageRendererProps) {
  const config = useAsync<ModelDefinition>((p) => p.getModelConfig(moduleId), [moduleId]);
  const model = useCompiledModel(config.data);
  const permissions = useMemo(() => fromMenu ?? (model ? grantedEntry(model) : null), [fromMenu, model]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const closeDetail = useCallback(() => setDetailId(null), []);
  // a definition that does not compile here shows the page's load failure, never a crash
  if (!model) return <PageState loading={config.loading} error={config.error ?? (config.data ? 'uncompiled' : null)} />;
  return (
    <div className="scp-model-page" data-model-id={model.id}>
      {title ? <Title order={4} mb="sm">{title}</Title> : null}
      <ModelList
        model={model}
        permissions={permissions}
        menuId={menuId}
        reloadKey={reloadKey}
        onAdd={() => setEditing({ id: null })}
        onEdit={(row) => setEditing({ id: String(row.id) })}
        onDetail={(row) => setDetailId(String(row.id))}
        onAddChild={(row) => setEditing({ id: null, parent: String(row.id) })}
      />
      {editing ? <FormPopup model={model} permissions={permissions} editing={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), setReloadKey((n) => n + 1))} /> : null}
      <DetailViewer model={model} permissions={permissions} recordId={detailId} onClose={closeDetail} />
    </div>
  );
}
