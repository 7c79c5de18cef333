import type { EditProps } from '../../types';
import { numberProp } from './common';
import { useState, type CSSProperties } from 'react';

/**
 * Light inputs for the hot kinds. A Mantine input costs about 2 ms to mount (selects far more,
 * they set up floating positioning), which at 1,000 fields is seconds; a native element styled
 * with Mantine's own CSS variables costs microseconds. Heavy widgets mount on first use.
 */
export function plainInputStyle(error: boolean, disabled: boolean, multiline = false): CSSProperties {
  return {
    width: '100%',
    boxSizing: 'border-box',
    minHeight: multiline ? 72 : 36,
    height: multiline ? undefined : 36,
    padding: multiline ? '6px 12px' : '0 12px',
    fontSize: 'var(--mantine-font-size-sm, 14px)',
    fontFamily: 'inherit',
    lineHeight: multiline ? 1.5 : '34px',
    color: error ? 'var(--mantine-color-error, #fa5252)' : 'var(--mantine-color-text, inherit)',
    background: disabled ? 'var(--mantine-color-gray-1, #f1f3f5)' : 'var(--mantine-color-body, #fff)',
    border: `1px solid ${error ? 'var(--mantine-color-error, #fa5252)' : 'var(--mantine-color-default-border, #ced4da)'}`,
    borderRadius: 'var(--mantine-radius-sm, 4px)',
    outline: 'none',
    resize: multiline ? 'vertical' : undefined,
    cursor: disabled ? 'not-allowed' : undefined,
  };
}

/** The attributes a plain text input and a textarea share: value, events, state, placeholder, max length. */
export function plainTextAttributes({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'input' | 'textarea'>) {
  return {
    id,
    value: value === null || value === undefined ? '' : String(value),
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    onBlur,
    disabled,
    readOnly,
    'aria-invalid': error || undefined,
    placeholder: field.placeholder ?? undefined,
    maxLength: numberProp(field.props, 'maxlength'),
  };
}

/** Until first used, a heavy widget is drawn as a plain read-only box showing its text. */
export function useActivation(): [boolean, () => void] {
  const [active, setActive] = useState(false);
  return [active, () => setActive(true)];
}

export function LazyBox({ id, text, placeholder, disabled, error, onActivate }: { id: string; text: string; placeholder?: string | null; disabled: boolean; error: boolean; onActivate(): void }) {
  return (
    <input
      id={id}
      readOnly
      value={text}
      placeholder={placeholder ?? undefined}
      disabled={disabled}
      aria-invalid={error || undefined}
      data-lazy-widget
      onFocus={disabled ? undefined : onActivate}
      // A pointer activates on click, not on press: swapping in the combobox on press let the
      // same click's mouseup/click reach the new input and toggle its dropdown shut again.
      onMouseDown={disabled ? undefined : (e) => e.preventDefault()}
      onClick={disabled ? undefined : onActivate}
      style={{ ...plainInputStyle(error, disabled), cursor: disabled ? 'not-allowed' : 'pointer' }}
    />
  );
}
