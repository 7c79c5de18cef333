import { translate } from '../i18n';
import { arrayValue, defineKind } from './shared/define';
import { listOf } from './shared/format';

/** One column of a rows editor (props.rowColumns): what each row's cell holds and how it is typed. */
export interface RowColumn {
  prop: string;
  label: string;
  /** input (text, default), number, switch (1/0) or select (props options: { id, fullName }). */
  type?: 'input' | 'number' | 'switch' | 'select';
  options?: { id: string | number; fullName: string }[];
}

export const rowColumnsOf = (props: Record<string, unknown>): RowColumn[] =>
  (Array.isArray(props.rowColumns) ? props.rowColumns : []).filter((c): c is RowColumn => !!c && typeof c === 'object' && typeof (c as RowColumn).prop === 'string');

/**
 * 行编辑: a small editor of a JSON list kept inside one value (an interface's parameters, its
 * field names). Not the sub-table (`table`, issue 13): its rows are not records, have no rules of
 * their own and are saved with the record as one JSON value. With props.scalar naming a column,
 * the value is a list of that column's values (["id", "name"]) instead of row objects.
 */
export const jsonRows = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'array of row objects (props.rowColumns), or of strings with props.scalar', default: '[]' },
  value: (props) => arrayValue(typeof props.scalar === 'string' ? { type: ['string', 'number'] } : { type: 'object' }),
  defaultValue: () => [],
  search: null,
  relatable: false,
  format: (value, _field, ctx) => {
    const n = listOf(value).length;
    return n ? translate(ctx.locale, 'kinds.rows', { n }) : '';
  },
});
