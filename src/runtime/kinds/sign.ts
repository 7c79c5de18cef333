import { translate } from '../i18n';
import { defineKind, stringValue } from './shared/define';

/** 手写签名: a signature drawn by hand (an image). */
export const sign = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string (image)', default: '""' },
  value: stringValue,
  defaultValue: () => '',
  search: null,
  relatable: false,
  format: (value, _field, ctx) => (typeof value === 'string' && value ? translate(ctx.locale, 'kinds.signed') : ''),
});
