import { NumberInput } from '@mantine/core';
import { formatNumber, toChineseAmount } from '../../runtime/format/amount';
import { useRT } from '../i18n';
import type { EditProps, ViewProps } from '../types';
import { numberProp } from './shared/common';

function precisionOf(props: Record<string, unknown>): number | undefined {
  return numberProp(props, 'precision');
}

/** The amount in Chinese capitals under the input (isAmountChinese). */
function ChineseAmount({ value }: { value: unknown }) {
  const t = useRT();
  if (value === null || value === undefined || value === '') return null;
  const result = toChineseAmount(value);
  const text = result.ok ? result.text : t(result.reason === 'tooLarge' ? 'renderers.amountTooLarge' : 'renderers.amountInvalid');
  return <div className="scp-amount-chinese" style={{ fontSize: 12, color: '#868e96' }}>{text}</div>;
}

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'inputNumber'>) {
  const p = field.props;
  return (
    <div>
      <NumberInput
        id={id}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={(v) => onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
        onBlur={onBlur}
        disabled={disabled}
        readOnly={readOnly}
        error={error}
        placeholder={field.placeholder ?? undefined}
        min={numberProp(p, 'min')}
        max={numberProp(p, 'max')}
        step={numberProp(p, 'step') ?? 1}
        decimalScale={precisionOf(p)}
        fixedDecimalScale={precisionOf(p) !== undefined}
        thousandSeparator={p.thousands ? ',' : undefined}
        clampBehavior="blur"
        leftSection={typeof p.addonBefore === 'string' ? p.addonBefore : undefined}
        rightSection={typeof p.addonAfter === 'string' ? p.addonAfter : undefined}
      />
      {p.isAmountChinese ? <ChineseAmount value={value} /> : null}
    </div>
  );
}

function text(field: ViewProps['field'], value: unknown): string {
  return formatNumber(value, { precision: precisionOf(field.props), thousands: !!field.props.thousands });
}

function View({ field, value }: ViewProps<'inputNumber'>) {
  return (
    <span>
      {text(field, value)}
      {field.props.isAmountChinese ? <ChineseAmount value={value} /> : null}
    </span>
  );
}

const Cell = ({ field, value }: ViewProps<'inputNumber'>) => <span>{text(field, value)}</span>;

export const inputNumberRenderer = { Edit, View, Cell };
