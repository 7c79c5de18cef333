import { Input, NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getEntry, saveEntry, type CategoryNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { entryFormProblems } from '../../../runtime/validation/dictionary-forms';
import { useEntryParents } from './queries';
import { DialogShell, useDialogSave } from './DialogShell';
import { ParentSelect } from './ParentSelect';
import { useRuledForm } from './useRuledForm';

interface EntryValues {
  parentId: string | null;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number | null;
  description: string;
}

const fieldId = (field: string) => `dict-entry-${field}`;

export interface EntryDialogProps {
  category: CategoryNode;
  /** The entry edited, or null for a new one. */
  entryId: string | null;
  onClose(): void;
}

/**
 * The entry dialog (spec 2.7, 5.4): 编辑字典 / 新建字典 with parent, name, code, status, sort
 * and a three-row description. The parent picker's top node is the category itself (sent as
 * parentId '0') and is the only choice unless the category is a tree. The rules are the
 * server's own list; a save the server refuses keeps the dialog open (its message is shown).
 */
export function EntryDialog({ category, entryId, onClose }: EntryDialogProps) {
  const t = useT();
  const parents = useEntryParents(category.id, entryId);
  const form = useRuledForm<EntryValues, ReturnType<typeof entryFormProblems>[number]['field']>(
    { parentId: category.id, fullName: '', enCode: '', enabledMark: 1, sortCode: 0, description: '' },
    entryFormProblems,
  );
  const [loading, setLoading] = useState(entryId !== null);
  const { reset } = form;
  useEffect(() => {
    if (entryId === null) return;
    let live = true;
    getEntry(entryId).then(
      (e) => {
        if (!live) return;
        reset({ parentId: e.parentId === '0' ? category.id : e.parentId, fullName: e.fullName, enCode: e.enCode, enabledMark: e.enabledMark, sortCode: e.sortCode, description: e.description ?? '' });
        setLoading(false);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [entryId, category.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const { busy, submit } = useDialogSave(form, fieldId, () => {
    const v = form.values;
    const parentId = v.parentId === category.id ? '0' : v.parentId!;
    return saveEntry(entryId, { dictionaryTypeId: category.id, parentId, fullName: v.fullName.trim(), enCode: v.enCode.trim(), enabledMark: v.enabledMark, sortCode: v.sortCode ?? 0, description: v.description });
  }, onClose);

  const v = form.values;
  return (
    <DialogShell title={t(entryId ? 'dictAdmin.entryEdit' : 'dictAdmin.entryAdd')} dialog="entry" loading={loading} busy={busy} isDirty={form.isDirty} onClose={onClose} onSubmit={submit}>
      <ParentSelect
        id={fieldId('parentId')}
        nodes={parents.data}
        value={v.parentId}
        onChange={(value) => form.set('parentId', value)}
        onBlur={() => form.leave('parentId')}
        disabled={category.isTree !== 1}
        error={form.errorOf('parentId')}
      />
      <TextInput id={fieldId('fullName')} label={t('dictAdmin.name')} withAsterisk value={v.fullName} onChange={(e) => form.set('fullName', e.currentTarget.value)} onBlur={() => form.leave('fullName')} error={form.errorOf('fullName')} data-field="fullName" />
      <TextInput id={fieldId('enCode')} label={t('dictAdmin.code')} withAsterisk value={v.enCode} onChange={(e) => form.set('enCode', e.currentTarget.value)} onBlur={() => form.leave('enCode')} error={form.errorOf('enCode')} data-field="enCode" />
      <SimpleGrid cols={2}>
        <Input.Wrapper label={t('dictAdmin.status')} id={fieldId('enabledMark')} error={form.errorOf('enabledMark')}>
          <Switch
            id={fieldId('enabledMark')}
            mt={6}
            checked={v.enabledMark === 1}
            onChange={(e) => form.set('enabledMark', e.currentTarget.checked ? 1 : 0)}
            label={t(v.enabledMark === 1 ? 'dictAdmin.enabled' : 'dictAdmin.disabled')}
            data-field="enabledMark"
          />
        </Input.Wrapper>
        <NumberInput
          id={fieldId('sortCode')}
          label={t('dictAdmin.sort')}
          value={v.sortCode ?? ''}
          onChange={(value) => form.set('sortCode', value === '' ? null : Number(value))}
          onBlur={() => form.leave('sortCode')}
          min={0}
          max={999999}
          allowDecimal={false}
          allowNegative={false}
          error={form.errorOf('sortCode')}
          data-field="sortCode"
        />
      </SimpleGrid>
      <Textarea id={fieldId('description')} label={t('dictAdmin.description')} rows={3} value={v.description} onChange={(e) => form.set('description', e.currentTarget.value)} data-field="description" />
    </DialogShell>
  );
}
