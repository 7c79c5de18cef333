import type { EditProps } from '../types';
import { textValued } from './shared/common';
import { Time24Input } from './shared/dates';

/** Times are stored as 'HH:mm:ss' (or 'HH:mm') text, 24-hour. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'timePicker'>) {
  const format = String(field.props.format ?? 'HH:mm:ss');
  return (
    <Time24Input
      id={id}
      withSeconds={/s/.test(format)}
      clearable={field.props.clearable !== false}
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v || null)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
    />
  );
}

export const timePickerRenderer = textValued(Edit);
