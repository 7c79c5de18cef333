import type { EditProps } from '../types';
import { numberProp, textValued } from './shared/common';
import { plainInputStyle } from './shared/plain';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'input'>) {
  const before = typeof field.props.addonBefore === 'string' ? field.props.addonBefore : '';
  const after = typeof field.props.addonAfter === 'string' ? field.props.addonAfter : '';
  const input = (
    <input
      id={id}
      type={field.props.showPassword ? 'password' : 'text'}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      aria-invalid={error || undefined}
      placeholder={field.placeholder ?? undefined}
      maxLength={numberProp(field.props, 'maxlength')}
      style={plainInputStyle(error, disabled)}
    />
  );
  if (!before && !after) return input;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      {before ? <span>{before}</span> : null}
      {input}
      {after ? <span>{after}</span> : null}
    </div>
  );
}

export const inputRenderer = textValued(Edit);
