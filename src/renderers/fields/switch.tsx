import { Switch } from '@mantine/core';
import { FormattedView } from '../format';
import type { EditProps } from '../types';

function onOff(props: Record<string, unknown>): [unknown, unknown] {
  return [props.activeValue ?? 1, props.inactiveValue ?? 0];
}

function Edit({ field, value, onChange, id, disabled, readOnly }: EditProps<'switch'>) {
  const [on, off] = onOff(field.props);
  const checked = value === on || (value !== off && value === true) || String(value) === String(on);
  return (
    <Switch
      id={id}
      checked={checked}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(e) => !readOnly && onChange(e.currentTarget.checked ? on : off)}
      label={String((checked ? field.props.activeTxt : field.props.inactiveTxt) ?? '')}
    />
  );
}

export const switchRenderer = { Edit, View: FormattedView, Cell: FormattedView };
