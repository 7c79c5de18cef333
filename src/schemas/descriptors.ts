/**
 * The schema of schemas: TypeScript types of the descriptors authors write under schemas/
 * (and the visual-development API stores). They keep the product's own shape so real
 * exported definitions (../shared/corpus) are accepted as they are. The JSON meta-schemas
 * next to this file (*.schema.json) say the same for editors and for schema:check.
 *
 * Texts a person reads carry their other languages beside them: next to a text key `k`,
 * `k_i18n` holds `{ "zh-TW": "…", "en": "…" }` (src/runtime/i18n/texts.ts). The compiler
 * resolves them for one language; the author's own text is the fallback.
 */
import type { Translations } from '../runtime/i18n/texts';

export type { Translations };

/** One regList rule: a JS regex literal or source (`/^1[3-9]\d{9}$/`, `^\d+$`) or `@name` of a shared pattern. */
export interface RegRule {
  pattern: string;
  message?: string;
  message_i18n?: Translations;
}

/** The designer's per-field config (`__config__`). Many more designer keys may appear; they are carried along. */
export interface FieldConfigMeta {
  jnpfKey: string;
  label?: string;
  label_i18n?: Translations;
  showLabel?: boolean;
  required?: boolean;
  regList?: RegRule[] | null;
  /** Clients the field shows on ('pc', 'app'); absent = everywhere. */
  visibility?: string[] | null;
  /** Hidden in the form but still carried in the record. */
  noShow?: boolean;
  defaultValue?: unknown;
  /** Where options come from: 'static' (default), 'dictionary' or 'dynamic' (a data interface). */
  dataType?: 'static' | 'dictionary' | 'dynamic' | string;
  /** Dictionary type (enCode or id) when dataType is 'dictionary'. */
  dictionaryType?: string;
  /** Data-interface id when dataType is 'dynamic'. */
  propsUrl?: string;
  templateJson?: unknown[];
  /** Version-3 exports keep options and their key mapping here. */
  options?: unknown[];
  props?: { label?: string; value?: string; children?: string };
  span?: number;
  /** Containers (row, card, tab, collapse, tableGrid) and sub-tables (table) hold their children here. */
  children?: FieldConfig[];
  formId?: number | string;
  [designerKey: string]: unknown;
}

/** A field as the designer exports it: config, value name, then the component's own props. */
export interface FieldConfig {
  __config__: FieldConfigMeta;
  /** Field name in the record (storing kinds). */
  __vModel__?: string;
  /** Version-3 slot (options, prepend/append). */
  __slot__?: { options?: unknown[]; prepend?: string; append?: string; [k: string]: unknown };
  /** Tab and collapse panes carry their title (and collapse its name) at the top level. */
  title?: string;
  title_i18n?: Translations;
  name?: string;
  placeholder?: string;
  placeholder_i18n?: Translations;
  [prop: string]: unknown;
}

/** The designer's form config (formData). */
export interface FormData {
  formRef?: string;
  formModel?: string;
  size?: string;
  labelPosition?: 'left' | 'right' | 'top';
  labelWidth?: number;
  formRules?: string;
  gutter?: number;
  disabled?: boolean;
  span?: number;
  formBtns?: boolean;
  cancelButtonText?: string;
  cancelButtonText_i18n?: Translations;
  confirmButtonText?: string;
  confirmButtonText_i18n?: Translations;
  idGlobal?: number;
  popupType?: 'general' | 'drawer' | 'fullScreen';
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  hasPrintBtn?: boolean;
  printId?: string | string[];
  printButtonText?: string;
  printButtonText_i18n?: Translations;
  fields: FieldConfig[];
  [designerKey: string]: unknown;
}

/** A column, search field or sort entry: older exports carry {label, prop, jnpfKey}; newer the full field config too. */
export interface ListItem {
  prop?: string;
  label?: string;
  label_i18n?: Translations;
  jnpfKey?: string;
  __vModel__?: string;
  __config__?: Partial<FieldConfigMeta>;
  align?: 'left' | 'center' | 'right';
  width?: number | null;
  fixed?: 'left' | 'right' | 'none' | boolean | null;
  sortable?: boolean;
  /** Search: 1 equals, 2 contains, 3 range. */
  searchType?: 1 | 2 | 3;
  searchMultiple?: boolean;
  isKeyword?: boolean;
  [designerKey: string]: unknown;
}

export interface ButtonItem {
  value: string;
  label?: string;
  label_i18n?: Translations;
  icon?: string;
  [designerKey: string]: unknown;
}

/** The list config (columnData). */
export interface ColumnData {
  searchList?: ListItem[];
  columnList?: ListItem[];
  sortList?: ListItem[];
  /** 1 normal, 2 tree + table, 3 grouped, 4 inline-editable, 5 tree table. */
  type?: 1 | 2 | 3 | 4 | 5;
  defaultSidx?: string;
  sort?: 'asc' | 'desc';
  hasPage?: boolean;
  pageSize?: number;
  btnsList?: ButtonItem[];
  columnBtnsList?: ButtonItem[];
  customBtnsList?: ButtonItem[];
  useBtnPermission?: boolean;
  useColumnPermission?: boolean;
  useFormPermission?: boolean;
  useDataPermission?: boolean;
  treeTitle?: string;
  treeTitle_i18n?: Translations;
  treeDataSource?: string;
  treeDictionary?: string;
  treeRelationField?: string;
  groupField?: string;
  /** Tree table (type 5): the record field holding the parent record's id (default 'parentId'). */
  parentField?: string;
  [designerKey: string]: unknown;
}

/** A model page (menu type 3): form + list. formData / columnData may also arrive as JSON text (visualdev rows). */
export interface ModelDescriptor {
  $schema?: string;
  id: string;
  fullName: string;
  fullName_i18n?: Translations;
  enCode: string;
  category?: string;
  type?: number;
  description?: string;
  formData: FormData | string;
  columnData?: ColumnData | string | null;
}

/** A dictionary page (menu type 4): lists one dictionary type's entries. */
export interface DictionaryPageDescriptor {
  $schema?: string;
  id: string;
  fullName: string;
  fullName_i18n?: Translations;
  /** Dictionary type enCode or id. */
  dictionaryType: string;
  isTree?: boolean;
  description?: string;
}

export interface ReportColumn {
  prop: string;
  label: string;
  label_i18n?: Translations;
  align?: 'left' | 'center' | 'right';
  width?: number;
  /** Number format: 'integer', 'decimal2', 'percent', 'money' or none. */
  format?: string;
}

export interface ReportParam {
  field: string;
  label: string;
  label_i18n?: Translations;
  /** input, select, datePicker, dateRange. */
  jnpfKey: string;
  defaultValue?: unknown;
  options?: { label: string; label_i18n?: Translations; value: string | number }[];
}

/** A data report page (menu type 5): one data interface drawn as a table and a chart. */
export interface ReportPageDescriptor {
  $schema?: string;
  id: string;
  fullName: string;
  fullName_i18n?: Translations;
  interfaceId: string;
  columns: ReportColumn[];
  chart?: { type: 'bar' | 'line' | 'pie'; x: string; y: string | string[]; title?: string; title_i18n?: Translations } | null;
  params?: ReportParam[];
  description?: string;
}

export type PortalCardKind = 'number' | 'chart' | 'list' | 'shortcut' | 'notice';

export interface PortalCard {
  kind: PortalCardKind;
  /** Grid position and size (24 columns wide). */
  x: number;
  y: number;
  w: number;
  h: number;
  title: string;
  title_i18n?: Translations;
  interfaceId?: string;
  /** number: which field of the interface's reply; list/chart: which columns. */
  field?: string;
  unit?: string;
  unit_i18n?: Translations;
  chart?: { type: 'bar' | 'line' | 'pie'; x: string; y: string | string[] };
  columns?: ReportColumn[];
  /** shortcut: menu entries (enCode) or links. */
  links?: { label: string; label_i18n?: Translations; to: string; icon?: string }[];
  limit?: number;
}

/** A portal page (menu type 8): a grid of cards. */
export interface PortalPageDescriptor {
  $schema?: string;
  id: string;
  fullName: string;
  fullName_i18n?: Translations;
  layout: PortalCard[];
  description?: string;
}

/** `METHOD /api/path` with `{id}` (the row) and `{parentId}` (lazy children) placeholders. */
export type ResourceCall = string;

export interface ResourceCalls {
  list?: ResourceCall;
  /** Lazy trees: the children of one row (`{parentId}`); without it a tree list's reply carries them. */
  children?: ResourceCall;
  info?: ResourceCall;
  create?: ResourceCall;
  update?: ResourceCall;
  delete?: ResourceCall;
  state?: ResourceCall;
}

export interface ResourceAction {
  value: string;
  call?: ResourceCall;
  confirm?: string;
  confirm_i18n?: Translations;
  formData?: FormData;
  md5?: string[];
  open?: string;
  /** Single pages: 'form' sends the form's values as the body. */
  body?: 'form' | 'none';
  /** Single pages: the success message ({key} from the reply's data). */
  success?: string;
  success_i18n?: Translations;
}

/**
 * An admin screen bound to a REST resource (schemas/admin/*.json): the model descriptor's
 * formData and columnData drawn by the same renderers, rows read and written through `calls`.
 */
export interface ResourcePageDescriptor {
  id: string;
  fullName: string;
  fullName_i18n?: Translations;
  description?: string;
  calls: ResourceCalls;
  variants?: { field: string; value: string | number; calls: ResourceCalls }[];
  /** Option sources by name: a field with dataType 'dynamic' and propsUrl 'resource:<name>' reads this call. */
  sources?: Record<string, ResourceCall>;
  tree?: { call: ResourceCall; param: string; title?: string; title_i18n?: Translations };
  actions?: ResourceAction[];
  /** A settings page: one record (calls.info, calls.update), no list, no columnData. */
  single?: boolean;
  formData: FormData;
  columnData?: ColumnData;
}

export type DescriptorKind = 'model' | 'dictionary' | 'report' | 'portal' | 'resource';

export interface DescriptorByKind {
  model: ModelDescriptor;
  dictionary: DictionaryPageDescriptor;
  report: ReportPageDescriptor;
  portal: PortalPageDescriptor;
  resource: ResourcePageDescriptor;
}

/** The folder under schemas/ that holds each kind. */
export const DESCRIPTOR_FOLDERS: Record<DescriptorKind, string> = {
  model: 'models',
  dictionary: 'dictionaries',
  report: 'reports',
  portal: 'portals',
  resource: 'admin',
};

/** Top-level keys each kind allows (anything else is reported: a typo must not pass silently). */
export const DESCRIPTOR_TOP_KEYS: Record<DescriptorKind, readonly string[]> = {
  model: ['$schema', 'id', 'fullName', 'fullName_i18n', 'enCode', 'category', 'type', 'description', 'formData', 'columnData', 'sortCode', 'enabledMark'],
  dictionary: ['$schema', 'id', 'fullName', 'fullName_i18n', 'dictionaryType', 'isTree', 'description'],
  report: ['$schema', 'id', 'fullName', 'fullName_i18n', 'interfaceId', 'columns', 'chart', 'params', 'description'],
  portal: ['$schema', 'id', 'fullName', 'fullName_i18n', 'layout', 'description'],
  resource: ['$schema', 'id', 'fullName', 'fullName_i18n', 'description', 'calls', 'variants', 'sources', 'tree', 'actions', 'tools', 'single', 'formData', 'columnData'],
};
