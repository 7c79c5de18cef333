import { translate } from '../i18n';
import { defineKind } from './shared/define';
import { signatureSchema } from './shared/signature-value';

/** 电子签章: a signature image chosen from the user's stored signatures. */
export const signature = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'PNG/JPEG data URL, at most 200 KB', default: '""' },
  value: signatureSchema,
  defaultValue: () => '',
  search: null,
  relatable: false,
  format: (value, _field, ctx) => (typeof value === 'string' && value ? translate(ctx.locale, 'kinds.signed') : ''),
});
