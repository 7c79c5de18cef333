import type { ContainerKind, FieldKind } from '../kinds';

/**
 * The compiled model: what the one pure compiler (src/runtime/compile) makes of a model
 * descriptor, and the only thing renderers (browser) and the record API (server) read.
 * It is plain JSON (no functions, no classes) so it can be snapshotted, diffed and sent
 * over the wire as it is.
 */
export interface CompiledModel {
  /** Model id (descriptor id or visualdev row id). */
  id: string;
  fullName: string;
  enCode: string;
  form: CompiledForm;
  list: CompiledList;
  detail: CompiledDetail;
  /** JSON Schema (draft 2020-12 subset ajv understands) of one record, used by both sides. */
  recordSchema: RecordSchema;
  /** Every permission code the model uses, for the permission editor and the server's filters. */
  permissionCodes: { button: string[]; column: string[]; form: string[] };
  /** Whether permission judging is on, per area (columnData.useBtnPermission …). */
  usePermission: { button: boolean; column: boolean; form: boolean; data: boolean };
}

export interface CompiledForm {
  /** Fields by key. Storing fields use their __vModel__; display-only fields get a generated key. */
  fields: Record<string, CompiledField>;
  /** The layout tree in order: containers and references to fields. */
  layout: LayoutNode[];
  /** Default value of every storing field (system fields excluded: the server fills them). */
  defaults: Record<string, unknown>;
  labelWidth: number;
  labelPosition: 'left' | 'right' | 'top';
  size: string | null;
  gutter: number;
  /** Where add/edit opens: dialog, drawer or full page, and how wide. */
  popupType: 'general' | 'drawer' | 'fullScreen';
  popupWidth: string;
  confirmButtonText: string | null;
  cancelButtonText: string | null;
}

export type LayoutNode =
  | { node: 'field'; key: string; span: number }
  | { node: 'container'; kind: Extract<ContainerKind, 'row' | 'card' | 'tableGrid'>; id: string; span: number; title: string | null; props: Record<string, unknown>; children: LayoutNode[] }
  | { node: 'panes'; kind: Extract<ContainerKind, 'tab' | 'collapse'>; id: string; span: number; title: string | null; props: Record<string, unknown>; panes: LayoutPane[] }
  /** A component key the runtime does not know: rendered as a visible placeholder naming it. */
  | { node: 'unknown'; sourceKey: string; id: string; span: number; label: string | null };

export interface LayoutPane {
  title: string;
  name: string;
  children: LayoutNode[];
}

/** A field shown only while another field of its form holds one of some values (`__config__.showWhen`). */
export interface ShowWhen {
  field: string;
  in: (string | number | boolean)[];
}

export interface CompiledField {
  key: string;
  kind: FieldKind;
  /** The component key as written in the descriptor (comInput, input, …), for diagnostics. */
  sourceKey: string;
  label: string;
  showLabel: boolean;
  /** Stores a value in the record (false for display-only kinds). */
  stores: boolean;
  /** Filled by the server (created by/at, modified by/at, current organisation/department/position). */
  system: boolean;
  required: boolean;
  /** Validation rules in order; messages are the descriptor's own (regList) or the shared pattern's. */
  rules: CompiledRule[];
  /** Shown on the pc client (visibility absent or includes 'pc'). */
  visiblePc: boolean;
  /** Hidden in the form but still carried in the record (noShow). */
  noShow: boolean;
  /** Shown only while field `field` holds one of `in` (display only; absent: always shown). */
  showWhen?: ShowWhen;
  disabled: boolean;
  readonly: boolean;
  defaultValue: unknown;
  /** Where options come from, for kinds that have options. */
  options: OptionSource | null;
  /** The kind's own props, normalised (kebab-case keys of version 3 become camelCase). */
  props: Record<string, unknown>;
  /** Permission code of the field in form and column permission lists. */
  permissionCode: string;
  /** Inline sub-table columns (kind 'table'). */
  columns?: CompiledField[];
  placeholder: string | null;
  span: number;
}

export interface CompiledRule {
  /** JavaScript regular expression source and flags. */
  pattern: string;
  flags: string;
  /** The descriptor's own message verbatim; for a shared pattern without one, its zh-CN text. */
  message: string;
  /** Set when the message is generated (shared pattern): translate this key to show the user's language. */
  messageKey?: string;
  messageParams?: Record<string, string | number>;
  /** Name of the shared pattern (spec 5.1) when the rule was written as `@name`. */
  shared?: string;
}

export type OptionSource =
  | { from: 'static'; options: OptionItem[]; labelKey: string; valueKey: string; childrenKey: string }
  | { from: 'dictionary'; dictionaryType: string; labelKey: string; valueKey: string; childrenKey: string }
  | { from: 'dataInterface'; interfaceId: string; templateJson: unknown[]; labelKey: string; valueKey: string; childrenKey: string };

export interface OptionItem {
  label: string;
  value: string | number;
  children?: OptionItem[];
  disabled?: boolean;
}

export interface CompiledList {
  /** 1 normal, 2 tree + table, 3 grouped, 4 inline-editable, 5 tree table. */
  type: 1 | 2 | 3 | 4 | 5;
  columns: CompiledColumn[];
  searchFields: CompiledSearchField[];
  /** Fields the keyword box searches (isKeyword, else every text column). */
  keywordFields: string[];
  buttons: CompiledButton[];
  rowButtons: CompiledButton[];
  hasPage: boolean;
  pageSize: number;
  defaultSort: { field: string | null; order: 'asc' | 'desc' };
  groupField: string | null;
  /**
   * Type 2: the left tree (dictionary) and the field a node filters on. Type 5: the same keys,
   * plus parentField, the record key holding the parent record's id (columnData.parentField,
   * default 'parentId'); it need not be a form field.
   */
  tree: { title: string; dataSource: string; dictionary: string | null; relationField: string | null; parentField?: string } | null;
}

export interface CompiledColumn {
  prop: string;
  label: string;
  kind: FieldKind | null;
  align: 'left' | 'center' | 'right';
  width: number | null;
  fixed: 'left' | 'right' | null;
  sortable: boolean;
  permissionCode: string;
}

export interface CompiledSearchField {
  prop: string;
  label: string;
  kind: FieldKind | null;
  /** 1 equals, 2 fuzzy (contains), 3 range. */
  searchType: 1 | 2 | 3;
  multiple: boolean;
}

export interface CompiledButton {
  /** add, download, batchRemove, edit, remove, detail, or a custom value. */
  value: string;
  label: string;
  icon: string | null;
  /** btn_<value>: the code checked against the user's button permissions. */
  permissionCode: string;
  /** i18n key of the label when the compiler supplied a default button (btn.add …). */
  labelKey?: string;
}

export interface CompiledDetail {
  popupType: 'general' | 'drawer' | 'fullScreen';
  generalWidth: string;
  fullScreenWidth: string;
  drawerWidth: string;
  hasPrintBtn: boolean;
  printId: string[];
  printButtonText: string;
}

/** A JSON Schema object; kept loose here so the runtime needs no JSON Schema library types. */
export type RecordSchema = Record<string, unknown>;

/** A problem found while compiling, naming the file and the JSON path. */
export interface CompileProblem {
  file: string;
  path: string;
  message: string;
  severity: 'error' | 'warning';
  /** Stable i18n key of the problem (compile.brokenColumn …), for tests and tools. */
  code?: string;
}

/** The validator behind an interface: ajv in practice, the same instance type on both sides. */
export interface RecordValidator {
  validate(model: CompiledModel, record: Record<string, unknown>, mode: 'create' | 'update'): FieldError[];
}

export interface FieldError {
  /** Field key, or `table.rowIndex.column` inside a sub-table. */
  field: string;
  message: string;
}

/** Whether a field with `showWhen` shows for the controlling field's value (numbers and their text compare equal: a select may hold either). */
export function shownFor(showWhen: ShowWhen | undefined, value: unknown): boolean {
  if (!showWhen) return true;
  return showWhen.in.some((v) => v === value || (value !== null && value !== undefined && String(v) === String(value)));
}
