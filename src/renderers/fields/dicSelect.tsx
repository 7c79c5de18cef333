import { TreeSelect, type TreeNodeData } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useDataProvider } from '../data/provider';
import { LocaleContext, useRT } from '../i18n';
import { DictionaryAddButton } from '../selectors/DictionaryAdd';
import type { EditProps, ViewProps } from '../types';

interface CategoryNode {
  id: string;
  fullName: string;
  enCode?: string;
  children?: CategoryNode[] | null;
}

/**
 * The dictionary categories (GET DictionaryType), cached like the dictionaries: its key has
 * 'dictionary' where invalidateDictionaryQueries looks, so closing dictionary management reloads it.
 */
function useCategories() {
  const provider = useDataProvider();
  const locale = useContext(LocaleContext);
  return useQuery({
    queryKey: ['renderers', 'dicSelect', locale, 'dictionary', 'categories'],
    queryFn: async () => ((await provider.resourceCall('GET', '/api/system/DictionaryType')) as { list?: CategoryNode[] } | null)?.list ?? [],
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const toTree = (nodes: CategoryNode[]): TreeNodeData[] => nodes.map((n) => ({ value: n.id, label: n.fullName, children: n.children?.length ? toTree(n.children) : undefined }));

function nameOf(nodes: CategoryNode[], id: string): string | null {
  for (const n of nodes) {
    if (n.id === id || n.enCode === id) return n.fullName;
    const inner = n.children ? nameOf(n.children, id) : null;
    if (inner) return inner;
  }
  return null;
}

/** 数据字典 (v3.1 dicSelect): a dictionary category from the category tree, with the add button opening its management. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'dicSelect'>) {
  const t = useRT();
  const categories = useCategories();
  const current = value === null || value === undefined || value === '' ? null : String(value);
  const select = (
    <TreeSelect
      id={id}
      data={toTree(categories.data ?? [])}
      value={current}
      onChange={(v) => onChange(v)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      searchable
      clearable
      placeholder={field.placeholder ?? t('selectors.dictionary.placeholder')}
    />
  );
  if (disabled || readOnly) return select;
  // the button opens the chosen category, or the first one when none is chosen yet
  return (
    <DictionaryAddButton category={current ?? ''} label={field.label || field.key}>
      {select}
    </DictionaryAddButton>
  );
}

function View({ value }: ViewProps<'dicSelect'>) {
  const categories = useCategories();
  if (value === null || value === undefined || value === '') return null;
  return <>{nameOf(categories.data ?? [], String(value)) ?? String(value)}</>;
}

export const dicSelectRenderer = { Edit, View, Cell: View };
