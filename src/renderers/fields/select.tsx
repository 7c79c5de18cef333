import { MultiSelect, Select } from '@mantine/core';
import type { EditProps } from '../types';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import { lazyOptions, useSelectData } from './shared/options';

function ActiveSelect({ field, value, onChange, onBlur, id, disabled, readOnly, error, autoOpen }: EditProps<'select'> & { autoOpen: boolean }) {
  const { data, back } = useSelectData(field);
  const common = {
    id,
    data,
    disabled,
    readOnly,
    error,
    onBlur,
    searchable: !!field.props.filterable,
    clearable: field.props.clearable !== false,
    placeholder: field.placeholder ?? undefined,
    autoFocus: autoOpen,
    defaultDropdownOpened: autoOpen,
  };
  if (field.props.multiple) return <MultiSelect {...common} value={listOf(value).map(String)} onChange={(v) => onChange(v.map(back))} />;
  return <Select {...common} value={value === null || value === undefined || value === '' ? null : String(value)} onChange={(v) => onChange(v === null ? null : back(v))} />;
}

export const selectRenderer = { Edit: lazyOptions(ActiveSelect), View: FormattedView, Cell: FormattedView };
