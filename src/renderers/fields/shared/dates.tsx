import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { TIME_FORMAT } from '../../../runtime/i18n/dates';
import { useRT } from '../../i18n';

/** A designer format shows a time when it names hours, minutes or seconds. */
export function hasTime(format: string | null | undefined): boolean {
  return !!format && /H|h|m|s/.test(format);
}

/**
 * A 24-hour time field in the user's language. The browser's native time input follows the
 * operating system's clock (it showed "10:30:15 AM"), so the fields use Mantine's own picker.
 */
export function Time24Input({ value, onChange, ...rest }: Omit<TimePickerProps, 'value' | 'onChange' | 'format'> & { value: string; onChange: (value: string) => void }) {
  const t = useRT();
  return (
    <TimePicker
      {...rest}
      format={TIME_FORMAT}
      value={value}
      onChange={onChange}
      hoursInputLabel={t('dates.hours')}
      minutesInputLabel={t('dates.minutes')}
      secondsInputLabel={t('dates.seconds')}
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
    />
  );
}
