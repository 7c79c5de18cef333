import { TreeSelect, type TreeNodeData } from '@mantine/core';
import { useMemo } from 'react';
import type { PickerNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';

const toData = (nodes: PickerNode[]): TreeNodeData[] => nodes.map((n) => ({ value: n.id, label: n.fullName, children: n.children?.length ? toData(n.children) : undefined }));

export interface ParentSelectProps {
  id: string;
  nodes: PickerNode[] | undefined;
  value: string | null;
  onChange(value: string | null): void;
  onBlur(): void;
  disabled?: boolean;
  error?: string;
}

/** The parent field of both dictionary dialogs: a tree select opened all the way down, clearable (the rule then asks for one). */
export function ParentSelect({ id, nodes, value, onChange, onBlur, disabled, error }: ParentSelectProps) {
  const t = useT();
  const data = useMemo(() => toData(nodes ?? []), [nodes]);
  // a value the picker does not hold yet (still loading) shows empty rather than its id
  const known = useMemo(() => {
    const ids = new Set<string>();
    const walk = (list: TreeNodeData[]) => list.forEach((n) => (ids.add(n.value), n.children && walk(n.children)));
    walk(data);
    return ids;
  }, [data]);
  return (
    <TreeSelect
      // mounted again when the picker's nodes change, so 'expand all' sees every node
      key={[...known].join()}
      id={id}
      label={t('dictAdmin.parent')}
      withAsterisk
      data={data}
      value={value !== null && known.has(value) ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      clearable
      defaultExpandAll
      allowDeselect={false}
      chevronAriaLabels={{ expand: t('dictAdmin.expand'), collapse: t('dictAdmin.collapse') }}
      clearButtonProps={{ 'aria-label': t('dictAdmin.reset') }}
      comboboxProps={{ withinPortal: true }}
      data-field="parentId"
    />
  );
}
