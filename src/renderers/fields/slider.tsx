import { Slider } from '@mantine/core';
import type { EditProps } from '../types';
import { numberProp, textValued } from './shared/common';

function Edit({ field, value, onChange, id, disabled }: EditProps<'slider'>) {
  const min = numberProp(field.props, 'min') ?? 0;
  return (
    <Slider
      id={id}
      min={min}
      max={numberProp(field.props, 'max') ?? 100}
      step={numberProp(field.props, 'step') ?? 1}
      value={typeof value === 'number' ? value : Number(value) || min}
      onChange={onChange}
      disabled={disabled}
      style={{ padding: '8px 0' }}
    />
  );
}

export const sliderRenderer = textValued(Edit);
