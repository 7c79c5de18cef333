import { defineKind, isMultiple, pickValue } from './shared/define';

/**
 * 弹窗选择: rows of a data interface chosen in a dialog or drawer; stores the chosen rows'
 * propsValue (one id, or a list when multiple). The display text (relationField of those rows)
 * is looked up where it is shown; the server checks a changed value against the interface.
 */
export const popupSelect = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'id; array when multiple', default: '"" ([] when multiple)' },
  value: pickValue,
  defaultValue: (props) => (isMultiple(props) ? [] : ''),
});
