import type { OptionItem } from '../../model/compiled';
import { optionValues } from './options';
import { type FillContext, type KindDefinition, type JsonSchema, type RefKind, defineKind, pickValue, isMultiple } from './define';
import { DATE_TIME, dateText, optionsText, plainText, refsText } from './format';

/**
 * Factories for families of kinds that differ only in a detail: display-only items, option
 * kinds, pickers of other records, and the fields the server fills. Each kind is still its
 * own definition in its own file; these keep the files short.
 */

/** A display-only item (divider, alert, link …): no value in the record. */
export function displayKind(group: 'display' | 'widget', aliases: readonly string[] = []): KindDefinition {
  return defineKind({ group, aliases, stores: false, doc: { stores: '— (display only)', default: '—' }, value: () => null, format: () => '' });
}

/** Static options of radio / single select become the allowed values; of checkbox / multiple select, the allowed items. */
export function enumFromOptions(schema: JsonSchema, field: { label: string; options: { from: string; options?: OptionItem[] } | null; props: Record<string, unknown> }, many: boolean): void {
  const options = field.options;
  if (options?.from !== 'static' || !options.options?.length) return;
  const values = optionValues(options.options);
  if (many) schema.items = { enum: values, 'x-label': field.label, 'x-item': true };
  else schema.enum = [...values, '', null];
}

/**
 * A kind whose value is chosen from options (static, a dictionary or a data interface). Static
 * options constrain the stored value: `one` (an allowed value), `items` (a list of allowed
 * values), `byMultiple` (either, by the multiple prop) or `none` (paths and tree nodes: not checked).
 */
export function optionKind(def: Partial<KindDefinition> & Pick<KindDefinition, 'value' | 'defaultValue' | 'doc'>, allowed: 'one' | 'items' | 'byMultiple' | 'none', path = false): KindDefinition {
  const optionCheck = (props: Record<string, unknown>) => (allowed === 'none' ? null : allowed === 'byMultiple' ? (isMultiple(props) ? 'items' : 'one') : allowed);
  return defineKind({
    group: 'input',
    stores: true,
    options: true,
    optionCheck,
    search: { mode: 'equals', input: 'options' },
    // Static options are checked by the record schema; dictionary and interface options by the
    // server against the source (server/modules/visualdev/option-sources.ts), with the same rule.
    constrain: (schema, field) => {
      const check = optionCheck(field.props);
      if (check) enumFromOptions(schema, field, check === 'items');
    },
    format: (value, field, ctx) => optionsText(value, field, ctx, path),
    ...def,
  });
}

/** A picker of other records (users, organisations, positions …): stores ids, shows names. */
export function pickerKind(refs: RefKind, options: { aliases?: readonly string[]; value?: KindDefinition['value']; defaultValue?: unknown; doc?: string; paths?: boolean } = {}): KindDefinition {
  const fallback = options.defaultValue === undefined ? null : options.defaultValue;
  return defineKind({
    group: 'widget',
    aliases: options.aliases ?? [],
    stores: true,
    doc: { stores: options.doc ?? 'id; array when multiple', default: JSON.stringify(fallback) },
    value: options.value ?? pickValue,
    defaultValue: () => fallback,
    refs,
    // A path kind stores one path of ids from the top ([province, city]), or a list of paths when multiple.
    format: (value, field, ctx) => refsText(options.paths && !isMultiple(field.props) && Array.isArray(value) && !value.some(Array.isArray) ? [value] : value, refs, ctx),
  });
}

const systemValue = (): JsonSchema => ({ type: ['string', 'number', 'array', 'null'] });

/** A field the server fills (created by/at, modified by/at, current organisation …): read-only, never required. */
export function systemKind(fill: NonNullable<KindDefinition['fill']>, shape: { refs?: RefKind; time?: boolean }): KindDefinition {
  return defineKind({
    group: 'system',
    stores: true,
    doc: { stores: 'filled by the server', default: '—' },
    value: systemValue,
    defaultValue: () => '',
    fill,
    refs: shape.refs ?? null,
    index: shape.time ? 'number' : 'text',
    search: shape.time ? { mode: 'range', input: 'date' } : { mode: 'equals', input: 'text' },
    format: (value, _field, ctx) => (shape.refs ? refsText(value, shape.refs, ctx) : shape.time ? dateText(value, DATE_TIME) : plainText(value)),
  });
}

/** Fill rules: set once at creation (then kept), or set at every update (empty at creation). */
export const onCreate = (value: (c: FillContext) => unknown): NonNullable<KindDefinition['fill']> => ({ create: value, update: (_c, stored) => stored ?? null });
export const onUpdate = (value: (c: FillContext) => unknown): NonNullable<KindDefinition['fill']> => ({ create: () => null, update: value });

/** A widget whose stored value shows as written (its own widget arrives with the pickers issue). */
export function textKind(options: { value: KindDefinition['value']; defaultValue: unknown; doc: string }): KindDefinition {
  return defineKind({
    group: 'widget',
    stores: true,
    doc: { stores: options.doc, default: JSON.stringify(options.defaultValue) },
    value: options.value,
    defaultValue: () => options.defaultValue,
  });
}
