import { Input, NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getCategory, saveCategory } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import { categoryFormProblems } from '../../../runtime/validation/dictionary-forms';
import { useCategoryParents } from './queries';
import { DialogShell, useDialogSave } from './DialogShell';
import { ParentSelect } from './ParentSelect';
import { useRuledForm } from './useRuledForm';

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
  const parents = useCategoryParents(categoryId);
  const form = useRuledForm<CategoryValues, ReturnType<typeof categoryFormProblems>[number]['field']>(
    { parentId: '-1', fullName: '', enCode: '', isTree: 0, sortCode: 0, description: '' },
    categoryFormProblems,
  );
  const [loading, setLoading] = useState(categoryId !== null);
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

  const { busy, submit } = useDialogSave(form, fieldId, () => {
    const v = form.values;
    return saveCategory(categoryId, { parentId: v.parentId!, fullName: v.fullName.trim(), enCode: v.enCode.trim(), isTree: v.isTree, sortCode: v.sortCode ?? 0, description: v.description });
  }, onClose);

  const v = form.values;
  return (
    <DialogShell title={t(categoryId ? 'dictAdmin.categoryEdit' : 'dictAdmin.categoryAdd')} dialog="category" loading={loading} busy={busy} isDirty={form.isDirty} onClose={onClose} onSubmit={submit}>
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
    </DialogShell>
  );
}
