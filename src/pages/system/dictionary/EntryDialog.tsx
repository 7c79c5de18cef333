import { Button, Group, Input, Loader, Modal, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getEntry, saveEntry, type CategoryNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { entryFormProblems } from '../../../runtime/validation/dictionary-forms';
import { showSaved, useDictionaryChanged, useEntryParents } from './queries';
import { READABLE_ERRORS } from './dialogs';
import { ParentSelect } from './ParentSelect';
import { useRuledForm } from './useRuledForm';
import { useDiscardGuard } from '../../../renderers/form/useDiscardGuard';

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
  const changed = useDictionaryChanged();
  const parents = useEntryParents(category.id, entryId);
  const form = useRuledForm<EntryValues, ReturnType<typeof entryFormProblems>[number]['field']>(
    { parentId: category.id, fullName: '', enCode: '', enabledMark: 1, sortCode: 0, description: '' },
    entryFormProblems,
  );
  const guard = useDiscardGuard(form.isDirty, onClose);
  const [loading, setLoading] = useState(entryId !== null);
  const [busy, setBusy] = useState(false);
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

  const submit = async () => {
    if (!form.check()) {
      if (form.firstProblem) document.getElementById(fieldId(form.firstProblem))?.focus();
      return;
    }
    const v = form.values;
    setBusy(true);
    try {
      const parentId = v.parentId === category.id ? '0' : v.parentId!;
      const message = await saveEntry(entryId, { dictionaryTypeId: category.id, parentId, fullName: v.fullName.trim(), enCode: v.enCode.trim(), enabledMark: v.enabledMark, sortCode: v.sortCode ?? 0, description: v.description });
      showSaved(message);
      changed();
      onClose();
    } catch {
      /* the client has shown the server's message; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };

  const v = form.values;
  return (
    <>
      <Modal opened onClose={guard.requestClose} closeOnEscape={!guard.asking} title={t(entryId ? 'dictAdmin.entryEdit' : 'dictAdmin.entryAdd')} size={600} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('dictAdmin.close') }} styles={READABLE_ERRORS} className="scp-dict-dialog" data-dialog="entry">
        {loading ? (
          <Loader size="sm" />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
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
              <Group justify="flex-end" mt="sm">
                <Button variant="default" onClick={guard.requestClose} data-action="form-cancel">
                  {t('app.cancel')}
                </Button>
                <Button type="submit" loading={busy} data-action="form-submit">
                  {t('app.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {guard.question}
    </>
  );
}
