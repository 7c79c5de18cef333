import { Group, Text } from '@mantine/core';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import { useRT } from '../i18n';
import type { EditProps } from '../types';
import { Time24Input } from './shared/dates';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'timeRange'>) {
  const t = useRT();
  const [from = '', to = ''] = listOf(value).map((v) => (typeof v === 'string' ? v : ''));
  const seconds = /s/.test(String(field.props.format ?? 'HH:mm:ss'));
  const emit = (a: string, b: string) => onChange(a || b ? [a || null, b || null] : []);
  const common = { withSeconds: seconds, clearable: field.props.clearable !== false, onBlur, disabled, readOnly, error, style: { flex: 1 } };
  return (
    <Group gap={4} wrap="nowrap" id={id}>
      <Time24Input {...common} value={from} onChange={(v) => emit(v, to)} aria-label={t('dates.rangeStart')} />
      <Text size="sm">~</Text>
      <Time24Input {...common} value={to} onChange={(v) => emit(from, v)} aria-label={t('dates.rangeEnd')} />
    </Group>
  );
}

export const timeRangeRenderer = { Edit, View: FormattedView, Cell: FormattedView };
