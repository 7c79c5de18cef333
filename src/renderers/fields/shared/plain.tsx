import type { EditProps } from '../../types';
import { numberProp } from './common';
import { useState } from 'react';

/**
 * Light inputs for the hot kinds. A Mantine input costs about 2 ms to mount (selects far more,
 * they set up floating positioning), which at 1,000 fields is seconds; a native element styled
 * with Mantine's own CSS variables costs microseconds. Styled by class from one hoisted
 * stylesheet: an inline style of 15 properties was a quarter of a 1,000-field form's mount.
 * A single-line input is a layout boundary (`contain: strict`, it has a fixed height), so typing
 * in it re-lays out the input alone, not the whole form.
 */
export const PLAIN_INPUT_CSS =
  '.scp-plain-input{width:100%;box-sizing:border-box;height:36px;min-height:36px;padding:0 12px;font-size:var(--mantine-font-size-sm,14px);font-family:inherit;line-height:34px;' +
  'color:var(--mantine-color-text,inherit);background:var(--mantine-color-body,#fff);border:1px solid var(--mantine-color-default-border,#ced4da);border-radius:var(--mantine-radius-sm,4px);outline:none;contain:strict}' +
  'textarea.scp-plain-input{height:auto;min-height:72px;padding:6px 12px;line-height:1.5;resize:vertical;contain:none}' +
  '.scp-plain-input[aria-invalid]{color:var(--mantine-color-error,#fa5252);border-color:var(--mantine-color-error,#fa5252)}' +
  // Focus shows (issue 19): the border takes the theme colour, and keyboard focus a 2px ring drawn
  // inside the box (an outer ring would be clipped by the form item's paint containment).
  '.scp-plain-input:focus{border-color:var(--mantine-primary-color-filled,#1890ff)}' +
  '.scp-plain-input:focus-visible{outline:2px solid var(--mantine-primary-color-filled,#1890ff);outline-offset:-1px}' +
  '.scp-plain-input[aria-invalid]:focus,.scp-plain-input[aria-invalid]:focus-visible{border-color:var(--mantine-color-error,#fa5252);outline-color:var(--mantine-color-error,#fa5252)}' +
  '.scp-plain-input:disabled{background:var(--mantine-color-gray-1,#f1f3f5);cursor:not-allowed}' +
  '.scp-plain-input[data-lazy-widget]:not(:disabled){cursor:pointer}';

export function PlainInputStyles() {
  return (
    <style href="scp-plain-input" precedence="scp">
      {PLAIN_INPUT_CSS}
    </style>
  );
}

export const PLAIN_INPUT_CLASS = 'scp-plain-input';

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
    <>
      <PlainInputStyles />
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
        className={PLAIN_INPUT_CLASS}
      />
    </>
  );
}
