import { useRT } from '../i18n';
import { Switch } from '@mantine/core';
import type { EditProps, ViewProps } from '../types';

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

function View({ field, value }: ViewProps<'switch'>) {
  const t = useRT();
  const [on] = onOff(field.props);
  const checked = String(value) === String(on) || value === true;
  return <span>{String(checked ? (field.props.activeTxt ?? t('renderers.switchOn')) : (field.props.inactiveTxt ?? t('renderers.switchOff')))}</span>;
}

export const switchRenderer = { Edit, View, Cell: View };
