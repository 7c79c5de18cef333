import { Button, Group, Input, Loader, Modal, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getCategory, saveCategory } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { categoryFormProblems } from '../../../runtime/validation/dictionary-forms';
import { showSaved, useCategoryParents, useDictionaryChanged } from './queries';
import { READABLE_ERRORS } from './dialogs';
import { ParentSelect } from './ParentSelect';
import { useRuledForm } from './useRuledForm';
import { useDiscardGuard } from '../../../renderers/form/useDiscardGuard';

interface CategoryValues {
  parentId: string | null;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number | null;
  description: string;
}

const fieldId = (field: string) => `dict-category-${field}`;

export interface CategoryDialogProps {
  /** The category edited, or null for a new one. */
  categoryId: string | null;
  onClose(): void;
}

/**
 * The category dialog (spec 2.7, 5.3), 600 px: 编辑分类 / 新建分类 with parent (a tree under the
 * top node '-1'), name, code, the tree switch (fixed once the category exists), sort and
 * description. Saving clears the cached dictionaries (spec 4).
 */
export function CategoryDialog({ categoryId, onClose }: CategoryDialogProps) {
  const t = useT();
  const changed = useDictionaryChanged();
  const parents = useCategoryParents(categoryId);
  const form = useRuledForm<CategoryValues, ReturnType<typeof categoryFormProblems>[number]['field']>(
    { parentId: '-1', fullName: '', enCode: '', isTree: 0, sortCode: 0, description: '' },
    categoryFormProblems,
  );
  const guard = useDiscardGuard(form.isDirty, onClose);
  const [loading, setLoading] = useState(categoryId !== null);
  const [busy, setBusy] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (categoryId === null) return;
    let live = true;
    getCategory(categoryId).then(
      (c) => {
        if (!live) return;
        reset({ parentId: c.parentId, fullName: c.fullName, enCode: c.enCode, isTree: c.isTree, sortCode: c.sortCode, description: c.description ?? '' });
        setLoading(false);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [categoryId]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async () => {
    if (!form.check()) {
      if (form.firstProblem) document.getElementById(fieldId(form.firstProblem))?.focus();
      return;
    }
    const v = form.values;
    setBusy(true);
    try {
      showSaved(await saveCategory(categoryId, { parentId: v.parentId!, fullName: v.fullName.trim(), enCode: v.enCode.trim(), isTree: v.isTree, sortCode: v.sortCode ?? 0, description: v.description }));
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
      <Modal opened onClose={guard.requestClose} closeOnEscape={!guard.asking} title={t(categoryId ? 'dictAdmin.categoryEdit' : 'dictAdmin.categoryAdd')} size={600} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('dictAdmin.close') }} styles={READABLE_ERRORS} className="scp-dict-dialog" data-dialog="category">
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
              <ParentSelect id={fieldId('parentId')} nodes={parents.data} value={v.parentId} onChange={(value) => form.set('parentId', value)} onBlur={() => form.leave('parentId')} error={form.errorOf('parentId')} />
              <TextInput id={fieldId('fullName')} label={t('dictAdmin.name')} withAsterisk value={v.fullName} onChange={(e) => form.set('fullName', e.currentTarget.value)} onBlur={() => form.leave('fullName')} error={form.errorOf('fullName')} data-field="fullName" />
              <TextInput id={fieldId('enCode')} label={t('dictAdmin.code')} withAsterisk value={v.enCode} onChange={(e) => form.set('enCode', e.currentTarget.value)} onBlur={() => form.leave('enCode')} error={form.errorOf('enCode')} data-field="enCode" />
              <SimpleGrid cols={2}>
                <Input.Wrapper label={t('dictAdmin.isTree')} id={fieldId('isTree')}>
                  <Switch
                    id={fieldId('isTree')}
                    mt={6}
                    checked={v.isTree === 1}
                    // the entries of a category keep their shape: tree or flat is chosen once
                    disabled={categoryId !== null}
                    onChange={(e) => form.set('isTree', e.currentTarget.checked ? 1 : 0)}
                    label={t(v.isTree === 1 ? 'dictAdmin.yes' : 'dictAdmin.no')}
                    data-field="isTree"
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
