import { defineKind, scalarValue } from './shared/define';

/** isStorage 2: the shown value is also saved in the record (1, the default: shown only). */
const saved = (props: Record<string, unknown>) => Number(props.isStorage) === 2;

/**
 * 关联表单属性: shows `showField` of the record its relationForm field (`relationField`, a field
 * key of this form) points at. With isStorage 2 the form copies that value into the record
 * under the field's own key when the record is chosen, so lists and exports have it without a
 * lookup; with isStorage 1 it is looked up wherever it is shown and never stored.
 */
export const relationFormAttr = defineKind({
  group: 'widget',
  stores: false,
  doc: { stores: '— (isStorage 2: the shown value)', default: 'null' },
  value: (props) => (saved(props) ? scalarValue() : null),
  compile: (field) => {
    if (saved(field.props)) field.stores = true;
  },
  search: null,
});
