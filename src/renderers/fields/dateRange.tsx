import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import type { EditProps, ViewProps } from '../types';
import { formatDateValue, toDayjs, toDayjsFormat } from './shared/dates';
import { asArray } from './shared/options';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'dateRange'>) {
  const [from, to] = asArray(value).map(toDayjs);
  return (
    <DatePickerInput
      type="range"
      id={id}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      clearable={field.props.clearable !== false}
      placeholder={field.placeholder ?? undefined}
      valueFormat={toDayjsFormat(field.props.format as string | undefined)}
      value={[from ? from.format('YYYY-MM-DD') : null, to ? to.format('YYYY-MM-DD') : null]}
      onChange={([a, b]) => onChange(a || b ? [a ? dayjs(a).valueOf() : null, b ? dayjs(b).valueOf() : null] : [])}
    />
  );
}

function View({ field, value }: ViewProps<'dateRange'>) {
  const parts = asArray(value).map((v) => formatDateValue(v, field.props.format as string | undefined));
  return <span>{parts.filter(Boolean).join(' ~ ')}</span>;
}

export const dateRangeRenderer = { Edit, View, Cell: View };
