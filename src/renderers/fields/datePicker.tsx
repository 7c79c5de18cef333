import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { dayjsFormat, toDayjs } from '../../runtime/kinds';
import { FormattedView } from '../format';
import type { EditProps } from '../types';
import { useRT } from '../i18n';
import { TIME_FORMAT } from '../../runtime/i18n/dates';
import { hasTime } from './shared/dates';

const DEFAULT_FORMAT = 'yyyy-MM-dd';

/** Dates are stored as epoch milliseconds; the picker speaks 'YYYY-MM-DD[ HH:mm:ss]' strings. */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'datePicker'>) {
  const t = useRT();
  const format = (field.props.format as string | undefined) ?? DEFAULT_FORMAT;
  const current = toDayjs(value);
  const common = {
    id,
    onBlur,
    disabled,
    readOnly,
    error,
    clearable: field.props.clearable !== false,
    placeholder: field.placeholder ?? undefined,
    valueFormat: dayjsFormat(format),
  };
  const emit = (v: string | null) => onChange(v ? dayjs(v).valueOf() : null);
  if (hasTime(format))
    return (
      <DateTimePicker
        {...common}
        timePickerProps={{ format: TIME_FORMAT, hoursInputLabel: t('dates.hours'), minutesInputLabel: t('dates.minutes'), secondsInputLabel: t('dates.seconds') }}
        withSeconds={/s/.test(format)}
        value={current ? current.format('YYYY-MM-DD HH:mm:ss') : null}
        onChange={emit}
      />
    );
  return <DatePickerInput {...common} value={current ? current.format('YYYY-MM-DD') : null} onChange={emit} />;
}

export const datePickerRenderer = { Edit, View: FormattedView, Cell: FormattedView };
