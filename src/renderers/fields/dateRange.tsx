import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { dayjsFormat, listOf, toDayjs } from '../../runtime/kinds';
import { FormattedView } from '../format';
import type { EditProps } from '../types';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'dateRange'>) {
  const [from, to] = listOf(value).map(toDayjs);
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
      valueFormat={dayjsFormat(field.props.format)}
      value={[from ? from.format('YYYY-MM-DD') : null, to ? to.format('YYYY-MM-DD') : null]}
      onChange={([a, b]) => onChange(a || b ? [a ? dayjs(a).valueOf() : null, b ? dayjs(b).valueOf() : null] : [])}
    />
  );
}

export const dateRangeRenderer = { Edit, View: FormattedView, Cell: FormattedView };
