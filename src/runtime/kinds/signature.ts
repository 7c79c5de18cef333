import { translate } from '../i18n';
import { defineKind, stringValue } from './shared/define';

/** 电子签章: a signature image chosen from the user's stored signatures. */
export const signature = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string (image)', default: '""' },
  value: stringValue,
  defaultValue: () => '',
  search: null,
  relatable: false,
  format: (value, _field, ctx) => (typeof value === 'string' && value ? translate(ctx.locale, 'kinds.signed') : ''),
});
