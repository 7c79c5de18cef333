import { Autocomplete, Button, Group, Modal, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/i18n';
import { FLOW_CATEGORIES } from '../../../runtime/flow/corpus-flows';
import { createEngine, getEngine, releasedModels, updateEngine, type EngineMeta } from './api';
import { readTemplateText, TemplateField } from './TemplateField';

const CODE = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The categories offered: the product's (流程分类) and those in use; free text is allowed too. */
export function categoryOptions(inUse: readonly string[] | undefined): string[] {
  return [...new Set([...FLOW_CATEGORIES, ...(inUse ?? [])])];
}

/**
 * New flow (settings and the template, version 1) or the settings of an existing one (its
 * template changes through a new version, in the detail drawer).
 */
export function EngineDialog({ engineId, categories, onClose, onSaved }: { engineId: string | null; categories: string[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const models = useQuery({ queryKey: ['flowAdmin', 'models'], queryFn: releasedModels });
  const existing = useQuery({ queryKey: ['flowAdmin', 'engine', engineId], queryFn: () => getEngine(engineId!), enabled: !!engineId });
  const [meta, setMeta] = useState<EngineMeta>({ fullName: '', enCode: '', category: null, modelId: null, description: null, sortCode: 0 });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const e = existing.data?.engine;
    if (e) setMeta({ fullName: e.fullName, enCode: e.enCode, category: e.category, modelId: e.modelId, description: e.description, sortCode: e.sortCode });
  }, [existing.data]);
  const set = <K extends keyof EngineMeta>(key: K, value: EngineMeta[K]) => setMeta((m) => ({ ...m, [key]: value }));
  const nameError = touched && !meta.fullName.trim() ? t('flowAdmin.required') : null;
  const codeError = touched && !CODE.test(meta.enCode) ? t('flowAdmin.codeRule') : null;
  const read = engineId ? null : readTemplateText(text);
  const save = async () => {
    setTouched(true);
    if (!meta.fullName.trim() || !CODE.test(meta.enCode)) return;
    if (read && !(read.problems && read.problems.length === 0)) return;
    setBusy(true);
    try {
      if (engineId) await updateEngine(engineId, meta);
      else await createEngine(meta, read!.template);
      notifications.show({ color: 'green', message: t(engineId ? 'flowAdmin.saved' : 'flowAdmin.created'), autoClose: 1500 });
      onSaved();
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  const modelData = (models.data ?? []).map((m) => ({ value: m.id, label: m.fullName }));
  return (
    <Modal opened onClose={onClose} title={t(engineId ? 'flowAdmin.editTitle' : 'flowAdmin.createTitle')} size="lg">
      <Stack data-dialog="flowEngine">
        <Group grow>
          <TextInput label={t('flowAdmin.fullName')} withAsterisk value={meta.fullName} onChange={(e) => set('fullName', e.currentTarget.value)} maxLength={50} error={nameError} />
          <TextInput label={t('flowAdmin.enCode')} withAsterisk value={meta.enCode} onChange={(e) => set('enCode', e.currentTarget.value)} maxLength={50} error={codeError} />
        </Group>
        <Group grow>
          <Autocomplete label={t('flowAdmin.category')} data={categories} value={meta.category ?? ''} onChange={(v) => set('category', v || null)} maxLength={50} />
          <Select label={t('flowAdmin.model')} placeholder={t('flowAdmin.noModel')} data={modelData} value={meta.modelId} onChange={(v) => set('modelId', v)} clearable searchable />
        </Group>
        <Group grow>
          <NumberInput label={t('flowAdmin.sortCode')} value={meta.sortCode} onChange={(v) => set('sortCode', typeof v === 'number' ? v : 0)} min={0} max={999999} />
        </Group>
        <Textarea label={t('flowAdmin.description')} value={meta.description ?? ''} onChange={(e) => set('description', e.currentTarget.value || null)} maxLength={500} autosize minRows={2} />
        {engineId ? null : <TemplateField value={text} onChange={setText} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('flowAdmin.cancel')}</Button>
          <Button onClick={() => void save()} loading={busy} disabled={!!read && !(read.problems && read.problems.length === 0)} data-testid="flow-engine-save">{t('flowAdmin.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
