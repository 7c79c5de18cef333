import { Textarea } from '@mantine/core';
import type { EditProps, ViewProps } from '../types';
import { displayText, numberProp } from './shared/common';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'textarea'>) {
  const autoSize = field.props.autoSize as { minRows?: number; maxRows?: number } | undefined;
  return (
    <Textarea
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      placeholder={field.placeholder ?? undefined}
      maxLength={numberProp(field.props, 'maxlength')}
      minRows={autoSize?.minRows ?? 3}
    />
  );
}

const View = ({ value }: ViewProps<'textarea'>) => <span style={{ whiteSpace: 'pre-wrap' }}>{displayText(value)}</span>;

export const textareaRenderer = { Edit, View, Cell: View };
