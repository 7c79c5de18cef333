import { Group, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { listOf } from '../../runtime/kinds';
import { FormattedView } from '../format';
import type { EditProps } from '../types';

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'timeRange'>) {
  const [from = '', to = ''] = listOf(value).map((v) => (typeof v === 'string' ? v : ''));
  const seconds = /s/.test(String(field.props.format ?? 'HH:mm:ss'));
  const emit = (a: string, b: string) => onChange(a || b ? [a || null, b || null] : []);
  const common = { withSeconds: seconds, onBlur, disabled, readOnly, error, style: { flex: 1 } };
  return (
    <Group gap={4} wrap="nowrap" id={id}>
      <TimeInput {...common} value={from} onChange={(e) => emit(e.currentTarget.value, to)} aria-label="start" />
      <Text size="sm">~</Text>
      <TimeInput {...common} value={to} onChange={(e) => emit(from, e.currentTarget.value)} aria-label="end" />
    </Group>
  );
}

export const timeRangeRenderer = { Edit, View: FormattedView, Cell: FormattedView };
