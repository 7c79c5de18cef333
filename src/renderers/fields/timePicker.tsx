import { TimeInput } from '@mantine/dates';
import type { EditProps } from '../types';
import { textValued } from './shared/common';

/** Times are stored as 'HH:mm:ss' (or 'HH:mm') text. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'timePicker'>) {
  const format = String(field.props.format ?? 'HH:mm:ss');
  return (
    <TimeInput
      id={id}
      withSeconds={/s/.test(format)}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
    />
  );
}

export const timePickerRenderer = textValued(Edit);
