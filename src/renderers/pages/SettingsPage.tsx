import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { CompiledResourcePage } from '../../runtime/model/pages';
import { useDataProvider, type PermissionEntry } from '../data/provider';
import { resolveCall } from '../data/resource-provider';
import { FormActionsContext, type FormActions } from '../form/actions';
import { ModelForm, type ModelFormHandle } from '../form/ModelForm';
import { LocaleContext, useRT } from '../i18n';
import { compileDefinition } from './compiledModel';
import { PageState } from './PageState';

/**
 * The values that differ from what was loaded: a settings page sends only what the user changed
 * (so a caller who may not change one part, such as the administrators, can save the rest). An
 * empty value where nothing was loaded is no change: write-only fields (secrets) load empty.
 */
export function changedValues(values: Record<string, unknown>, loaded: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && !same(v, loaded[k])));
}

/** An action's success message: its text with {key} replaced by the reply data's values. */
export function successText(template: string, data: unknown): string {
  const values = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (values[key] === undefined || values[key] === null ? whole : String(values[key])));
}

/**
 * A settings page (a resource descriptor with `single: true`): one record read with calls.info
 * and drawn as the descriptor's form (tabs, switches, pickers…), saved with calls.update sending
 * only the changed values; button fields run the descriptor's actions (connection tests, pushes).
 */
export function SettingsPage({ page, permissions }: { page: CompiledResourcePage; permissions: PermissionEntry | null }) {
  const t = useRT();
  const locale = useContext(LocaleContext);
  const provider = useDataProvider();
  const model = useMemo(() => compileDefinition({ id: page.id, fullName: page.fullName, enCode: page.id, formData: page.formData, columnData: null }, locale), [page, locale]);
  const formRef = useRef<ModelFormHandle>(null);
  const [loaded, setLoaded] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // an upload action's file picker: one hidden input, told which action it serves when opened
  const fileRef = useRef<HTMLInputElement>(null);
  const uploading = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const { method, url } = resolveCall(page.calls.info!, {});
    provider.resourceCall(method, url).then(
      (data) => live && setLoaded((data ?? {}) as Record<string, unknown>),
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [page, provider, version]);

  const run = useCallback(
    (value: string) => {
      const action = page.actions.find((a) => a.value === value);
      if (!action?.call || busy) return;
      if (action.upload && fileRef.current) {
        uploading.current = value;
        fileRef.current.accept = action.accept ?? '';
        fileRef.current.value = '';
        fileRef.current.click();
        return;
      }
      setBusy(value);
      const { method, url } = resolveCall(action.call, {});
      const body = action.body === 'form' ? (formRef.current?.getValues() ?? {}) : undefined;
      const label = model?.form.fields[value]?.label ?? Object.values(model?.form.fields ?? {}).find((f) => f.props.action === value)?.label ?? value;
      provider
        .resourceCall(method, url, body)
        .then(
          (data) => notifications.show({ message: action.success ? successText(action.success, data) : t('settings.done', { action: label }), color: 'green', autoClose: 3000 }),
          () => undefined, // the API client has shown the server's message, in the user's language
        )
        .finally(() => setBusy(null));
    },
    [page, provider, busy, model, t],
  );
  const actions = useMemo<FormActions>(() => ({ run, busy }), [run, busy]);

  /** The chosen file goes to the upload action's call; the address it replies becomes the target field's value (saved with the form). */
  const uploadChosen = (file: File | undefined) => {
    const action = page.actions.find((a) => a.value === uploading.current);
    if (!file || !action?.call || !action.upload || !provider.resourceUpload) return;
    setBusy(action.value);
    const { url } = resolveCall(action.call, {});
    provider
      .resourceUpload(url, file, file.name)
      .then(
        (data) => {
          const address = (data as { url?: unknown } | null)?.url;
          if (typeof address !== 'string') return;
          formRef.current?.store.setValue(action.upload!, address);
          const field = model?.form.fields[action.upload!]?.label ?? action.upload!;
          notifications.show({ message: t('consoleExtras.uploadedSaveToApply', { field }), color: 'green', autoClose: 3000 });
        },
        () => undefined, // the API client has shown the server's message
      )
      .finally(() => setBusy(null));
  };

  if (!model || !loaded) return <PageState loading={!failed && !!model} error={failed ?? (model ? null : 'uncompiled')} />;

  const save = async (values: Record<string, unknown>) => {
    const changes = changedValues(values, loaded);
    if (Object.keys(changes).length === 0) {
      notifications.show({ message: t('settings.unchanged'), color: 'gray', autoClose: 1500 });
      return;
    }
    const { method, url } = resolveCall(page.calls.update!, {});
    await provider.resourceCall(method, url, changes);
    notifications.show({ message: t('sysConfig.saved'), color: 'green', autoClose: 1500 });
    // read again: write-only values (secrets) are emptied and what the server made of the rest shows
    setLoaded(null);
    setVersion((v) => v + 1);
  };
  const submit = () => {
    setSaving(true);
    void formRef.current?.submit().catch(() => undefined).finally(() => setSaving(false));
  };

  return (
    <FormActionsContext.Provider value={actions}>
      <div className="scp-settings-page" data-settings-page={page.id}>
        <input type="file" ref={fileRef} hidden aria-hidden="true" tabIndex={-1} data-upload-input onChange={(e) => uploadChosen(e.currentTarget.files?.[0])} />
        <ModelForm key={version} model={model} permissions={permissions} initialValues={loaded} mode="update" showActions={false} formRef={formRef} onSubmit={save} />
        <Group mt="md" gap="sm">
          <Button onClick={submit} loading={saving} data-action="settings-save">{t('settings.save')}</Button>
          <Button variant="default" onClick={() => (setLoaded(null), setVersion((v) => v + 1))} disabled={saving} data-action="settings-reset">{t('settings.reset')}</Button>
        </Group>
      </div>
    </FormActionsContext.Provider>
  );
}
