import { useState } from 'react';
import { formatNumber, toChineseAmount } from '../../runtime/format/amount';
import { FormattedView, useFormatted } from '../format';
import { useRT } from '../i18n';
import type { EditProps, ViewProps } from '../types';
import { numberProp } from './shared/common';
import { PLAIN_INPUT_CLASS, PlainInputStyles } from './shared/plain';

function precisionOf(props: Record<string, unknown>): number | undefined {
  return numberProp(props, 'precision');
}

/** The amount in Chinese capitals under the input (isAmountChinese). */
export function ChineseAmount({ value }: { value: unknown }) {
  const t = useRT();
  if (value === null || value === undefined || value === '') return null;
  const result = toChineseAmount(value);
  const text = result.ok ? result.text : t(result.reason === 'tooLarge' ? 'renderers.amountTooLarge' : 'renderers.amountInvalid');
  return <div className="scp-amount-chinese" style={{ fontSize: 12, color: '#868e96' }}>{text}</div>;
}

/** Parses typed text (thousands separators allowed), clamps to min/max and rounds to the precision. */
export function parseNumber(text: string, props: Record<string, unknown>): number | null {
  const t = text.replace(/,/g, '').trim();
  if (!t || t === '-') return null;
  let n = Number(t);
  if (!Number.isFinite(n)) return null;
  const min = numberProp(props, 'min');
  const max = numberProp(props, 'max');
  if (min !== undefined && n < min) n = min;
  if (max !== undefined && n > max) n = max;
  const precision = precisionOf(props);
  if (precision !== undefined) n = Number(n.toFixed(precision));
  return n;
}

/** A light number input: free typing while focused, formatted (precision, thousands) otherwise. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'inputNumber'>) {
  const p = field.props;
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? formatNumber(value, { precision: precisionOf(p), thousands: !!p.thousands });
  const before = typeof p.addonBefore === 'string' ? p.addonBefore : '';
  const after = typeof p.addonAfter === 'string' ? p.addonAfter : '';
  const input = (
    <input
      id={id}
      inputMode="decimal"
      value={shown}
      onFocus={() => setDraft(value === null || value === undefined || value === '' ? '' : String(value))}
      onChange={(e) => {
        const text = e.currentTarget.value;
        if (!/^-?[\d,]*\.?\d*$/.test(text)) return;
        setDraft(text);
        const n = Number(text.replace(/,/g, ''));
        onChange(text === '' || text === '-' || !Number.isFinite(n) ? null : n);
      }}
      onBlur={() => {
        if (draft !== null) onChange(parseNumber(draft, p));
        setDraft(null);
        onBlur?.();
      }}
      disabled={disabled}
      readOnly={readOnly}
      aria-invalid={error || undefined}
      placeholder={field.placeholder ?? undefined}
      className={PLAIN_INPUT_CLASS}
    />
  );
  return (
    <>
      <PlainInputStyles />
      {before || after ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {before ? <span>{before}</span> : null}
          {input}
          {after ? <span>{after}</span> : null}
        </div>
      ) : (
        input
      )}
      {p.isAmountChinese ? <ChineseAmount value={value} /> : null}
    </>
  );
}

function View({ field, value }: ViewProps<'inputNumber'>) {
  return (
    <span>
      {useFormatted(field, value)}
      {field.props.isAmountChinese ? <ChineseAmount value={value} /> : null}
    </span>
  );
}

export const inputNumberRenderer = { Edit, View, Cell: FormattedView };
