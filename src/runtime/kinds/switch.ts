import { translate } from '../i18n';
import { defineKind } from './shared/define';

const onOff = (props: Record<string, unknown>): [unknown, unknown] => [props.activeValue ?? 1, props.inactiveValue ?? 0];
const isOn = (value: unknown, props: Record<string, unknown>) => value === true || (value !== null && value !== undefined && String(value) === String(onOff(props)[0]));

/** 开关: stores activeValue / inactiveValue (1 / 0); version-3 exports may still hold booleans. */
export const switchKind = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'activeValue/inactiveValue (1/0; booleans of v3 accepted)', default: 'inactiveValue (0)' },
  value: (p) => ({ enum: [p.activeValue ?? 1, p.inactiveValue ?? 0, true, false, null] }),
  defaultValue: (p) => p.inactiveValue ?? 0,
  coerceDefault: (value, p) => (typeof value === 'boolean' ? (value ? p.activeValue : p.inactiveValue) : value),
  normalise: (p) => {
    p.activeValue ??= 1;
    p.inactiveValue ??= 0;
  },
  index: 'number',
  search: { mode: 'equals', input: 'options' },
  choices: (field, locale) => {
    const [on, off] = onOff(field.props);
    const label = (text: unknown, key: 'renderers.switchOn' | 'renderers.switchOff') => (typeof text === 'string' && text ? text : translate(locale, key));
    return [
      { label: label(field.props.activeTxt, 'renderers.switchOn'), value: on as string | number },
      { label: label(field.props.inactiveTxt, 'renderers.switchOff'), value: off as string | number },
    ];
  },
  format: (value, field, ctx) => {
    if (value === null || value === undefined || value === '') return '';
    const text = isOn(value, field.props) ? field.props.activeTxt : field.props.inactiveTxt;
    return typeof text === 'string' && text ? text : translate(ctx.locale, isOn(value, field.props) ? 'renderers.switchOn' : 'renderers.switchOff');
  },
});
