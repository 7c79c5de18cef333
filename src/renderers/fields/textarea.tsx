import type { EditProps, ViewProps } from '../types';
import { displayText, numberProp } from './shared/common';
import { plainInputStyle } from './shared/plain';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'textarea'>) {
  const autoSize = field.props.autoSize as { minRows?: number } | undefined;
  return (
    <textarea
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      aria-invalid={error || undefined}
      placeholder={field.placeholder ?? undefined}
      maxLength={numberProp(field.props, 'maxlength')}
      rows={autoSize?.minRows ?? 3}
      style={plainInputStyle(error, disabled, true)}
    />
  );
}

const View = ({ value }: ViewProps<'textarea'>) => <span style={{ whiteSpace: 'pre-wrap' }}>{displayText(value)}</span>;

export const textareaRenderer = { Edit, View, Cell: View };
