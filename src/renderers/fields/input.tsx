import { TextInput } from '@mantine/core';
import type { EditProps } from '../types';
import { numberProp, textValued } from './shared/common';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'input'>) {
  return (
    <TextInput
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      placeholder={field.placeholder ?? undefined}
      maxLength={numberProp(field.props, 'maxlength')}
      type={field.props.showPassword ? 'password' : 'text'}
      leftSection={typeof field.props.addonBefore === 'string' ? field.props.addonBefore : undefined}
      rightSection={typeof field.props.addonAfter === 'string' ? field.props.addonAfter : undefined}
    />
  );
}

export const inputRenderer = textValued(Edit);
