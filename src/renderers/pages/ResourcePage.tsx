import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useContext, useMemo, useState } from 'react';
import SparkMD5 from 'spark-md5';
import type { CompiledResourceAction, CompiledResourcePage } from '../../runtime/model/pages';
import { useNavigateTo } from '../context';
import { DetailViewer } from '../detail/DetailViewer';
import { useAsync } from '../data/hooks';
import { DataProviderContext, useDataProvider, type DataProvider, type RecordRow } from '../data/provider';
import { createResourceDataProvider, resolveCall, resourceTreeId, withOverrides } from '../data/resource-provider';
import { LocaleContext, useRT } from '../i18n';
import { ConfirmDialog } from '../list/ConfirmDialog';
import { ModelList } from '../list/ModelList';
import { compileDefinition, type PageModel } from './compiledModel';
import { FormPopup, type Editing } from './ModelPage';
import { PageState } from './PageState';
import { RESOURCE_DIALOGS } from './resource-dialogs';
import { SettingsPage } from './SettingsPage';
import type { PageRendererProps } from './types';

/** The page's model: its formData/columnData compiled in the UI language, the left tree read from the resource. */
export function useResourceModel(page: CompiledResourcePage | undefined): PageModel | null {
  const locale = useContext(LocaleContext);
  return useMemo(() => {
    if (!page) return null;
    const model = compileDefinition({ id: page.id, fullName: page.fullName, enCode: page.id, formData: page.formData, columnData: page.columnData }, locale);
    if (!model || !page.tree) return model;
    return { ...model, list: { ...model.list, type: 2, tree: { title: page.tree.title ?? '', dataSource: 'resource', dictionary: resourceTreeId(page.id), relationField: page.tree.param } } };
  }, [page, locale]);
}

/** The download address in an action's reply (`{ url }` of an export), or null. */
export function downloadLink(reply: unknown): string | null {
  const url = reply && typeof reply === 'object' ? (reply as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url.startsWith('/api/') ? url : null;
}

/** A row action's form (reset password): the model form dialog, its values posted to the action's call. */
function ActionForm({ page, action, row, onDone }: { page: CompiledResourcePage; action: CompiledResourceAction; row: RecordRow; onDone(saved: boolean): void }) {
  const locale = useContext(LocaleContext);
  const outer = useDataProvider();
  const t = useRT();
  const model = useMemo(() => compileDefinition({ id: `${page.id}.${action.value}`, fullName: page.fullName, enCode: action.value, formData: action.formData!, columnData: null }, locale), [page, action, locale]);
  const provider = useMemo<DataProvider>(() => withOverrides(outer, {
    createRecord: (_id, values) => {
      const body = { ...values };
      for (const key of action.md5) if (typeof body[key] === 'string') body[key] = SparkMD5.hash(body[key]);
      const { method, url } = resolveCall(action.call!, row);
      return outer.resourceCall(method, url, body);
    },
  }), [outer, action, row]);
  if (!model) return null;
  const title = String(row.fullName ?? row.realName ?? row.account ?? '');
  return (
    <DataProviderContext.Provider value={provider}>
      <FormPopup model={model} permissions={null} editing={{ id: null }} title={title || t('renderers.tip')} onClose={() => onDone(false)} onSaved={() => onDone(true)} />
    </DataProviderContext.Provider>
  );
}

/**
 * An admin resource page (menu type 2 with a moduleId naming a schemas/admin descriptor): the
 * model pages' list and form dialog over a REST resource. Row actions run a call after a
 * confirmation or a small form, or open a hand-written screen or dialog (resource-dialogs/).
 */
export function ResourcePage({ moduleId, menuId, permissions }: PageRendererProps) {
  const t = useRT();
  const navigate = useNavigateTo();
  const outer = useDataProvider();
  const loaded = useAsync<CompiledResourcePage>((p) => p.getResourcePage(moduleId), [moduleId]);
  const page = loaded.data;
  const model = useResourceModel(page);
  const treeParam = model?.list.tree?.relationField ?? null;
  const provider = useMemo(() => (page ? createResourceDataProvider(page, outer, treeParam) : outer), [page, outer, treeParam]);
  const [editing, setEditing] = useState<Editing | null>(null);
  // 详情 (detail): the row read through the page's info call, drawn read-only (a read-only log's row)
  const [detailId, setDetailId] = useState<string | null>(null);
  const closeDetail = useCallback(() => setDetailId(null), []);
  const [acting, setActing] = useState<{ action: CompiledResourceAction; row: RecordRow } | null>(null);
  const [dialog, setDialog] = useState<{ name: string; row: RecordRow } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((n) => n + 1);
  const rowActions = useMemo(() => {
    const handlers: Record<string, (row: RecordRow) => void> = {};
    for (const action of page?.actions ?? []) {
      handlers[action.value] = (row) =>
        action.dialog ? setDialog({ name: action.dialog, row }) : action.open ? navigate(resolveCall(`GET ${action.open}`, row).url) : setActing({ action, row });
    }
    return handlers;
  }, [page, navigate]);
  if (page?.single) {
    return (
      <DataProviderContext.Provider value={provider}>
        <SettingsPage page={page} permissions={permissions} />
      </DataProviderContext.Provider>
    );
  }
  if (!page || !model) return <PageState loading={loaded.loading} error={loaded.error ?? (page ? 'uncompiled' : null)} />;

  const runAction = async () => {
    if (!acting?.action.call) return;
    setBusy(true);
    try {
      const { method, url } = resolveCall(acting.action.call, acting.row);
      const link = downloadLink(await provider.resourceCall(method, url));
      // an export answers a one-time download link (as list exports do): open it
      if (link && typeof window !== 'undefined') window.open(link, '_blank', 'noopener');
      notifications.show({ message: t('admin.done'), color: 'green', autoClose: 1500 });
      reload();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
      setActing(null);
    }
  };
  const Dialog = dialog ? RESOURCE_DIALOGS[dialog.name] : undefined;
  return (
    <DataProviderContext.Provider value={provider}>
      <div className="scp-resource-page" data-resource-page={page.id}>
        {page.tools.length ? (
          <Group gap="xs" mb="xs" data-resource-tools>
            {page.tools.map((tool) => (
              <Button key={tool.value} size="xs" variant="default" onClick={() => setDialog({ name: tool.dialog, row: {} })}>
                {tool.label}
              </Button>
            ))}
          </Group>
        ) : null}
        <ModelList
          model={model}
          permissions={permissions}
          menuId={menuId}
          reloadKey={reloadKey}
          rowActions={rowActions}
          // an `add` / `edit` action (an `open` path) replaces the form dialog: a hand-written editor
          onAdd={() => (rowActions.add ? rowActions.add({}) : setEditing({ id: null }))}
          onEdit={(row) => (rowActions.edit ? rowActions.edit(row) : setEditing({ id: String(row.id) }))}
          onDetail={page.calls.info ? (row) => setDetailId(String(row.id)) : undefined}
          onAddChild={(row) => setEditing({ id: null, parent: String(row.id) })}
        />
        {Dialog && dialog ? <Dialog row={dialog.row} onClose={() => setDialog(null)} onChanged={reload} /> : null}
        {editing ? <FormPopup model={model} permissions={permissions} editing={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), reload())} /> : null}
        <DetailViewer model={model} permissions={permissions} recordId={detailId} onClose={closeDetail} />
        {acting?.action.formData ? (
          <ActionForm page={page} action={acting.action} row={acting.row} onDone={(saved) => (setActing(null), saved && reload())} />
        ) : (
          <ConfirmDialog opened={!!acting} message={acting?.action.confirm ?? t('renderers.tip')} busy={busy} onConfirm={() => void runAction()} onCancel={() => setActing(null)} />
        )}
      </div>
    </DataProviderContext.Provider>
  );
}
