import { ColorInput, ColorSwatch, Group } from '@mantine/core';
import type { EditProps, ViewProps } from '../types';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'colorPicker'>) {
  return (
    <ColorInput
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v || null)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      format={field.props.showAlpha ? 'rgba' : field.props.colorFormat === 'rgb' ? 'rgb' : 'hex'}
    />
  );
}

function View({ value }: ViewProps<'colorPicker'>) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <Group gap={6} component="span" style={{ display: 'inline-flex' }}>
      <ColorSwatch color={value} size={16} />
      <span>{value}</span>
    </Group>
  );
}

export const colorPickerRenderer = { Edit, View, Cell: View };
