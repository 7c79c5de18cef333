import { TreeSelect, type TreeNodeData } from '@mantine/core';
import type { OptionItem } from '../../runtime/model/compiled';
import type { EditProps } from '../types';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import { lazyOptions, useSelectData } from './shared/options';

function toTree(items: OptionItem[]): TreeNodeData[] {
  return items.map((o) => ({ value: String(o.value), label: o.label, children: o.children ? toTree(o.children) : undefined }));
}

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error, autoOpen }: EditProps<'treeSelect'> & { autoOpen: boolean }) {
  const { options, back } = useSelectData(field);
  const common = { id, data: toTree(options), onBlur, disabled, readOnly, error, searchable: !!field.props.filterable, clearable: field.props.clearable !== false, placeholder: field.placeholder ?? undefined, autoFocus: autoOpen, defaultDropdownOpened: autoOpen };
  if (field.props.multiple)
    return <TreeSelect {...common} mode="multiple" value={listOf(value).map(String)} onChange={(v) => onChange(v.map(back))} />;
  return <TreeSelect {...common} value={value === null || value === undefined || value === '' ? null : String(value)} onChange={(v) => onChange(v === null ? null : back(v))} />;
}

export const treeSelectRenderer = { Edit: lazyOptions(Edit), View: FormattedView, Cell: FormattedView };
