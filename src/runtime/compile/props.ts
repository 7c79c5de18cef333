import type { OptionItem, OptionSource } from '../model/compiled';
import { kindOf, type FieldKind } from '../kinds';

/** Keys of a field config that are not the component's props. */
const NOT_PROPS = new Set(['__config__', '__vModel__', '__slot__', 'on', 'options', 'props']);

export function camelCase(key: string): string {
  return key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The kind's own props, normalised: version-3 kebab-case keys become camelCase
 * (show-word-limit → showWordLimit, active-value → activeValue), the v3 slot's
 * prepend/append become addonBefore/addonAfter, and a few renamed props take their v5
 * name (the kind's own normalise step: rate max → count …). Options and their key mapping move to the option source;
 * event scripts (`on`) are not carried: the runtime never evaluates descriptor code.
 */
export function normaliseProps(kind: FieldKind, field: Record<string, unknown>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) {
    if (NOT_PROPS.has(key)) continue;
    props[camelCase(key)] = value;
  }
  const slot = field.__slot__ as Record<string, unknown> | undefined;
  if (slot && typeof slot === 'object') {
    if (typeof slot.prepend === 'string' && slot.prepend && props.addonBefore === undefined) props.addonBefore = slot.prepend;
    if (typeof slot.append === 'string' && slot.append && props.addonAfter === undefined) props.addonAfter = slot.append;
  }
  kindOf(kind).normalise(props);
  return props;
}

interface KeyMap {
  labelKey: string;
  valueKey: string;
  childrenKey: string;
}

/** Where the label/value/children keys of the options are named: props.props (v3 tree), props, or __config__.props. */
function keyMap(field: Record<string, unknown>, config: Record<string, unknown>): KeyMap {
  const top = field.props as Record<string, unknown> | undefined;
  const nested = top && typeof top.props === 'object' ? (top.props as Record<string, unknown>) : undefined;
  const candidates = [nested, top, config.props as Record<string, unknown> | undefined];
  const pickKey = (name: string, fallback: string) => {
    for (const c of candidates) if (c && typeof c[name] === 'string' && c[name]) return c[name] as string;
    return fallback;
  };
  return { labelKey: pickKey('label', 'fullName'), valueKey: pickKey('value', 'id'), childrenKey: pickKey('children', 'children') };
}

function mapOptions(raw: unknown, keys: KeyMap): OptionItem[] {
  if (!Array.isArray(raw)) return [];
  const items: OptionItem[] = [];
  for (const entry of raw) {
    if (!entry || typeof entry !== 'object') continue;
    const o = entry as Record<string, unknown>;
    const value = o[keys.valueKey] ?? o.value ?? o.id;
    const label = o[keys.labelKey] ?? o.label ?? o.fullName ?? value;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const item: OptionItem = { label: String(label), value };
    const children = o[keys.childrenKey];
    if (Array.isArray(children) && children.length) item.children = mapOptions(children, keys);
    if (o.disabled === true) item.disabled = true;
    items.push(item);
  }
  return items;
}

export type OptionsResult = { source: OptionSource; missing?: 'dictionaryType' | 'propsUrl' };

/**
 * The option source of a field with options: dataType 'dictionary' + dictionaryType,
 * 'dynamic' + propsUrl (a data interface) + templateJson, else static options from
 * props.options, __config__.options or the v3 slot, mapped to {label, value, children}.
 * Static options are normalised to OptionItem; the key names record the descriptor's mapping.
 */
export function optionSource(field: Record<string, unknown>, config: Record<string, unknown>): OptionsResult {
  const keys = keyMap(field, config);
  const dataType = config.dataType;
  if (dataType === 'dictionary') {
    const dictionaryType = typeof config.dictionaryType === 'string' ? config.dictionaryType : '';
    return { source: { from: 'dictionary', dictionaryType, ...keys }, ...(dictionaryType ? {} : { missing: 'dictionaryType' as const }) };
  }
  if (dataType === 'dynamic') {
    const interfaceId = typeof config.propsUrl === 'string' ? config.propsUrl : '';
    const templateJson = Array.isArray(config.templateJson) ? config.templateJson : [];
    return { source: { from: 'dataInterface', interfaceId, templateJson, ...keys }, ...(interfaceId ? {} : { missing: 'propsUrl' as const }) };
  }
  const slot = field.__slot__ as Record<string, unknown> | undefined;
  const raw = Array.isArray(field.options) ? field.options : Array.isArray(config.options) ? config.options : slot?.options;
  return { source: { from: 'static', options: mapOptions(raw, keys), ...keys } };
}

