import { translate } from '../i18n';
import type { CompiledField, CompiledRule, ShowWhen } from '../model/compiled';
import { canonicalKind as canonicalKindOf, kindOf, type FieldKind } from '../kinds';
import { isSharedPatternName, SHARED_PATTERNS, type SharedPattern } from '../validation/patterns';
import { type CompileContext, isRecord } from './context';
import { normaliseProps, optionSource } from './props';
import { parseRegex } from './regex';
import { isSafePattern } from './safe-regex';

/** __config__ keys a renderer needs, copied into props (the rest of __config__ is designer state). */
const CONFIG_PROPS = [
  'defaultCurrent', 'rule', 'ruleName', 'tableName', 'relationTable', 'showTitle', 'isStorage', 'transferList',
  'complexHeaderList', 'unique', 'tipLabel', 'startTimeRule', 'startTimeType', 'startTimeTarget', 'startTimeValue',
  'startRelationField', 'endTimeRule', 'endTimeType', 'endTimeTarget', 'endTimeValue', 'endRelationField',
] as const;

/** Visible on the pc client: visibility absent, or a list that names pc. */
export function visibleOnPc(visibility: unknown): boolean {
  if (visibility === undefined || visibility === null) return true;
  if (Array.isArray(visibility)) return visibility.includes('pc');
  if (typeof visibility === 'string') return visibility.split(',').map((s) => s.trim()).includes('pc');
  return true;
}

export function compileRules(regList: unknown, path: string, ctx: CompileContext, label = ''): CompiledRule[] {
  if (!Array.isArray(regList)) return [];
  const rules: CompiledRule[] = [];
  regList.forEach((item, j) => {
    const at = `${path}[${j}]`;
    if (!isRecord(item) || typeof item.pattern !== 'string' || !item.pattern.trim()) {
      ctx.error(`${at}.pattern`, 'compile.invalidRegex', { pattern: JSON.stringify(isRecord(item) ? (item.pattern ?? null) : item) });
      return;
    }
    const own = typeof item.message === 'string' && item.message ? item.message : null;
    if (item.pattern.startsWith('@')) {
      const name = item.pattern.slice(1);
      if (!isSharedPatternName(name)) {
        ctx.error(`${at}.pattern`, 'compile.unknownSharedPattern', { name });
        return;
      }
      const shared: SharedPattern = SHARED_PATTERNS[name];
      rules.push(own
        ? { pattern: shared.pattern, flags: shared.flags, message: own, shared: name }
        : { pattern: shared.pattern, flags: shared.flags, message: translate(ctx.locale, shared.messageKey), messageKey: shared.messageKey, shared: name });
      return;
    }
    const parsed = parseRegex(item.pattern);
    if (!parsed.ok) {
      ctx.error(`${at}.pattern`, 'compile.invalidRegex', { pattern: item.pattern });
      return;
    }
    // Patterns run on anonymous input (short links): one that can backtrack without end never compiles.
    if (!isSafePattern(parsed.pattern, parsed.flags)) {
      ctx.error(`${at}.pattern`, 'compile.unsafeRegex', { label: label || path, pattern: item.pattern });
      return;
    }
    rules.push(own
      ? { pattern: parsed.pattern, flags: parsed.flags, message: own }
      : { pattern: parsed.pattern, flags: parsed.flags, message: translate(ctx.locale, 'validation.pattern', { label }), messageKey: 'validation.pattern', messageParams: { label } });
  });
  return rules;
}

export interface FieldSite {
  path: string;
  /** Key of the sub-table holding this column, if any. */
  tableKey?: string;
  /** Key for fields without __vModel__. */
  generatedKey: string;
}

/** `__config__.showWhen` when well formed (the meta-schema reports a malformed one). */
function showWhenOf(raw: unknown): ShowWhen | null {
  if (!isRecord(raw) || typeof raw.field !== 'string' || !raw.field.trim() || !Array.isArray(raw.in)) return null;
  const values = raw.in.filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v));
  return { field: raw.field.trim(), in: values };
}

/** Compiles one field config of a known kind. Sub-table columns are compiled through compileColumns. */
export function compileField(raw: Record<string, unknown>, kind: FieldKind, sourceKey: string, site: FieldSite, ctx: CompileContext): CompiledField {
  const config = (isRecord(raw.__config__) ? raw.__config__ : {}) as Record<string, unknown>;
  const definition = kindOf(kind);
  const vModel = typeof raw.__vModel__ === 'string' && raw.__vModel__.trim() ? raw.__vModel__.trim() : null;
  const label = typeof config.label === 'string' ? config.label : '';
  let stores: boolean = definition.stores;
  if (stores && !vModel) {
    ctx.warn(`${site.path}.__vModel__`, 'compile.missingVModel', { label: label || sourceKey });
    stores = false;
  }
  const key = vModel ?? site.generatedKey;
  const system = definition.group === 'system';
  const props = normaliseProps(kind, raw);
  for (const name of CONFIG_PROPS) if (config[name] !== undefined && props[name] === undefined) props[name] = config[name];

  let defaultValue = config.defaultValue !== undefined ? definition.coerceDefault(config.defaultValue, props) : definition.defaultValue(props);
  if (defaultValue === undefined) defaultValue = null;

  let options: CompiledField['options'] = null;
  if (definition.options) {
    const result = optionSource(raw, config);
    options = result.source;
    if (result.missing) ctx.warn(`${site.path}.__config__.${result.missing}`, 'compile.missingOptionsSource', { dataType: String(config.dataType), key: result.missing });
  }

  const field: CompiledField = {
    key,
    kind,
    sourceKey,
    label,
    showLabel: config.showLabel !== false,
    stores,
    system,
    required: config.required === true && !system && stores,
    rules: compileRules(config.regList, `${site.path}.__config__.regList`, ctx, label),
    visiblePc: visibleOnPc(config.visibility),
    noShow: config.noShow === true,
    disabled: raw.disabled === true,
    readonly: raw.readonly === true || system,
    defaultValue: system ? null : defaultValue,
    options,
    props,
    permissionCode: site.tableKey ? `${site.tableKey}-${key}` : key,
    placeholder: typeof raw.placeholder === 'string' ? raw.placeholder : null,
    span: typeof config.span === 'number' ? config.span : 24,
  };
  // set only when written, so compiled models without it (and their snapshots) stay as they were
  const showWhen = showWhenOf(config.showWhen);
  if (showWhen) field.showWhen = showWhen;
  definition.compile(field, config, site.path, {
    columns: (children, path, tableKey) => compileColumns(children, path, tableKey, ctx),
    error: (path, code, params) => ctx.error(path, code, params),
  });
  return field;
}

/** Sub-table columns: fields only (a layout container or an unknown key inside a table is reported and left out). */
function compileColumns(children: unknown, path: string, tableKey: string, ctx: CompileContext): CompiledField[] {
  if (!Array.isArray(children)) return [];
  const columns: CompiledField[] = [];
  const seen = new Set<string>();
  children.forEach((child, i) => {
    const at = `${path}[${i}]`;
    const config = isRecord(child) && isRecord(child.__config__) ? child.__config__ : null;
    const sourceKey = config && typeof config.jnpfKey === 'string' ? config.jnpfKey : null;
    if (!config || !sourceKey) return ctx.warn(at, 'compile.missingKind');
    const kind = canonicalKindOf(sourceKey);
    if (!kind) return ctx.warn(`${at}.__config__.jnpfKey`, 'compile.unknownKind', { key: sourceKey });
    const column = compileField(child as Record<string, unknown>, kind, sourceKey, { path: at, tableKey, generatedKey: `${kind}${String(config.formId ?? i)}` }, ctx);
    if (column.stores && seen.has(column.key)) ctx.error(`${at}.__vModel__`, 'compile.duplicateVModel', { key: `${tableKey}.${column.key}` });
    seen.add(column.key);
    columns.push(column);
  });
  return columns;
}
