import type { CompiledField, OptionItem } from '../../model/compiled';
import type { Locale, MessageKey } from '../../i18n';
import { plainText } from './format';

export type JsonSchema = Record<string, unknown>;

/** Where a kind sits: fields people fill, display-only items, the richer widgets, and server-filled fields. */
export type KindGroup = 'input' | 'display' | 'widget' | 'system';

/** Records another table holds; a value of such a kind stores their ids and shows their names. */
export type RefKind = 'user' | 'organize' | 'position' | 'role' | 'group' | 'area';

/**
 * How the list searches a kind when the list configuration does not say: `mode` is the
 * designer's searchType (equals 1, contains 2, range 3); `input` is what the search bar draws.
 */
export interface KindSearch {
  mode: 'equals' | 'contains' | 'range';
  input: 'text' | 'options' | 'number' | 'date' | 'time';
}

/** Names of referenced records by kind and id, as the server sends them beside raw records. */
export type RefNames = Partial<Record<RefKind, Record<string, string>>>;

/** What formatting a value for a person needs from outside the value: the language, option labels, names. */
export interface FormatContext {
  locale: Locale;
  /** The field's options: static ones from the compiled field, dictionary and interface ones as loaded by the caller. */
  options(field: CompiledField): readonly OptionItem[];
  /** The name of a referenced record (a user's realName/account, an organisation's fullName), if known. */
  refName(ref: RefKind, id: string): string | undefined;
}

/** What the server knows when it fills system fields (the caller and the clock). */
export interface FillContext {
  userId: string;
  now: number;
  /** The caller's company, department and main position (organisation ids). */
  companyId: string | null;
  departmentId: string | null;
  positionId: string | null;
}

/** Helpers the compiler hands to a kind's own compile step (sub-tables compile their columns with it). */
export interface CompileTools {
  columns(children: unknown, path: string, tableKey: string): CompiledField[];
  /** Reports a problem that refuses the definition (an expression outside the calculator's rule). */
  error(path: string, code: MessageKey, params?: Record<string, string | number>): void;
}

/**
 * Everything the platform knows about one field kind. Code elsewhere asks the definition
 * (`kindOf(kind).search`) and never keeps its own list of kinds.
 */
export interface KindDefinition {
  group: KindGroup;
  /** Older component keys meaning this kind (version 3: comInput → input). */
  aliases: readonly string[];
  /** Whether the kind has a value in the record (false: display only). */
  stores: boolean;
  /** For docs/SCHEMAS.md (generated): what is stored, and the default when the descriptor gives none. */
  doc: { stores: string; default: string };
  /** JSON Schema of the stored value given the field's normalised props; null stores nothing. Null is always allowed. */
  value(props: Record<string, unknown>): JsonSchema | null;
  /** Default value when the descriptor gives none. */
  defaultValue(props: Record<string, unknown>): unknown;
  /** The descriptor's own default, in this kind's stored form (a v3 switch's boolean becomes its active/inactive value). */
  coerceDefault(value: unknown, props: Record<string, unknown>): unknown;
  /** Kind-specific props normalisation after the generic one (renamed props, implied defaults). */
  normalise(props: Record<string, unknown>): void;
  /** Options come from static options, a dictionary or a data interface. */
  options: boolean;
  /**
   * How the stored value must match the field's options, whatever their source: 'one' allowed
   * value, 'items' (a list of allowed values), or null (not checked: paths, tree nodes, no options).
   */
  optionCheck(props: Record<string, unknown>): 'one' | 'items' | null;
  /** Extra constraints of the record schema from the field's props (maxLength, enum, minimum …). */
  constrain(schema: JsonSchema, field: CompiledField, objectSchema: (fields: CompiledField[]) => JsonSchema): void;
  /** The kind's own compile step after the generic one (a sub-table compiles its columns). */
  compile(field: CompiledField, config: Record<string, unknown>, path: string, tools: CompileTools): void;
  /** How the record store indexes, compares and sorts stored values. */
  index: 'text' | 'number';
  /** Default search of the list; null: the list cannot search it. */
  search: KindSearch | null;
  /** The list's keyword box searches it when the list names no keyword fields. */
  keyword: boolean;
  /** Its value holds ids of these records. */
  refs: RefKind | null;
  /** Usable as a relation field (one plain value: no sub-tables, files, rich text or signatures). */
  relatable: boolean;
  /** The value as a person reads it, in the context's language (list cell, detail, export, print). */
  format(value: unknown, field: CompiledField, ctx: FormatContext): string;
  /** The spreadsheet cell of an export (numbers stay numbers); default: the formatted text. */
  exportValue(value: unknown, field: CompiledField, ctx: FormatContext): string | number;
  /** A fixed set of values the kind itself offers (a switch's two states), for the search bar; null: none. */
  choices(field: CompiledField, locale: Locale): OptionItem[] | null;
  /** System kinds: what the server stores on create, and on update given the stored value. */
  fill: { create(ctx: FillContext): unknown; update(ctx: FillContext, stored: unknown): unknown } | null;
  /** The numbering rule (its code) whose next number the server stores in the field on create; null: none. */
  serialRule(field: CompiledField): string | null;
}

type Optional = 'serialRule' | 'choices' | 'aliases' | 'coerceDefault' | 'normalise' | 'options' | 'optionCheck' | 'constrain' | 'compile' | 'index' | 'search' | 'keyword' | 'refs' | 'relatable' | 'format' | 'exportValue' | 'fill' | 'defaultValue';

/** A kind definition with the common defaults filled in: text index, equals search, plain-text formatting. */
export function defineKind(def: Pick<KindDefinition, Exclude<keyof KindDefinition, Optional>> & Partial<Pick<KindDefinition, Optional>>): KindDefinition {
  const format = def.format ?? ((value: unknown) => plainText(value));
  return {
    aliases: [],
    choices: () => null,
    coerceDefault: (value) => value,
    normalise: () => undefined,
    options: false,
    optionCheck: () => null,
    constrain: () => undefined,
    compile: () => undefined,
    index: 'text',
    search: def.stores ? { mode: 'equals', input: 'text' } : null,
    keyword: false,
    refs: null,
    relatable: def.stores && def.group !== 'system',
    exportValue: format,
    fill: null,
    serialRule: () => null,
    defaultValue: () => null,
    ...def,
    format,
  };
}

export const nullable = (type: string | string[]): JsonSchema => ({ type: [...(Array.isArray(type) ? type : [type]), 'null'] });
export const stringValue = (): JsonSchema => nullable('string');
export const numberValue = (): JsonSchema => nullable('number');
export const scalarValue = (): JsonSchema => nullable(['string', 'number']);
export const arrayValue = (items?: JsonSchema): JsonSchema => ({ ...nullable('array'), ...(items ? { items } : {}) });
export const isMultiple = (props: Record<string, unknown>) => props.multiple === true;
/** A picker's value: one id, or a list of ids when multiple. */
export const pickValue = (props: Record<string, unknown>): JsonSchema => (isMultiple(props) ? arrayValue() : scalarValue());
export const fileListValue = (): JsonSchema => arrayValue({ type: 'object' });

/** maxlength (v3 and v5 spelling) → the record schema's maxLength. */
export function maxLengthFromProps(schema: JsonSchema, field: CompiledField): void {
  const maxlength = field.props.maxlength ?? field.props.maxLength;
  if (typeof maxlength === 'number' && maxlength > 0) schema.maxLength = maxlength;
}

/** min/max props → minimum/maximum. */
export function boundsFromProps(schema: JsonSchema, field: CompiledField): void {
  if (typeof field.props.min === 'number') schema.minimum = field.props.min;
  if (typeof field.props.max === 'number') schema.maximum = field.props.max;
}
