import { sumColumn } from '../calculate-rule';
import { formatNumber } from '../format/amount';
import { translate } from '../i18n';
import type { CompiledField } from '../model/compiled';
import { arrayValue, defineKind } from './shared/define';
import { listOf } from './shared/format';

/** 设计子表: an inline sub-table; its value is an array of rows, each checked by its columns' own rules. */
export const table = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'array of row objects (own required/patterns)', default: '[]' },
  value: () => arrayValue({ type: 'object' }),
  defaultValue: () => [],
  compile: (field, config, path, tools) => {
    field.columns = tools.columns(config.children, `${path}.__config__.children`, field.key);
  },
  constrain: (schema, field, objectSchema) => {
    schema.items = objectSchema(field.columns ?? []);
  },
  search: null,
  relatable: false,
  format: (value, _field, ctx) => {
    const n = listOf(value).length;
    return n ? translate(ctx.locale, 'kinds.rows', { n }) : '';
  },
});

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? v.split(',') : []);

/** The summary row (合计): shown with showSummary (v3 show-summary); it sums the columns summaryField names. */
export function summaryOf(field: CompiledField): { shown: boolean; columns: ReadonlySet<string> } {
  const p = field.props;
  const shown = p.showSummary === true || p['show-summary'] === true;
  return { shown, columns: new Set(shown ? list(p.summaryField) : []) };
}

/**
 * A column's total as the summary row shows it: numeric values summed (numbers and numeric
 * text; anything else ignored), a non-integer to 2 decimals; thousands separators when the
 * table asks for them on that column (thousands + thousandsField).
 */
export function summaryText(field: CompiledField, rows: unknown, column: string): string {
  const sum = sumColumn(rows, column);
  const thousands = field.props.thousands === true && list(field.props.thousandsField).includes(column);
  return formatNumber(sum, { precision: Number.isInteger(sum) ? null : 2, thousands });
}

/** A new row: every column's default (copied, so rows never share a list). */
export function emptyRow(field: CompiledField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of field.columns ?? []) {
    if (!column.stores) continue;
    const d = column.defaultValue;
    row[column.key] = d && typeof d === 'object' ? structuredClone(d) : (d ?? null);
  }
  return row;
}
