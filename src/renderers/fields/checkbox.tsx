import { Checkbox, Group, Stack } from '@mantine/core';
import type { EditProps } from '../types';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import { useSelectData } from './shared/options';

function Edit({ field, value, onChange, id, disabled, readOnly, error }: EditProps<'checkbox'>) {
  const { data, back } = useSelectData(field);
  const Box = field.props.direction === 'vertical' ? Stack : Group;
  return (
    <Checkbox.Group id={id} value={listOf(value).map(String)} onChange={(v) => !readOnly && onChange(v.map(back))} error={error || undefined}>
      <Box gap="sm">
        {data.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} disabled={disabled || o.disabled} />
        ))}
      </Box>
    </Checkbox.Group>
  );
}

export const checkboxRenderer = { Edit, View: FormattedView, Cell: FormattedView };
