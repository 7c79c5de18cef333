import { translate } from '../i18n';
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
