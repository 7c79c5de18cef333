/**
 * Compiled dictionary, report and portal pages (menu types 4, 5, 8): what renderers read.
 * Plain JSON like CompiledModel.
 */
export interface CompiledDictionaryPage {
  id: string;
  fullName: string;
  /** Dictionary type enCode or id; the page lists its entries. */
  dictionaryType: string;
  isTree: boolean;
}

export interface CompiledReportColumn {
  prop: string;
  label: string;
  align: 'left' | 'center' | 'right';
  width: number | null;
  format: 'integer' | 'decimal2' | 'percent' | 'money' | null;
}

export interface CompiledReportParam {
  field: string;
  label: string;
  kind: 'input' | 'select' | 'datePicker' | 'dateRange';
  defaultValue: unknown;
  options: { label: string; value: string | number }[];
}

export interface CompiledChart {
  type: 'bar' | 'line' | 'pie';
  x: string;
  /** One series per entry. */
  y: string[];
  title: string | null;
}

export interface CompiledReportPage {
  id: string;
  fullName: string;
  interfaceId: string;
  columns: CompiledReportColumn[];
  chart: CompiledChart | null;
  params: CompiledReportParam[];
}

export interface CompiledPortalCard {
  /** Stable id: `card-<index>`. */
  id: string;
  kind: 'number' | 'chart' | 'list' | 'shortcut' | 'notice';
  x: number;
  y: number;
  w: number;
  h: number;
  title: string;
  interfaceId: string | null;
  field: string | null;
  unit: string | null;
  chart: CompiledChart | null;
  columns: CompiledReportColumn[];
  links: { label: string; to: string; icon: string | null }[];
  limit: number;
}

export interface CompiledPortalPage {
  id: string;
  fullName: string;
  /** Cards sorted by row then column. */
  cards: CompiledPortalCard[];
}

/** The calls of an admin resource page: `METHOD /api/path` with {id} and {parentId} placeholders. */
export type ResourceCallName = 'list' | 'children' | 'info' | 'create' | 'update' | 'delete' | 'state';

export interface CompiledResourceAction {
  /** The customBtnsList value whose row button runs it. */
  value: string;
  call: string | null;
  /** In-app path to open instead of a call ({id} = the row). */
  open: string | null;
  /** A hand-written dialog (src/renderers/pages/resource-dialogs) opened on the row instead of a call. */
  dialog: string | null;
  confirm: string | null;
  /** A form (formData JSON text) whose values are the call's body. */
  formData: string | null;
  /** Body fields sent as md5 hex (passwords). */
  md5: string[];
  /** Single pages: 'form' sends the form's values as the body. */
  body: 'form' | 'none';
  /** Single pages: the success message, {key} from the reply's data. */
  success: string | null;
  /** Single pages: the call takes a chosen file; the reply's data.url becomes this form field's value. */
  upload: string | null;
  /** With upload: the file types offered. */
  accept: string | null;
}

/** An admin screen bound to a REST resource (schemas/admin/*.json), texts in one language. */
export interface CompiledResourcePage {
  id: string;
  fullName: string;
  calls: Partial<Record<ResourceCallName, string>>;
  /** Rows whose `field` holds `value` use these calls instead (departments among organisations). */
  variants: { field: string; value: string; calls: Partial<Record<ResourceCallName, string>> }[];
  /** Option sources by name (fields with propsUrl 'resource:<name>'). */
  sources: Record<string, string>;
  /** List type 2: the left tree's call and the list parameter a node sets. */
  tree: { call: string; param: string; title: string | null } | null;
  actions: CompiledResourceAction[];
  /** Page-level buttons above the list, each opening a hand-written dialog (an import). */
  tools: { value: string; label: string; dialog: string }[];
  /** A settings page: one record (calls.info, calls.update), no list. */
  single: boolean;
  /** The model parts as JSON text, compiled by the browser like a released definition (no columnData on a single page). */
  formData: string;
  columnData: string | null;
}
