import { Group, Radio, Stack } from '@mantine/core';
import type { EditProps } from '../types';
import { FormattedView } from '../format';
import { useSelectData } from './shared/options';

function Edit({ field, value, onChange, id, disabled, readOnly, error }: EditProps<'radio'>) {
  const { data, back } = useSelectData(field);
  const Box = field.props.direction === 'vertical' ? Stack : Group;
  return (
    <Radio.Group id={id} value={value === null || value === undefined ? null : String(value)} onChange={(v) => !readOnly && onChange(back(v))} error={error || undefined}>
      <Box gap="sm">
        {data.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} disabled={disabled || o.disabled} />
        ))}
      </Box>
    </Radio.Group>
  );
}

export const radioRenderer = { Edit, View: FormattedView, Cell: FormattedView };
