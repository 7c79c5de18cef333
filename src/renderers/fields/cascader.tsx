import { Cascader, type CascaderOption } from '@mantine/core';
import type { OptionItem } from '../../runtime/model/compiled';
import type { EditProps } from '../types';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import { lazyOptions, useSelectData } from './shared/options';

function toCascader(items: OptionItem[]): CascaderOption[] {
  return items.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled, children: o.children ? toCascader(o.children) : undefined }));
}

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error, autoOpen }: EditProps<'cascader'> & { autoOpen: boolean }) {
  const { options, back } = useSelectData(field);
  const path = listOf(value).map(String);
  return (
    <Cascader
      id={id}
      data={toCascader(options)}
      value={path.length ? path : null}
      onChange={(v) => onChange(v ? v.map(back) : [])}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      searchable={!!field.props.filterable}
      clearable={field.props.clearable !== false}
      placeholder={field.placeholder ?? undefined}
      autoFocus={autoOpen}
      defaultDropdownOpened={autoOpen}
    />
  );
}

export const cascaderRenderer = { Edit: lazyOptions(Edit), View: FormattedView, Cell: FormattedView };
