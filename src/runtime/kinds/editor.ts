import { defineKind, stringValue } from './shared/define';
import { htmlText } from './shared/format';

/** 富文本: HTML (sanitised wherever it is drawn); as text, its words without markup. */
export const editor = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'string (HTML)', default: 'null' },
  value: stringValue,
  search: { mode: 'contains', input: 'text' },
  keyword: true,
  relatable: false,
  format: htmlText,
});
